import type { StatsSettings } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_KEY, useStatsMutation, type MutationConfig } from './keys.ts';

/**
 * An owner sets the organization's time zone, which recounts its statistics: PUT /api/stats/timezone. Every
 * statistics query refreshes after it.
 */
export const setTimeZone = (timeZone: string): Promise<StatsSettings> =>
  request<StatsSettings>({
    host: 'account',
    method: 'PUT',
    path: '/api/stats/timezone',
    body: { timeZone },
    timeout: 30_000,
  });

export const useSetTimeZone = (config?: MutationConfig<typeof setTimeZone>) =>
  useStatsMutation(STATS_KEY, setTimeZone, config);
