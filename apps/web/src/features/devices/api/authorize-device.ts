import type { z } from 'zod';
import type { authorizeBody, batchResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type AuthorizeBody = z.input<typeof authorizeBody>;
export type BatchAnswer = z.infer<typeof batchResult>;

/** Authorize (lend) to organizations until an expiry: POST /api2/device/scan/auth. Silent: refusals show at their field. */
export const authorizeDevice = (body: AuthorizeBody): Promise<BatchAnswer> =>
  request<BatchAnswer>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/auth',
    body,
    silent: true,
  });

export const useAuthorizeDevice = (config?: MutationConfig<typeof authorizeDevice>) =>
  useDeviceMutation(authorizeDevice, config);
