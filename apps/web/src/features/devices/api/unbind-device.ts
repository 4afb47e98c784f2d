import type { z } from 'zod';
import type { unbindBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type UnbindBody = z.input<typeof unbindBody>;

/** Unbind with the bind code: POST /api2/device/scan/unregist. Silent: the dialog shows refusals at their field. */
export const unbindDevice = (body: UnbindBody): Promise<unknown> =>
  request<unknown>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/unregist',
    body,
    silent: true,
  });

export const useUnbindDevice = (config?: MutationConfig<typeof unbindDevice>) =>
  useDeviceMutation(unbindDevice, config);
