import { useQuery } from '@tanstack/react-query';
import type { CaseDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CASES_KEY } from './keys.ts';

/** GET /detail/{id}: every field of a case (product §2). */
export const getCaseDetail = (id: string): Promise<CaseDetail> =>
  request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(id)}` });

export const getCaseDetailQueryKey = (id: string) => [...CASES_KEY, 'detail', id] as const;

export const useCaseDetail = (id: string | null) =>
  useQuery({
    queryKey: getCaseDetailQueryKey(id ?? ''),
    queryFn: () => getCaseDetail(id ?? ''),
    enabled: Boolean(id),
  });
