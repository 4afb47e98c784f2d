import { describe, expect, it } from 'vitest';
import type { AuthorizationRow, DeviceRow } from '@archway/contract';
import { canExtend, lentRows, matchesKeyword } from './lent.ts';

const auth = (overrides: Partial<AuthorizationRow>): AuthorizationRow => ({
  id: 'a1',
  deviceId: 'd1',
  number: 'C10000001',
  custId: 'lab',
  custName: 'Demo Lab',
  fromCustId: 'clinic',
  fromCustName: 'Demo Clinic',
  expireTime: '2099-01-01 00:00:00',
  status: 'active',
  flag: 'normal',
  createdBy: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  actions: overrides.status && overrides.status !== 'active' ? ['restore'] : ['changeTime', 'recall'],
  ...overrides,
});

const device = (overrides: Partial<DeviceRow>): DeviceRow => ({
  id: 'd1',
  number: 'C10000001',
  name: 'P3',
  model: 'P3',
  memo: null,
  encryptType: 1,
  scanType: 'ply',
  activationTime: '2025-01-01 00:00:00',
  ownerCustId: 'clinic',
  ownerCustName: 'Demo Clinic',
  role: 'owner',
  expireTime: '9999/12/31 23:59:59',
  flag: 'permanent',
  authorizations: [],
  actions: [],
  ...overrides,
});

describe('authorized devices', () => {
  const owned = device({
    authorizations: [
      auth({ id: 'recalled', status: 'recalled', expireTime: '2098-01-01 00:00:00' }),
      auth({ id: 'late', custId: 'lab2', custName: 'Demo Lab 2', expireTime: '2099-06-01 00:00:00' }),
      auth({ id: 'early' }),
    ],
  });
  const borrowed = device({
    id: 'd2',
    number: 'E20000001',
    role: 'authorized',
    ownerCustId: 'lab',
    authorizations: [auth({ id: 'mine', deviceId: 'd2', custId: 'clinic', fromCustId: 'lab' })],
  });

  it('lists what I lent (running first, by expiry) and what was lent to me', () => {
    expect(lentRows([owned, borrowed], 'clinic', 'byMe').map((r) => r.auth.id)).toEqual([
      'early',
      'late',
      'recalled',
    ]);
    expect(lentRows([owned, borrowed], 'clinic', 'toMe').map((r) => r.auth.id)).toEqual(['mine']);
    expect(lentRows([owned, borrowed], 'lab', 'byMe').map((r) => r.auth.id)).toEqual([]);
  });

  it('extends only running authorizations I granted, and filters by serial, name or organization', () => {
    const [early, , recalled] = lentRows([owned], 'clinic', 'byMe');
    expect(canExtend(early!)).toBe(true);
    expect(canExtend(recalled!)).toBe(false);
    expect(canExtend(lentRows([borrowed], 'clinic', 'toMe')[0]!)).toBe(false);
    expect(matchesKeyword(early!, 'c1000')).toBe(true);
    expect(matchesKeyword(early!, 'demo lab')).toBe(true);
    expect(matchesKeyword(early!, 'nothing')).toBe(false);
    expect(matchesKeyword(early!, ' ')).toBe(true);
  });
});
