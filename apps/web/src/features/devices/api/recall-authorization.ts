import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

/** Recall one authorization: DELETE /api2/device/scan/auth {id}. */
export const recallAuthorization = (id: string): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'DELETE', path: '/api2/device/scan/auth', body: { id } });

export const useRecallAuthorization = (config?: MutationConfig<typeof recallAuthorization>) =>
  useDeviceMutation(recallAuthorization, config);
