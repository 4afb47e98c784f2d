import { useQuery } from '@tanstack/react-query';
import { caseThreadKey, getCaseThread } from '../../../shared/api/case-thread.ts';

/** A case's comments, oldest first (GET /api/case/comment/list?caseId=). */
export const useThread = (caseId: string | null) =>
  useQuery({
    queryKey: caseThreadKey(caseId ?? ''),
    queryFn: () => getCaseThread(caseId!),
    enabled: Boolean(caseId),
  });
