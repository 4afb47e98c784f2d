import { request } from '../../../shared/api-client.ts';
import { useMembersMutation, type MutationConfig } from './keys.ts';

/** Removes a member (owners), or leaves the organization (your own id): DELETE /api2/cust/user/{id}. */
export const removeMember = (userId: string): Promise<{ userId: string }> =>
  request<{ userId: string }>({
    host: 'account',
    method: 'DELETE',
    path: `/api2/cust/user/${encodeURIComponent(userId)}`,
  });

export const useRemoveMember = (config?: MutationConfig<typeof removeMember>) =>
  useMembersMutation(removeMember, config);
