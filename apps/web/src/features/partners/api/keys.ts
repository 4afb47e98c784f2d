import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every partner and cooperation query lives under this key, and every cooperation change refreshes them all. */
export const PARTNERS_KEY = ['partners'] as const;

export const usePartnerMutation = <A, R>(
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(PARTNERS_KEY, call, config);
