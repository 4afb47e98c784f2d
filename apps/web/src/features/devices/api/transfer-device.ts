import type { z } from 'zod';
import type { resellBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type TransferBody = z.input<typeof resellBody>;

/** Transfer (resell) with the bind code: POST /api2/device/scan/resell. Silent: refusals show at their field. */
export const transferDevice = (body: TransferBody): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'POST', path: '/api2/device/scan/resell', body, silent: true });

export const useTransferDevice = (config?: MutationConfig<typeof transferDevice>) =>
  useDeviceMutation(transferDevice, config);
