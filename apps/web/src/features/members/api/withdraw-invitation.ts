import { request } from '../../../shared/api-client.ts';
import { useMembersMutation, type MutationConfig } from './keys.ts';

/** Withdraws a pending invitation (owners): DELETE /api2/cust/user/invitation/{id}. */
export const withdrawInvitation = (id: string): Promise<{ id: string }> =>
  request<{ id: string }>({
    host: 'account',
    method: 'DELETE',
    path: `/api2/cust/user/invitation/${encodeURIComponent(id)}`,
  });

export const useWithdrawInvitation = (config?: MutationConfig<typeof withdrawInvitation>) =>
  useMembersMutation(withdrawInvitation, config);
