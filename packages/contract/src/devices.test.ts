import { describe, expect, it } from 'vitest';
import {
  expireTime,
  expiryFlag,
  expiryFromPreset,
  formatExpiry,
  isPermanent,
  modelOf,
  PERMANENT_DATE,
} from './devices.ts';

describe('devices contract', () => {
  it('derives the model from the first letter of the serial', () => {
    expect(modelOf('C10000001')).toBe('P3');
    expect(modelOf('e20000001')).toBe('smart');
    expect(modelOf('P30000001')).toBe('P2');
  });

  it('reads every permanent form as permanent', () => {
    expect(isPermanent('9999/12/31 23:59:59')).toBe(true);
    expect(isPermanent('9999-12-31')).toBe(true);
    expect(isPermanent(253402185600)).toBe(true);
    expect(isPermanent(PERMANENT_DATE)).toBe(true);
    expect(isPermanent('2030-01-01')).toBe(false);
    for (const v of ['9999-12-31', '9999/12/31 23:59:59', 253402185600, 'permanent']) {
      expect(formatExpiry(expireTime.parse(v))).toBe('9999-12-31 23:59:59');
    }
  });

  it('computes presets from now', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    expect(expiryFromPreset('today', now).toISOString()).toBe('2026-01-31T23:59:59.000Z');
    expect(expiryFromPreset('7d', now).toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(expiryFromPreset('1y', now).toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(expiryFromPreset('5y', now).getUTCFullYear()).toBe(2031);
  });

  it('accepts dates as "YYYY-MM-DD HH:mm:ss" (UTC), ISO or epoch seconds, and refuses garbage', () => {
    expect(expireTime.parse('2030-05-01 12:00:00').toISOString()).toBe('2030-05-01T12:00:00.000Z');
    expect(expireTime.parse(1900000000).toISOString()).toBe('2030-03-17T17:46:40.000Z');
    expect(expireTime.safeParse('soon').success).toBe(false);
  });

  it('flags due soon, expired and permanent', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryFlag(new Date('2026-01-03T00:00:00Z'), now)).toBe('dueSoon');
    expect(expiryFlag(new Date('2025-12-31T00:00:00Z'), now)).toBe('expired');
    expect(expiryFlag(new Date('2026-03-01T00:00:00Z'), now)).toBe('normal');
    expect(expiryFlag(PERMANENT_DATE, now)).toBe('permanent');
  });
});
