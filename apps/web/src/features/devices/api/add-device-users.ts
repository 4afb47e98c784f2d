import type { z } from 'zod';
import type { addDeviceUserBody, batchResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type AddDeviceUsersBody = z.input<typeof addDeviceUserBody>;

/**
 * Add people by username or e-mail until an end: POST /api2/device/scan/v2/user. Silent: the dialog
 * shows each person's outcome, also when all of them failed.
 */
export const addDeviceUsers = (body: AddDeviceUsersBody): Promise<z.infer<typeof batchResult>> =>
  request<z.infer<typeof batchResult>>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/v2/user',
    body,
    silent: true,
  });

export const useAddDeviceUsers = (config?: MutationConfig<typeof addDeviceUsers>) =>
  useDeviceMutation(addDeviceUsers, config);
