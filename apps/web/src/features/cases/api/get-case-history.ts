import { useQuery } from '@tanstack/react-query';
import type { CaseDetail, CaseHistory } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getCaseDetailQueryKey } from './get-case-detail.ts';
import { CASES_KEY } from './keys.ts';

/**
 * GET /api/case/history?id=: what happened to the case, newest first (issue 32). Silent: the History tab shows a
 * failure in its place. Under the cases key, so every case change and the realtime bridge's `caseChanged` and
 * `Task` refresh it.
 */
export const getCaseHistory = (id: string): Promise<CaseHistory> =>
  request<CaseHistory>({ host: 'case', path: '/api/case/history', query: { id }, silent: true });

export const getCaseHistoryQueryKey = (id: string) => [...CASES_KEY, 'history', id] as const;

export const useCaseHistory = (id: string | null) =>
  useQuery({
    queryKey: getCaseHistoryQueryKey(id ?? ''),
    queryFn: () => getCaseHistory(id ?? ''),
    enabled: Boolean(id),
  });

/**
 * The case page's detail: the same query (and key) as `useCaseDetail`, asked silently, since the page shows a
 * refusal (`case.notFound`: a copy the person cannot see) in its place instead of a toast over it.
 */
export const useCasePageDetail = (id: string) =>
  useQuery({
    queryKey: getCaseDetailQueryKey(id),
    queryFn: () =>
      request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(id)}`, silent: true }),
    enabled: Boolean(id),
  });
