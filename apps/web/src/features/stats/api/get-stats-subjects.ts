import { useQuery } from '@tanstack/react-query';
import type { StatsSubjects } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_KEY } from './keys.ts';

/**
 * The organizations whose figures the caller may see (its own first, then a parent account's children) and the
 * partners of `custId` (default: its own) to filter by: GET /api/stats/subjects.
 */
export const getStatsSubjects = (custId?: string): Promise<StatsSubjects> =>
  request<StatsSubjects>({ host: 'account', path: '/api/stats/subjects', query: { custId } });

export const useStatsSubjects = (custId?: string) =>
  useQuery({
    queryKey: [...STATS_KEY, 'subjects', custId ?? ''] as const,
    queryFn: () => getStatsSubjects(custId),
    staleTime: 60_000,
  });
