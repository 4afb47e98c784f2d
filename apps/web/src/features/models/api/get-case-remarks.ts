import { useQuery } from '@tanstack/react-query';
import type { CaseComment } from '@archway/contract';
import { caseThreadKey, getCaseThread } from '../../../shared/api/case-thread.ts';

/** A remark pinned to the case's scan, as the share dialog offers it to the patient. */
export type CaseRemark = Pick<CaseComment, 'id' | 'text' | 'custName' | 'createTime'>;

/**
 * The case's remarks pinned to the scan (the thread's comments with an anchor), oldest first: what a share link may
 * show the patient. Read through the thread's own query (shared/api/case-thread.ts), so a page that shows the
 * conversation too makes one request.
 */
export const useCaseRemarks = (caseId: string) =>
  useQuery({
    queryKey: caseThreadKey(caseId),
    queryFn: () => getCaseThread(caseId),
    select: (comments): CaseRemark[] =>
      comments
        .filter((c) => c.anchor && c.text.trim())
        .map(({ id, text, custName, createTime }) => ({ id, text, custName, createTime })),
  });
