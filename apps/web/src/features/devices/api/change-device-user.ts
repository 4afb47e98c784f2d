import type { z } from 'zod';
import type { editDeviceUserBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type ChangeDeviceUserBody = z.input<typeof editDeviceUserBody>;

/** A new end of a device user's window: PUT /api2/device/scan/v2/user. */
export const changeDeviceUser = (body: ChangeDeviceUserBody): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'PUT', path: '/api2/device/scan/v2/user', body });

export const useChangeDeviceUser = (config?: MutationConfig<typeof changeDeviceUser>) =>
  useDeviceMutation(changeDeviceUser, config);
