import { describe, expect, it } from 'vitest';
import { authorizationFlag } from './expiry.ts';

describe('authorization flags', () => {
  it('flags only running authorizations: a recalled one is never "expired"', () => {
    expect(authorizationFlag({ status: 'active', flag: 'dueSoon' })).toBe('dueSoon');
    expect(authorizationFlag({ status: 'active', flag: 'permanent' })).toBe('permanent');
    expect(authorizationFlag({ status: 'recalled', flag: 'expired' })).toBe('normal');
    expect(authorizationFlag({ status: 'recalled', flag: 'dueSoon' })).toBe('normal');
    expect(authorizationFlag({ status: 'expired', flag: 'expired' })).toBe('normal');
  });
});
