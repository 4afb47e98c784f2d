import { describe, expect, it } from 'vitest';
import { deviceListBody, modelOf } from './devices.ts';
import {
  expireTime,
  expiryFlag,
  expiryFromPreset,
  formatExpiry,
  isPermanent,
  PERMANENT_DATE,
  resolveExpiry,
  timeZoneOf,
} from './expiry.ts';

const at = (v: unknown) => resolveExpiry(expireTime.parse(v));

describe('devices contract', () => {
  it('derives the model from the first letter of the serial', () => {
    expect(modelOf('C10000001')).toBe('P3');
    expect(modelOf('e20000001')).toBe('smart');
    expect(modelOf('P30000001')).toBe('P2');
  });

  it('reads only the documented permanent forms as permanent', () => {
    expect(isPermanent('9999/12/31 23:59:59')).toBe(true);
    expect(isPermanent('9999-12-31')).toBe(true);
    expect(isPermanent(253402185600)).toBe(true);
    expect(isPermanent(PERMANENT_DATE)).toBe(true);
    expect(isPermanent('2030-01-01')).toBe(false);
    expect(isPermanent('9999-12-31T05:00:00Z')).toBe(false);
    expect(isPermanent(253402185601)).toBe(false);
    // Permanent is stored and shown as 9999/12/31 23:59:59 (product §4), whichever form came in.
    for (const v of ['9999-12-31', '9999/12/31 23:59:59', '9999-12-31 23:59:59', 253402185600, 'permanent']) {
      expect(formatExpiry(at(v))).toBe('9999/12/31 23:59:59');
    }
    // Other instants keep "YYYY-MM-DD HH:mm:ss" (UTC).
    expect(formatExpiry(new Date('2031-01-02T03:04:05Z'))).toBe('2031-01-02 03:04:05');
  });

  it('ends presets at the end of that day in the caller time zone (UTC when unknown)', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    expect(expiryFromPreset('today', now).toISOString()).toBe('2026-01-31T23:59:59.000Z');
    expect(expiryFromPreset('7d', now).toISOString()).toBe('2026-02-07T23:59:59.000Z');
    expect(expiryFromPreset('1m', now).toISOString()).toBe('2026-02-28T23:59:59.000Z');
    expect(expiryFromPreset('1y', now).toISOString()).toBe('2027-01-31T23:59:59.000Z');
    expect(expiryFromPreset('5y', now).getUTCFullYear()).toBe(2031);
    // 10:00 UTC is 19:00 in Tokyo (UTC+9): the end of that day is 14:59:59 UTC.
    expect(expiryFromPreset('today', now, 'Asia/Tokyo').toISOString()).toBe('2026-01-31T14:59:59.000Z');
    // 02:00 UTC on 1 Feb is still 31 Jan in New York (UTC-5).
    const early = new Date('2026-02-01T02:00:00Z');
    expect(expiryFromPreset('today', early, 'America/New_York').toISOString()).toBe(
      '2026-02-01T04:59:59.000Z',
    );
    // Across the DST change (Berlin: UTC+1 in March before the 29th, UTC+2 after).
    expect(expiryFromPreset('7d', new Date('2026-03-25T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-04-01T21:59:59.000Z',
    );
    expect(timeZoneOf('Not/AZone')).toBe('UTC');
    expect(timeZoneOf(undefined)).toBe('UTC');
    expect(expiryFromPreset('today', now, 'Not/AZone').toISOString()).toBe('2026-01-31T23:59:59.000Z');
  });

  it('accepts dates as "YYYY-MM-DD HH:mm:ss" (UTC), ISO, epoch seconds or milliseconds, and refuses garbage', () => {
    expect(at('2030-05-01 12:00:00').toISOString()).toBe('2030-05-01T12:00:00.000Z');
    expect(at(1900000000).toISOString()).toBe('2030-03-17T17:46:40.000Z');
    // Milliseconds are milliseconds, not "permanent".
    expect(at(1900000000000).toISOString()).toBe('2030-03-17T17:46:40.000Z');
    expect(isPermanent(at(1900000000000))).toBe(false);
    expect(expireTime.safeParse('soon').success).toBe(false);
    expect(expireTime.safeParse('10000-01-01').success).toBe(false);
    expect(expireTime.safeParse('+010000-01-01T00:00:00Z').success).toBe(false);
    expect(expireTime.safeParse(253402300800000).success).toBe(false);
    expect(expireTime.safeParse(1e16).success).toBe(false);
  });

  it('list bodies take sorter, pageSize, pageIndex and its alias currentPage, and ignore unknown keys', () => {
    expect(deviceListBody.parse({})).toEqual({ pageSize: 15, pageIndex: 1 });
    expect(deviceListBody.parse({ currentPage: 3, pageSize: '5', sorter: 'name asc', extra: 1 })).toEqual({
      pageSize: 5,
      pageIndex: 3,
      sorter: 'name asc',
    });
    expect(deviceListBody.parse({ pageIndex: 2, currentPage: 3 }).pageIndex).toBe(2);
  });

  it('flags due soon, expired and permanent', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryFlag(new Date('2026-01-03T00:00:00Z'), now)).toBe('dueSoon');
    expect(expiryFlag(new Date('2025-12-31T00:00:00Z'), now)).toBe('expired');
    expect(expiryFlag(new Date('2026-03-01T00:00:00Z'), now)).toBe('normal');
    expect(expiryFlag(PERMANENT_DATE, now)).toBe('permanent');
  });
});
