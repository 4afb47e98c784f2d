import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every case query lives under this key, and every case change refreshes all of them. */
export const CASES_KEY = ['cases'] as const;

/** A case change: every case query (lists, bin, detail) is refreshed after it succeeds, then `onSuccess` runs. */
export const useCaseMutation = <A, R>(
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(CASES_KEY, call, config);
