import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';

/** The personal centre's queries: the profile (`GET /api2/user`) and the top bar's `currentUser`. */
export const PROFILE_KEY = ['profile'] as const;

export type ProfileMutationConfig<A, R> = Omit<UseMutationOptions<R, Error, A>, 'mutationFn'>;

/** A change to the signed-in person: the profile and the top bar's user are refreshed after it succeeds. */
export function useProfileMutation<A, R>(
  call: (args: A) => Promise<R>,
  config: ProfileMutationConfig<A, R> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<R, Error, A>({
    ...rest,
    mutationFn: call,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['currentUser'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
