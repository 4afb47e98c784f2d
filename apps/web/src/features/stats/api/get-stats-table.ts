import type { z } from 'zod';
import type { paged, statsRow, StatsSorts } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_KEY } from './keys.ts';

export type StatsSort = (typeof StatsSorts)[number];

/** The table's filters and order (`statsExportQuery` without the format). */
export interface StatsFilter {
  custId?: string;
  partnerId?: string;
  /** Months `YYYY-MM`, inclusive. */
  from?: string;
  to?: string;
  sort: StatsSort;
  order: 'asc' | 'desc';
}

export type StatsPage = z.infer<ReturnType<typeof paged<typeof statsRow>>>;

/** One page of product §3's statistics rows, sorted on the server: GET /api/stats/table. */
export const getStatsTable = (
  query: StatsFilter & { pageIndex: number; pageSize: number },
): Promise<StatsPage> =>
  request<StatsPage>({ host: 'account', path: '/api/stats/table', query: { ...query } });

export const statsTableQueryKey = [...STATS_KEY, 'table'] as const;
