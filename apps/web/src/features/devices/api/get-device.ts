import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { DEVICES_KEY } from './keys.ts';

/** Device detail: GET /api2/device/scan/{id} (what the caller's role may see, with its actions). */
export const getDevice = (id: string): Promise<DeviceRow> =>
  request<DeviceRow>({ host: 'access', path: `/api2/device/scan/${id}` });

export const getDeviceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...DEVICES_KEY, 'detail', id] as const, queryFn: () => getDevice(id) });

/** The device as it is now; `row` (from a list) is shown until the answer comes. */
export const useDevice = (row: DeviceRow) =>
  useQuery({ ...getDeviceQueryOptions(row.id), placeholderData: row });
