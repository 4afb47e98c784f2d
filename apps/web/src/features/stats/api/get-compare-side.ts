import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompareQuery, CompareSide } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_KEY } from './keys.ts';

/** One side of the comparison (indicators, every month, devices): GET /api/stats/compare. */
export const getCompareSide = (query: CompareQuery): Promise<CompareSide> =>
  request<CompareSide>({ host: 'account', path: '/api/stats/compare', query: { ...query } });

export const useCompareSide = (query: CompareQuery) =>
  useQuery({
    queryKey: [...STATS_KEY, 'compare', query] as const,
    queryFn: () => getCompareSide(query),
    placeholderData: keepPreviousData,
  });
