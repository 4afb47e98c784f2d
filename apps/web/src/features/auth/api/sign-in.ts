import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type SignInBody = z.input<typeof loginBody>;
/** Where the provider continues after the form was accepted. */
export interface SignInAnswer {
  redirectTo: string;
}

/**
 * The sign-in form of an OIDC interaction: POST <base>login/:uid (the page's own path). Silent: the page
 * shows refusals on the form.
 */
export const signIn = (uid: string, body: SignInBody): Promise<SignInAnswer> =>
  request<SignInAnswer>({
    host: 'origin',
    method: 'POST',
    path: `${import.meta.env.BASE_URL}login/${encodeURIComponent(uid)}`,
    body,
    auth: false,
    silent: true,
  });

export const useSignIn = () =>
  useMutation<SignInAnswer, Error, { uid: string; body: SignInBody }>({
    mutationFn: ({ uid, body }) => signIn(uid, body),
  });
