import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAttention } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { HOME_KEY } from './keys.ts';

/** The network, latest cases and what needs attention: GET /api/stats/attention (not filtered). */
export const getAttention = (custId?: string): Promise<DashboardAttention> =>
  request<DashboardAttention>({
    host: 'account',
    path: '/api/stats/attention',
    query: { custId },
    silent: true,
  });

export const attentionQueryKey = (custId?: string) => [...HOME_KEY, 'attention', custId ?? null] as const;

/** Fetched once per organization shown, not on every change of the filters. */
export const useAttention = (custId: string | undefined, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: attentionQueryKey(custId),
      queryFn: () => getAttention(custId),
      enabled,
      staleTime: 60_000,
    }),
  );
