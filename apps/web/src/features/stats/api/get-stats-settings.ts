import { useQuery } from '@tanstack/react-query';
import type { StatsSettings } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_SETTINGS_KEY } from './keys.ts';

/** The caller's thresholds and its organization's time zone: GET /api/stats/settings. */
export const getStatsSettings = (): Promise<StatsSettings> =>
  request<StatsSettings>({ host: 'account', path: '/api/stats/settings' });

export const useStatsSettings = () =>
  useQuery({ queryKey: STATS_SETTINGS_KEY, queryFn: getStatsSettings, staleTime: 60_000 });
