import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every device query lives under this key, and every device change refreshes all of them. */
export const DEVICES_KEY = ['devices'] as const;

/** A device change: every device query is refreshed after it succeeds, then the caller's `onSuccess` runs. */
export const useDeviceMutation = <A, R>(
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(DEVICES_KEY, call, config);
