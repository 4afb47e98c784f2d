import type { AuthorizationRow, DeviceRow } from '@archway/contract';

/**
 * The "authorized devices" tab lists authorizations, both ways: devices this organization lent to
 * others (it granted the authorization) and devices lent to it (it holds the authorization).
 */
export type LentDirection = 'byMe' | 'toMe';

export interface LentRow {
  auth: AuthorizationRow;
  device: DeviceRow;
  direction: LentDirection;
}

const statusOrder = { active: 0, expired: 1, recalled: 2 } as const;

/** Authorization rows of one direction, running ones first, then by expiry. */
export function lentRows(devices: readonly DeviceRow[], custId: string, direction: LentDirection): LentRow[] {
  return devices
    .flatMap((device) =>
      device.authorizations.map((auth): LentRow | null => {
        if (direction === 'byMe' && auth.fromCustId === custId && device.role === 'owner')
          return { auth, device, direction };
        if (direction === 'toMe' && auth.custId === custId) return { auth, device, direction };
        return null;
      }),
    )
    .filter((row): row is LentRow => row !== null)
    .sort(
      (a, b) =>
        statusOrder[a.auth.status] - statusOrder[b.auth.status] ||
        a.auth.expireTime.localeCompare(b.auth.expireTime) ||
        a.device.number.localeCompare(b.device.number),
    );
}

/** Client-side keyword filter: serial, device name or either organization. */
export function matchesKeyword(row: LentRow, keyword: string): boolean {
  const key = keyword.trim().toLowerCase();
  if (!key) return true;
  return [row.device.number, row.device.name, row.auth.custName, row.auth.fromCustName].some((text) =>
    text.toLowerCase().includes(key),
  );
}

/** Authorizations whose time the caller may change (the server's `actions`) can be extended together. */
export const canExtend = (row: LentRow) =>
  row.direction === 'byMe' && row.auth.actions.includes('changeTime');
