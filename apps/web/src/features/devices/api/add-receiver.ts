import type { z } from 'zod';
import type { addReceiverBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type AddReceiverBody = z.input<typeof addReceiverBody>;

/** Add a receiver organization for case types: POST /api2/device/scan/receiver. */
export const addReceiver = (body: AddReceiverBody): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'POST', path: '/api2/device/scan/receiver', body });

export const useAddReceiver = (config?: MutationConfig<typeof addReceiver>) =>
  useDeviceMutation(addReceiver, config);
