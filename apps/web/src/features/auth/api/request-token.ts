import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tokenBody, tokenResponse } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type TokenBody = z.input<typeof tokenBody>;
export type TokenAnswer = z.infer<typeof tokenResponse>;

/** A token for a username and password: POST /account/token (simulate-login). Silent: the dialog shows refusals. */
export const requestToken = (body: TokenBody): Promise<TokenAnswer> =>
  request<TokenAnswer>({
    host: 'main',
    method: 'POST',
    path: '/account/token',
    body,
    auth: false,
    silent: true,
  });

export const useRequestToken = () => useMutation<TokenAnswer, Error, TokenBody>({ mutationFn: requestToken });
