import { request } from '../../../shared/api-client.ts';
import { useDeviceMutation, type MutationConfig } from './keys.ts';

/** Remove a device user: DELETE /api2/device/scan/user/{id}. */
export const removeDeviceUser = (id: string): Promise<unknown> =>
  request<unknown>({ host: 'access', method: 'DELETE', path: `/api2/device/scan/user/${id}` });

export const useRemoveDeviceUser = (config?: MutationConfig<typeof removeDeviceUser>) =>
  useDeviceMutation(removeDeviceUser, config);
