import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type RegisterInput = z.input<typeof registerBody>;

/** POST /user/register: the new account; its confirmation link is mailed. Silent: the form shows refusals. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterInput) =>
      request<{ userId: string; username: string; email: string }>({
        method: 'POST',
        path: '/user/register',
        body,
        auth: false,
        silent: true,
      }),
  });

/** POST /user/password/forgot: the same answer whether or not the address has an account. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) =>
      request<{ sent: boolean }>({
        method: 'POST',
        path: '/user/password/forgot',
        body: { email },
        auth: false,
        silent: true,
      }),
  });

/** POST /user/password/reset with the mailed token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      request<{ reset: boolean }>({
        method: 'POST',
        path: '/user/password/reset',
        body,
        auth: false,
        silent: true,
      }),
  });

/** POST /user/email/confirm {token}: the mailed link, followed once per token (a second ask would find it used). */
export const useConfirmEmail = (token: string) =>
  useQuery({
    queryKey: ['account', 'confirmEmail', token],
    queryFn: () =>
      request<{ username: string; email: string }>({
        method: 'POST',
        path: '/user/email/confirm',
        body: { token },
        auth: false,
        silent: true,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
