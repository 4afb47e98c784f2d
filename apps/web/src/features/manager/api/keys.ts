import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every registry query lives under this key, and every registry change refreshes all of them. */
export const REGISTRY_KEY = ['registry'] as const;

/** A registry change: every registry query is refreshed after it succeeds, then the caller's `onSuccess` runs. */
export const useRegistryMutation = <A, R>(
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(REGISTRY_KEY, call, config);
