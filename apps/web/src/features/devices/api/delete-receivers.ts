import type { z } from 'zod';
import type { deleteReceiverBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type DeleteReceiversBody = z.input<typeof deleteReceiverBody>;

/** Delete receiver entries (all or nothing): DELETE /api2/device/scan/receiver. */
export const deleteReceivers = (
  body: DeleteReceiversBody,
  { silent = false }: { silent?: boolean } = {},
): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'DELETE', path: '/api2/device/scan/receiver', body, silent });

export const useDeleteReceivers = (
  config?: MutationConfig<(body: DeleteReceiversBody) => Promise<unknown>>,
) => useDeviceMutation((body: DeleteReceiversBody) => deleteReceivers(body), config);
