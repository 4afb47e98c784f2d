import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceUserRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { DEVICES_KEY } from './keys.ts';

/** People who may use the device, each with its own window and actions: GET /api2/device/scan/user/{deviceId}. */
export const getDeviceUsers = (deviceId: string): Promise<DeviceUserRow[]> =>
  request<DeviceUserRow[]>({ host: 'access', path: `/api2/device/scan/user/${deviceId}` });

export const getDeviceUsersQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'users', deviceId] as const,
    queryFn: () => getDeviceUsers(deviceId),
  });

export const useDeviceUsers = (deviceId: string) => useQuery(getDeviceUsersQueryOptions(deviceId));
