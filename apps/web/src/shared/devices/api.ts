import type { DeviceRow, ReceiverRecord, ReceiverRow, ReceiverSearchResult } from '@archway/contract';
import { request } from '../api-client.ts';

/**
 * Device calls the device screens and the first-use guide both need (calls-and-errors §7.6).
 * Every device call goes to the access host; refusals toast their catalogue text unless `silent`.
 */

export interface Paged<T> {
  records: T[];
  totalRecords: number;
  pageSize: number;
  pageIndex: number;
}

export type DeviceListScope = 'auths' | 'manageable' | 'usable';

export interface DeviceListBody {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  /** Only devices lent to this organization, or lent out by it. */
  lent?: 'toMe' | 'byMe';
}

/** Bind-device body (calls-and-errors §3). */
export interface BindBody {
  number: string;
  secret: string;
  name: string;
  memo?: string;
  encryptType: 1 | 2;
  comCode: 1;
  scanType: 'ply' | 'stl';
}

export interface AddReceiverBody {
  number: string;
  caseType: number[];
  custId: string;
  memo?: string;
}

export interface DeleteReceiverBody {
  number: string;
  custId: string;
  deleteid: string[];
}

/** Query keys: everything under `devices` is refreshed after any device change. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (scope: DeviceListScope, body: DeviceListBody) => ['devices', 'list', scope, body] as const,
  everything: (scope: DeviceListScope, lent?: DeviceListBody['lent']) =>
    ['devices', 'everything', scope, lent] as const,
  detail: (id: string) => ['devices', 'detail', id] as const,
  receivers: (deviceId: string) => ['devices', 'receivers', deviceId] as const,
  users: (deviceId: string) => ['devices', 'users', deviceId] as const,
};

export const listDevices = (scope: DeviceListScope, body: DeviceListBody) =>
  request<Paged<DeviceRow>>({
    host: 'access',
    method: 'POST',
    path: `/api2/device/scan/${scope}`,
    body: {
      pageIndex: body.pageIndex,
      pageSize: body.pageSize,
      keyword: body.keyword || undefined,
      lent: body.lent,
    },
  });

/** Every page of a device list (100 per call), for screens that filter on the client. */
export async function listAllDevices(
  scope: DeviceListScope,
  lent?: DeviceListBody['lent'],
): Promise<DeviceRow[]> {
  const rows: DeviceRow[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const page = await listDevices(scope, { pageIndex, pageSize: 100, lent });
    rows.push(...page.records);
    if (page.records.length === 0 || rows.length >= page.totalRecords) return rows;
  }
}

export const bindDevice = (body: BindBody) =>
  request<{ code: 0; id: string }>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/regist',
    body,
  });

export const listReceivers = (deviceId: string) =>
  request<ReceiverRow[]>({ host: 'access', path: `/api2/device/scan/receiver/${deviceId}` });

export const addReceiver = (body: AddReceiverBody) =>
  request<{ code: 0; added: number[] }>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/receiver',
    body,
  });

export const deleteReceivers = (body: DeleteReceiverBody, silent = false) =>
  request<{ code: 0 }>({
    host: 'access',
    method: 'DELETE',
    path: '/api2/device/scan/receiver',
    body,
    silent,
  });

/** Receiver search by name, or by e-mail/phone where allowed: at most 10 results. */
export const RECEIVER_SEARCH_MAX = 10;
export const RECEIVER_SEARCH_DEBOUNCE_MS = 300;
export const searchReceivers = (key: string) =>
  request<ReceiverSearchResult[]>({
    host: 'access',
    path: '/cust/clinic/find',
    query: { key, max: RECEIVER_SEARCH_MAX },
  });

/** The guide's check: receiver records across the organization's devices. */
export const receiverRecords = (body: { pageIndex: number; pageSize: number; sorter: 'registTime desc' }) =>
  request<Paged<ReceiverRecord>>({
    host: 'access',
    method: 'POST',
    path: '/api2/device/scan/receivers',
    body,
  });
