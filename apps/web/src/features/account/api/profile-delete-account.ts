import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api-client.ts';

type Deleted = { deleted: true };

/**
 * POST /api2/user/delete, confirmed by the password; the session ends with the account, so nothing is refetched.
 * Silent: the dialog shows refusals.
 */
export const deleteAccount = (password: string): Promise<Deleted> =>
  request<Deleted>({
    host: 'account',
    method: 'POST',
    path: '/api2/user/delete',
    body: { password },
    silent: true,
  });

export const useDeleteAccount = () => useMutation<Deleted, Error, string>({ mutationFn: deleteAccount });
