import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiverRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { DEVICES_KEY } from './keys.ts';

/**
 * Who receives the device's scans, one row per organization with its caseType list and entries:
 * GET /api2/device/scan/receiver/{deviceId}.
 */
export const getReceivers = (deviceId: string): Promise<ReceiverRow[]> =>
  request<ReceiverRow[]>({ host: 'access', path: `/api2/device/scan/receiver/${deviceId}` });

export const getReceiversQueryKey = (deviceId: string) => [...DEVICES_KEY, 'receivers', deviceId] as const;

export const getReceiversQueryOptions = (deviceId: string) =>
  queryOptions({ queryKey: getReceiversQueryKey(deviceId), queryFn: () => getReceivers(deviceId) });

/** The device's receivers; nothing is fetched without a device id. */
export const useReceivers = (deviceId: string) =>
  useQuery({ ...getReceiversQueryOptions(deviceId), enabled: deviceId !== '' });
