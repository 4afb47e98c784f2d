import { GenericErrors, MemberErrors, type ErrorDef, type MemberRole } from '@archway/contract';
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

/** What a caller does to a member: remove them (or leave: themselves), or give them `toRole`. */
export type MemberChange = { action: 'remove' } | { action: 'changeRole'; toRole: MemberRole };

/**
 * Why the caller (of role `callerRole` in the organization) may not make `change` to `member`, or undefined when it
 * may: an owner removes and re-roles anyone, anyone leaves (removes themselves), and the organization keeps an
 * owner (its last owner can neither leave, be removed, nor step down). `owners`: the organization's owners (the
 * services read them locked). The member list's `actions` (`memberRights`) and the services' refusals both ask here.
 */
export function memberRefusal(
  actor: Actor,
  callerRole: MemberRole | undefined,
  member: { userId: string; role: MemberRole },
  owners: readonly string[],
  change: MemberChange,
): ErrorDef | undefined {
  const owner = callerRole === 'owner';
  if (change.action === 'remove') {
    if (!owner && member.userId !== actor.userId) return GenericErrors.permission;
    if (isLastOwner(member, owners)) return MemberErrors.lastOwner;
    return undefined;
  }
  if (!owner) return GenericErrors.permission;
  if (change.toRole !== 'owner' && isLastOwner(member, owners)) return MemberErrors.lastOwner;
  return undefined;
}

/**
 * The caller's rights on every member of its organization, from the member rows already read (one query for the
 * list, none per member): `memberRefusal` for removing each, and for giving each the other role. Contact fields
 * (e-mail, phone whatever the member's search settings): the member themselves and the organization's owners.
 */
export function memberRights(
  actor: Actor,
  members: readonly { userId: string; role: MemberRole }[],
): Map<string, MemberRights> {
  const callerRole = members.find((m) => m.userId === actor.userId)?.role;
  const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
  const other = (role: MemberRole): MemberRole => (role === 'owner' ? 'member' : 'owner');
  return new Map(
    members.map((m) => [
      m.userId,
      {
        remove: !memberRefusal(actor, callerRole, m, owners, { action: 'remove' }),
        changeRole: !memberRefusal(actor, callerRole, m, owners, {
          action: 'changeRole',
          toRole: other(m.role),
        }),
        contact: callerRole === 'owner' || m.userId === actor.userId,
      },
    ]),
  );
}
