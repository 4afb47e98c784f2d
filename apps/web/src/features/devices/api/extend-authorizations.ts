import type { z } from 'zod';
import type { batchAuthTimeBody, batchResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

export type ExtendAuthorizationsBody = z.input<typeof batchAuthTimeBody>;

/** Bulk extension: POST /api2/device/scan/batchAuthTime. Silent: the dialog shows each item's outcome. */
export const extendAuthorizations = (body: ExtendAuthorizationsBody): Promise<z.infer<typeof batchResult>> =>
  request<z.infer<typeof batchResult>>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/batchAuthTime',
    body,
    silent: true,
  });

export const useExtendAuthorizations = (config?: MutationConfig<typeof extendAuthorizations>) =>
  useDeviceMutation(extendAuthorizations, config);
