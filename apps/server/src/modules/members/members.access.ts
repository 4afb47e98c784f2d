import type { MemberRole } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';

/**
 * The members module's rights: what the caller may do to each member of its organization, decided for the whole
 * list at once; the member list's `actions` (members.presenter) and the refusals (members.service) both ask here.
 * Who administers the organization (role `owner`) is orgs.access (`administeredOrg`, `roleIn`).
 */

/** What the caller may do to one member (the member list's `actions`), and whether it sees their contact fields. */
export interface MemberRights {
  remove: boolean;
  changeRole: boolean;
  /** E-mail and phone whatever the member's search settings: the member themselves and the organization's owners. */
  contact: boolean;
}

/** The organization keeps at least one owner: its last owner can neither leave, be removed, nor step down. */
export const isLastOwner = (member: { userId: string; role: MemberRole }, owners: readonly string[]) =>
  member.role === 'owner' && owners.every((o) => o === member.userId);

/**
 * The caller's rights on every member of its organization, from the member rows already read (one query for the
 * list, none per member): an owner removes and re-roles anyone, anyone leaves (removes themselves), never the last
 * owner.
 */
export function memberRights(
  actor: Actor,
  members: readonly { userId: string; role: MemberRole }[],
): Map<string, MemberRights> {
  const owner = members.some((m) => m.userId === actor.userId && m.role === 'owner');
  const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
  return new Map(
    members.map((m) => {
      const self = m.userId === actor.userId;
      const last = isLastOwner(m, owners);
      return [
        m.userId,
        { remove: (owner || self) && !last, changeRole: owner && !last, contact: owner || self },
      ];
    }),
  );
}
