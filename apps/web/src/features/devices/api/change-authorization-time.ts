import type { z } from 'zod';
import type { editAuthBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type ChangeAuthorizationTimeBody = z.input<typeof editAuthBody>;

/** A new end for one authorization: PUT /api2/device/scan/auth. */
export const changeAuthorizationTime = (body: ChangeAuthorizationTimeBody): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'PUT', path: '/api2/device/scan/auth', body });

export const useChangeAuthorizationTime = (config?: MutationConfig<typeof changeAuthorizationTime>) =>
  useDeviceMutation(changeAuthorizationTime, config);
