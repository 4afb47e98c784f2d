import { describe, expect, it } from 'vitest';
import { DeviceRoles } from '@archway/contract';
import { allowedActions, canManageAuthorizations, splitActions } from './permissions.ts';

describe('device actions by role', () => {
  it('gives the owner everything, the authorized data transfer and device users, others only a look', () => {
    expect(Object.fromEntries(DeviceRoles.map((role) => [role, allowedActions(role)]))).toEqual({
      owner: ['receivers', 'authorize', 'authorizations', 'users', 'detail', 'edit', 'transfer', 'unbind'],
      authorized: ['receivers', 'authorizations', 'users', 'detail'],
      user: ['detail'],
      receiver: ['detail'],
      none: [],
    });
  });

  it('offers device users to the owner and an authorized organization only', () => {
    expect(DeviceRoles.filter((role) => allowedActions(role).includes('users'))).toEqual([
      'owner',
      'authorized',
    ]);
  });

  it('lets only the owner manage authorizations', () => {
    expect(DeviceRoles.filter(canManageAuthorizations)).toEqual(['owner']);
  });

  it('shows at most three items in a button group, the rest under More', () => {
    expect(splitActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(splitActions(['a', 'b', 'c', 'd', 'e'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd', 'e'] });
    expect(splitActions([])).toEqual({ inline: [], more: [] });
  });
});
