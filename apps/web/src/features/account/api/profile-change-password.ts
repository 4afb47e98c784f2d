import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

type Changed = { signInAgain: true };

/**
 * POST /api2/user/password: every session ends, this one too (the caller signs in again), so nothing is refetched
 * with the spent token. Silent: the dialog shows refusals.
 */
export const changePassword = (body: ChangePasswordBody): Promise<Changed> =>
  request<Changed>({ host: 'account', method: 'POST', path: '/api2/user/password', body, silent: true });

export const useChangePassword = () =>
  useMutation<Changed, Error, ChangePasswordBody>({ mutationFn: changePassword });
