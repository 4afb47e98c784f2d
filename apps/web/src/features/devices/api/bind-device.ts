import type { z } from 'zod';
import type { bindBody, bindResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type BindBody = z.input<typeof bindBody>;
export type BindResult = z.infer<typeof bindResult>;

/** Bind a device: POST /api2/device/scan/regist. Silent: the form shows refusals at their field. */
export const bindDevice = (body: BindBody): Promise<BindResult> =>
  request<BindResult>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/regist',
    body,
    silent: true,
  });

export const useBindDevice = (config?: MutationConfig<typeof bindDevice>) =>
  useDeviceMutation(bindDevice, config);
