import type { UseMutationOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every order-form query lives under this key, and every change to the form refreshes them. */
export const ORDERS_KEY = ['orders'] as const;
/** The lab's own form: the draft and the published version. */
export const ORDER_FORM_KEY = [...ORDERS_KEY, 'form'] as const;

/** A change to the form: the form is fetched again after it succeeds, then `onSuccess` runs. */
export const useOrderMutation = <A, R>(
  call: (args: A) => Promise<R>,
  config?: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>,
) => useRefreshingMutation(ORDER_FORM_KEY, call, config);
