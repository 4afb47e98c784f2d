import type { AuthorizationRow, DeviceRow, ExpiryPreset } from '@archway/contract';
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
