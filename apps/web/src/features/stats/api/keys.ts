import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every statistics query lives under this key. */
export const STATS_KEY = ['stats'] as const;
/** The caller's thresholds and time zone. */
export const STATS_SETTINGS_KEY = [...STATS_KEY, 'settings'] as const;

/** A change that refreshes the queries under `root` (the settings, or every figure after a recount). */
export const useStatsMutation = <A, R>(
  root: readonly unknown[],
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(root, call, config);
