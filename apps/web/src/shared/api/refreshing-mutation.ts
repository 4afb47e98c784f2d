import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

/** A mutation's options as a caller of an operation hook may give them (the call itself is fixed). */
export type MutationConfig<Fn extends (args: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

/**
 * A change in one domain: every query under the domain's root key is refreshed after it succeeds,
 * then the caller's `onSuccess` runs. Each feature's `api/keys.ts` binds its root key.
 */
export function useRefreshingMutation<A, R>(
  rootKey: QueryKey,
  call: (args: A) => Promise<R>,
  config: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<R, Error, A>({
    ...rest,
    mutationFn: call,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: rootKey });
      await onSuccess?.(...args);
    },
  });
}
