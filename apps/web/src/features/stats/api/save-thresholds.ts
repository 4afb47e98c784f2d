import type { StatsSettings, StatsThresholds } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { STATS_SETTINGS_KEY, useStatsMutation, type MutationConfig } from './keys.ts';

/** Keeps the caller's abnormal-upload and difference thresholds (null: none): PUT /api/stats/thresholds. */
export const saveThresholds = (body: StatsThresholds): Promise<StatsSettings> =>
  request<StatsSettings>({ host: 'account', method: 'PUT', path: '/api/stats/thresholds', body });

export const useSaveThresholds = (config?: MutationConfig<typeof saveThresholds>) =>
  useStatsMutation(STATS_SETTINGS_KEY, saveThresholds, config);
