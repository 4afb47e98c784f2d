import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, StatsRange } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { HOME_KEY } from './keys.ts';

/** `dashboardQuery` as the web sends it (absent: every case type, every partner, the caller's organization). */
export interface DashboardInput {
  range: StatsRange;
  caseType?: number;
  partnerId?: string;
  custId?: string;
}

/** The home dashboard: GET /api/stats/dashboard. */
export const getDashboard = (query: DashboardInput): Promise<Dashboard> =>
  request<Dashboard>({ host: 'account', path: '/api/stats/dashboard', query: { ...query }, silent: true });

export const dashboardQueryKey = (query: DashboardInput) => [...HOME_KEY, 'dashboard', query] as const;

/** The figures of the chosen filters; the previous figures stay on screen while others load. */
export const useDashboard = (query: DashboardInput, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: dashboardQueryKey(query),
      queryFn: () => getDashboard(query),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
