import type { z } from 'zod';
import type { updateDeviceBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

/** Name, description, encryption and default format: PUT /api2/device/scan. */
export const updateDevice = (body: UpdateDeviceBody): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'PUT', path: '/api2/device/scan', body });

export const useUpdateDevice = (config?: MutationConfig<typeof updateDevice>) =>
  useDeviceMutation(updateDevice, config);
