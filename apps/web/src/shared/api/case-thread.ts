import type { CaseComment } from '@archway/contract';
import { request } from '../api-client.ts';
import { REALTIME_KEYS } from '../realtime/hub.ts';

/**
 * A case's thread, read by two features on one page: the conversation (features/comments) and the remarks pinned to
 * the scan (features/cases). One key and one request for both: two queries of the same address would be one
 * in-flight request twice, and the request layer cancels the second ("the same request was sent again"). Under the
 * comments' key, so a posted comment and the realtime `NewReply` refresh it.
 */
export const caseThreadKey = (caseId: string) => [...REALTIME_KEYS.comments, 'thread', caseId] as const;

/** GET /api/case/comment/list?caseId=: the case's comments, oldest first. */
export const getCaseThread = (caseId: string): Promise<CaseComment[]> =>
  request<CaseComment[]>({ host: 'case', path: '/api/case/comment/list', query: { caseId } });
