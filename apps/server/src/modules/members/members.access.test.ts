import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth.ts';
import { isLastOwner, memberRights } from './members.access.ts';

const actor = (userId: string): Actor => ({
  userId,
  username: userId,
  custId: 'c',
  custType: 1,
  isAdmin: false,
});

/** The member list's rights, decided once for the whole list (members.access `memberRights`), per role of the caller. */
describe('member rights: what each role may do to each member', () => {
  const members = [
    { userId: 'boss', role: 'owner' as const },
    { userId: 'ann', role: 'member' as const },
    { userId: 'bob', role: 'member' as const },
  ];

  it('an owner removes and re-roles the others, and sees their contact; the last owner is untouchable', () => {
    const r = memberRights(actor('boss'), members);
    expect(r.get('ann')).toEqual({ remove: true, changeRole: true, contact: true });
    expect(r.get('boss')).toEqual({ remove: false, changeRole: false, contact: true });
  });

  it('a member may only leave (remove themselves) and sees only its own contact', () => {
    const r = memberRights(actor('ann'), members);
    expect(r.get('ann')).toEqual({ remove: true, changeRole: false, contact: true });
    expect(r.get('bob')).toEqual({ remove: false, changeRole: false, contact: false });
    expect(r.get('boss')).toEqual({ remove: false, changeRole: false, contact: false });
  });

  it('with a second owner, either owner may step down or leave', () => {
    const two = [...members, { userId: 'co', role: 'owner' as const }];
    const r = memberRights(actor('boss'), two);
    expect(r.get('boss')).toEqual({ remove: true, changeRole: true, contact: true });
    expect(r.get('co')).toEqual({ remove: true, changeRole: true, contact: true });
    expect(isLastOwner({ userId: 'co', role: 'owner' }, ['boss', 'co'])).toBe(false);
    expect(isLastOwner({ userId: 'co', role: 'owner' }, ['co'])).toBe(true);
    expect(isLastOwner({ userId: 'ann', role: 'member' }, ['boss'])).toBe(false);
  });

  it('someone outside the list (no membership) may do nothing to anyone', () => {
    const r = memberRights(actor('stranger'), members);
    for (const m of members)
      expect(r.get(m.userId)).toEqual({ remove: false, changeRole: false, contact: false });
  });
});
