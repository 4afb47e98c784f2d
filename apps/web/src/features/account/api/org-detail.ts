import { useQuery, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useToken } from '../../../shared/auth/use-token.ts';

export type { MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** Every query of the organization tab lives under this key. */
export const ORG_KEY = ['organization'] as const;

/** `GET /api2/cust`: the caller's organization with its certification, the caller's role and actions. */
export const getOrganization = (): Promise<OrgDetail> =>
  request<OrgDetail>({ host: 'account', path: '/api2/cust', silent: true });

export const getOrganizationQueryKey = () => [...ORG_KEY, 'detail'] as const;

/** The organization, only when the user has one (`hasOrg`): without one the call answers `cust.missing`. */
export function useOrganization(hasOrg: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: getOrganizationQueryKey(),
    queryFn: getOrganization,
    enabled: Boolean(token) && hasOrg,
    staleTime: 30_000,
  });
}

/**
 * A change to the organization: the organization tab, the current user (top bar: name, status, type) and the
 * customer summary are refreshed after it succeeds, then the caller's `onSuccess` runs.
 */
export function useOrgMutation<A, R>(
  call: (args: A) => Promise<R>,
  config: Omit<UseMutationOptions<R, Error, A>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<R, Error, A>({
    ...rest,
    mutationFn: call,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ORG_KEY }),
        queryClient.invalidateQueries({ queryKey: ['currentUser'] }),
        queryClient.invalidateQueries({ queryKey: ['customer'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
