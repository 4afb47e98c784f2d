import { useQuery } from '@tanstack/react-query';
import type { CaseComment } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { threadKey } from './keys.ts';

/** A case's comments, oldest first: GET /api/case/comment/list?caseId=. */
export const getThread = (caseId: string): Promise<CaseComment[]> =>
  request<CaseComment[]>({ host: 'case', path: '/api/case/comment/list', query: { caseId } });

export const useThread = (caseId: string | null) =>
  useQuery({
    queryKey: threadKey(caseId ?? ''),
    queryFn: () => getThread(caseId!),
    enabled: Boolean(caseId),
  });
