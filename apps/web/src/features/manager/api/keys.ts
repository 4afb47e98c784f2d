import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';

/**
 * What every registry operation file shares: the root query key (every registry query lives under it,
 * and every registry change refreshes all of them) and the mutation hook they are built on.
 */
export const REGISTRY_KEY = ['registry'] as const;

/** A mutation's options as a caller of an operation hook may give them (the call itself is fixed). */
export type MutationConfig<Fn extends (args: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

/** A registry change: every registry query is refreshed after it succeeds, then the caller's `onSuccess` runs. */
export function useRegistryMutation<A, R>(
  call: (args: A) => Promise<R>,
  config: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<R, Error, A>({
    ...rest,
    mutationFn: call,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: REGISTRY_KEY });
      await onSuccess?.(...args);
    },
  });
}
