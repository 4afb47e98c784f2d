import type { AuthorizationRow, DeviceRow, DeviceUserRow, ExpiryPreset } from '@archway/contract';
import { request } from '../../shared/api-client.ts';

/** The device calls only the device screens make (calls-and-errors §7.6, access host). */

export interface ItemResult {
  item: string;
  code: number;
  key: string | null;
}
export interface BatchAnswer {
  code: 0;
  results: ItemResult[];
}
type Done = { code: 0 };

export const deviceDetail = (id: string) =>
  request<DeviceRow>({ host: 'access', path: `/api2/device/scan/${id}` });

export const updateDevice = (body: {
  id: string;
  name: string;
  memo?: string;
  encryptType: 1 | 2;
  scanType: 'ply' | 'stl';
}) => request<Done>({ host: 'access', method: 'PUT', path: '/api2/device/scan', body });

export const unbindDevice = (body: { number: string; secret: string }) =>
  request<Done>({ host: 'access', method: 'POST', path: '/api2/device/scan/unregist', body });

export const transferDevice = (body: { number: string; secret: string; custId: string }) =>
  request<Done>({ host: 'access', method: 'POST', path: '/api2/device/scan/resell', body });

export const authorizeDevice = (body: {
  number: string;
  secret: string;
  custIds: string[];
  expireTime: ExpiryPreset;
}) => request<BatchAnswer>({ host: 'access', method: 'POST', path: '/api2/device/scan/auth', body });

export const authorizationDetail = (id: string) =>
  request<AuthorizationRow>({ host: 'access', path: `/api2/device/scan/auth/${id}` });

export const changeAuthorizationTime = (body: { id: string; expireTime: ExpiryPreset }) =>
  request<Done>({ host: 'access', method: 'PUT', path: '/api2/device/scan/auth', body });

export const recallAuthorization = (id: string) =>
  request<Done>({ host: 'access', method: 'DELETE', path: '/api2/device/scan/auth', body: { id } });

/** Bulk extension; silent, because the dialog shows the outcome (and per item when some failed). */
export const extendAuthorizations = (body: { ids: string[]; expireTime: ExpiryPreset }) =>
  request<BatchAnswer>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/batchAuthTime',
    body,
    silent: true,
  });

/** People who may use the device (the owner sees all; an authorized organization those it added). */
export const listDeviceUsers = (deviceId: string) =>
  request<DeviceUserRow[]>({ host: 'access', path: `/api2/device/scan/user/${deviceId}` });

/**
 * Add people by username or e-mail until a preset end (from `startTime`, an ISO date-time, or now);
 * silent, because the dialog shows each person's outcome, also when all of them failed.
 */
export const addDeviceUsers = (body: {
  number: string;
  users: string[];
  endTime: ExpiryPreset;
  startTime?: string;
}) =>
  request<BatchAnswer>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/v2/user',
    body,
    silent: true,
  });

export const changeDeviceUserEnd = (body: { id: string; endTime: ExpiryPreset }) =>
  request<Done>({ host: 'access', method: 'PUT', path: '/api2/device/scan/v2/user', body });

export const removeDeviceUser = (id: string) =>
  request<Done>({ host: 'access', method: 'DELETE', path: `/api2/device/scan/user/${id}` });
