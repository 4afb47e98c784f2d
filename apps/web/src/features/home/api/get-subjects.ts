import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsSubjects } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { HOME_KEY } from './keys.ts';

/**
 * The organizations whose figures the caller may see (its own first) and the partners of `custId` (absent: its own)
 * to filter by: GET /api/stats/subjects.
 */
export const getSubjects = (custId?: string): Promise<StatsSubjects> =>
  request<StatsSubjects>({ host: 'account', path: '/api/stats/subjects', query: { custId }, silent: true });

export const useSubjects = (custId?: string, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...HOME_KEY, 'subjects', custId ?? null] as const,
      queryFn: () => getSubjects(custId),
      enabled,
      staleTime: 5 * 60_000,
    }),
  );
