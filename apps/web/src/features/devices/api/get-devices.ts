import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeviceRow, deviceListBody, deviceRow, paged } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { DEVICES_KEY } from './keys.ts';

/** The three device lists (calls-and-errors §7.6): every visible device, those the caller manages, those it uses. */
export type DeviceListScope = 'auths' | 'manageable' | 'usable';
export type DeviceListBody = z.input<typeof deviceListBody>;
export type DevicePage = z.infer<ReturnType<typeof paged<typeof deviceRow>>>;

/** One page of a device list: POST /api2/device/scan/{scope}. */
export const getDevices = (scope: DeviceListScope, body: DeviceListBody): Promise<DevicePage> =>
  request<DevicePage>({
    host: 'access',
    method: 'POST',
    path: `/api2/device/scan/${scope}`,
    body: { ...body, keyword: body.keyword || undefined },
  });

export const getDevicesQueryKey = (scope: DeviceListScope, body?: DeviceListBody) =>
  body ? ([...DEVICES_KEY, 'list', scope, body] as const) : ([...DEVICES_KEY, 'list', scope] as const);

/** Every page of a device list (100 per call), for screens that filter on the client. */
export async function getAllDevices(
  scope: DeviceListScope,
  lent?: DeviceListBody['lent'],
): Promise<DeviceRow[]> {
  const rows: DeviceRow[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const page = await getDevices(scope, { pageIndex, pageSize: 100, lent });
    rows.push(...page.records);
    if (page.records.length === 0 || rows.length >= page.totalRecords) return rows;
  }
}

export const getAllDevicesQueryOptions = (scope: DeviceListScope, lent?: DeviceListBody['lent']) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'everything', scope, lent ?? null] as const,
    queryFn: () => getAllDevices(scope, lent),
  });

/** Every device of a list (all pages). */
export const useAllDevices = (scope: DeviceListScope, lent?: DeviceListBody['lent']) =>
  useQuery(getAllDevicesQueryOptions(scope, lent));
