import { createHash, randomBytes } from 'node:crypto';
import {
  CustDisabledErrors,
  CustErrors,
  CustStatus,
  GenericErrors,
  INVITATION_HOURS,
  InvitationErrors,
  JoinErrors,
  MemberErrors,
  formatExpiry,
  type InvitationInfo,
  type InvitationRow,
  type JoinRequestRow,
  type MemberRole,
  type MemberRow,
  type MyOrganization,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mail.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { adminNotice } from '../notices/notices.service.ts';
import { invitationMail } from './members-mail.ts';
import { administeredOrg, memberOrg, refuseAdminMembership } from '../orgs/orgs.access.ts';
import * as memberships from '../orgs/orgs.service.ts';
import { memberRefusal, memberRights } from './members.access.ts';
import { contact, presentMember } from './members.presenter.ts';
import * as repo from './members.repository.ts';

const HOUR_MS = 3600_000;
/** Invitations one organization may send per hour; pending join requests one person may have at once. */
export const INVITATIONS_PER_HOUR = 30;
export const PENDING_REQUESTS_MAX = 10;

export interface MembersDeps {
  db: Db;
  mail: Mailer;
  publicUrl: string;
}
export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
  /** Tells a person whose membership changed to renew their token (`adminNotice`), after the commit. */
  realtime?: Realtime;
}

/** After the commit: the person's clients renew their tokens (organization claim and role follow). */
const membershipChanged = (s: Scope, userId: string) => {
  if (s.realtime) adminNotice({ realtime: s.realtime }, [userId], 'membership');
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const time = (d: Date) => formatExpiry(d)!;

const entry = (s: Scope, action: string, objectType: string, objectId: string | null, detail = {}) => ({
  actorUserId: s.actor.userId,
  actorCustId: s.actor.custId,
  action,
  objectType,
  objectId,
  outcome: 'allowed' as const,
  detail,
});

/** The caller's organization, refused with code 100 unless the caller is one of its owners. */
async function ownedOrg(s: Scope): Promise<string> {
  try {
    return await administeredOrg(s.db, s.actor, GenericErrors.permission);
  } catch (err) {
    if (err instanceof AppError && err.def === GenericErrors.permission)
      await audit(s.db, s.ctx, {
        ...entry(s, 'member.manage', 'customer', memberOrg(s.actor)),
        outcome: 'refused',
      });
    throw err;
  }
}

// ---- members ----

/** `GET /api2/cust/user/list`: every member of the caller's organization, with what the caller may do to each. */
export async function listMembers(s: Scope): Promise<MemberRow[]> {
  const custId = memberOrg(s.actor);
  const rows = await repo.membersOf(s.db, custId);
  const rights = memberRights(s.actor, rows);
  return rows.map((r) => presentMember(r, r.userId === s.actor.userId, rights.get(r.userId)!));
}

/**
 * What ends with a membership in modules that depend on orgs (devices: the device-user windows the organization gave
 * the person). Orgs cannot call them (module graph), so they register here at start; each answers how many of its
 * rows ended, in the removal's transaction.
 */
export type MembershipEndHook = (db: Queryable, userId: string, custId: string) => Promise<number>;
const membershipEndHooks = new Set<MembershipEndHook>();
export const onMembershipEnd = (hook: MembershipEndHook) => void membershipEndHooks.add(hook);

/** Runs what ends with the person's membership of `custId` (the hooks above): how many rows ended. */
async function membershipEnded(db: Queryable, userId: string, custId: string) {
  let ended = 0;
  for (const hook of membershipEndHooks) ended += await hook(db, userId, custId);
  return ended;
}

/** Every membership of the person ends, and what ends with each (the account is deleted, users/profile.service.ts). */
export async function endMemberships(db: Queryable, userId: string) {
  for (const { custId } of await memberships.deleteMembershipsOf(db, userId))
    await membershipEnded(db, userId, custId);
}

/**
 * `DELETE /api2/cust/user/{id}`: an owner removes a member, or anyone leaves (their own id). The organization keeps
 * at least one owner (its owner rows are locked, so two removals at once cannot take the last two). The removed
 * person's tokens stop acting for the organization at once: the actor is read from the memberships on every request.
 * The device-user windows the organization gave the person end with the membership.
 */
export async function removeMember(s: Scope, userId: string) {
  const custId = memberOrg(s.actor);
  const self = userId === s.actor.userId;
  if (!self) await ownedOrg(s);
  const out = await s.db.transaction(async (tx) => {
    const owners = await repo.lockOwners(tx, custId);
    const role = await repo.roleIn(tx, userId, custId);
    if (!role) throw new AppError(MemberErrors.notFound);
    // Past `ownedOrg` (an owner), or leaving: the caller's own role decides nothing more.
    const callerRole = self ? role : 'owner';
    const why = memberRefusal(s.actor, callerRole, { userId, role }, owners, { action: 'remove' });
    if (why) throw new AppError(why);
    await memberships.deleteMembership(tx, userId, custId);
    const windows = await membershipEnded(tx, userId, custId);
    await audit(
      tx,
      s.ctx,
      entry(s, self ? 'member.leave' : 'member.remove', 'user', userId, {
        custId,
        role,
        deviceUsers: windows,
      }),
    );
    return { userId };
  });
  membershipChanged(s, userId);
  // The person's connections acting for the organization close now, on every process.
  s.realtime?.disconnectMember(userId, custId);
  return out;
}

/** `PUT /api2/cust/user/role`: an owner changes a member's role; the last owner cannot step down. */
export async function changeRole(s: Scope, userId: string, role: MemberRole) {
  const custId = await ownedOrg(s);
  const out = await s.db.transaction(async (tx) => {
    const owners = await repo.lockOwners(tx, custId);
    const current = await repo.roleIn(tx, userId, custId);
    if (!current) throw new AppError(MemberErrors.notFound);
    const why = memberRefusal(s.actor, 'owner', { userId, role: current }, owners, {
      action: 'changeRole',
      toRole: role,
    });
    if (why) throw new AppError(why);
    if (current !== role) await memberships.setMembershipRole(tx, userId, custId, role);
    await audit(tx, s.ctx, entry(s, 'member.role', 'user', userId, { custId, from: current, to: role }));
    return { userId, role };
  });
  membershipChanged(s, userId);
  return out;
}

// ---- invitations ----

const invitationState = (r: { acceptedAt: Date | null; expiresAt: Date }, now: Date) =>
  r.acceptedAt ? ('accepted' as const) : r.expiresAt > now ? ('pending' as const) : ('expired' as const);

/**
 * `GET /api2/cust/user/invitation?email=&role=`: an owner invites an address. A random token goes in the mail (only
 * its sha256 is kept); the link works once, for INVITATION_HOURS, and replaces earlier pending invitations of the
 * address. The mail is written in the invitee's language when the address has an account, else the inviter's.
 */
export async function invite(d: MembersDeps, s: Scope, email: string, role: MemberRole) {
  const now = new Date();
  const custId = await ownedOrg(s);
  const result = await d.db.transaction(async (tx) => {
    if (
      (await repo.countInvitationsSince(tx, custId, new Date(now.getTime() - HOUR_MS))) >=
      INVITATIONS_PER_HOUR
    )
      throw new AppError(InvitationErrors.tooMany);
    if (await repo.isMemberByEmail(tx, custId, email)) throw new AppError(MemberErrors.alreadyMember);
    const cust = (await repo.findCustomer(tx, custId))!;
    const inviter = (await repo.findUser(tx, s.actor.userId))!;
    const invitee = await repo.findUserByEmail(tx, email);
    await repo.expirePendingInvitations(tx, custId, email, now);
    const token = randomBytes(32).toString('base64url');
    const row = await repo.insertInvitation(tx, {
      custId,
      email,
      role,
      invitedBy: s.actor.userId,
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + INVITATION_HOURS * HOUR_MS),
    });
    await d.mail.send(
      tx,
      invitationMail(invitee ?? inviter, email, {
        inviter: inviter.username,
        custName: cust.name,
        role,
        link: `${d.publicUrl}/v5/invitation?token=${token}`,
        days: INVITATION_HOURS / 24,
      }),
    );
    await audit(tx, s.ctx, entry(s, 'member.invite', 'invitation', row.id, { custId, role }));
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      state: 'pending' as const,
      invitedBy: inviter.username,
      acceptedBy: null,
      createTime: time(row.createdAt),
      expireTime: time(row.expiresAt),
      acceptTime: null,
    };
  });
  d.mail.wake();
  return result;
}

/** `GET /api2/cust/user/invitation/list`: the organization's latest invitations (owners). */
export async function listInvitations(s: Scope): Promise<InvitationRow[]> {
  const custId = await ownedOrg(s);
  const now = new Date();
  return (await repo.invitationsOf(s.db, custId)).map(({ row, invitedBy, acceptedBy }) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    state: invitationState(row, now),
    invitedBy,
    acceptedBy,
    createTime: time(row.createdAt),
    expireTime: time(row.expiresAt),
    acceptTime: row.acceptedAt ? time(row.acceptedAt) : null,
  }));
}

/** `DELETE /api2/cust/user/invitation/{id}`: an owner withdraws a pending invitation (its link stops working). */
export async function withdrawInvitation(s: Scope, id: string) {
  const custId = await ownedOrg(s);
  return s.db.transaction(async (tx) => {
    if (!(await repo.withdrawInvitation(tx, id, custId, new Date())))
      throw new AppError(InvitationErrors.invalid);
    await audit(tx, s.ctx, entry(s, 'member.invite.withdraw', 'invitation', id, { custId }));
    return { id };
  });
}

/** `GET /api2/cust/user/invitation/info?token=`: what the invitation page shows (the token is the secret). */
export async function invitationInfo(db: Db, token: string): Promise<InvitationInfo> {
  const found = await repo.liveInvitation(db, hashOf(token), new Date());
  if (!found) throw new AppError(InvitationErrors.invalid);
  return {
    custId: found.cust.id,
    custName: found.cust.name,
    custType: found.cust.custType,
    email: found.row.email,
    role: found.row.role,
    invitedBy: found.invitedBy,
    expireTime: time(found.row.expiresAt),
  };
}

/**
 * `POST /api2/cust/user/invitation/accept {token}`: the signed-in account whose e-mail address is the invited one
 * becomes a member with the invited role; the token is used up. Another account is refused (the link may have been
 * forwarded); an existing member is told so and the link stays usable until it expires.
 */
export async function acceptInvitation(s: Scope, token: string) {
  const out = await s.db.transaction(async (tx) => {
    const now = new Date();
    const found = await repo.liveInvitation(tx, hashOf(token), now);
    if (!found) throw new AppError(InvitationErrors.invalid);
    // Platform administrators belong to no organization; a disabled organization takes nobody in until enabled.
    refuseAdminMembership(s.actor);
    if (found.cust.disabledAt) throw new AppError(CustDisabledErrors.disabled);
    const me = await repo.findUser(tx, s.actor.userId);
    if (!me?.email || me.email.toLowerCase() !== found.row.email.toLowerCase())
      throw new AppError(InvitationErrors.wrongAccount);
    if (await repo.roleIn(tx, me.id, found.cust.id)) throw new AppError(MemberErrors.alreadyMember);
    if (!(await repo.useInvitation(tx, found.row.id, me.id, now)))
      throw new AppError(InvitationErrors.invalid);
    await memberships.addMembership(tx, { userId: me.id, custId: found.cust.id, role: found.row.role });
    await audit(tx, s.ctx, {
      ...entry(s, 'member.invite.accept', 'invitation', found.row.id, { custId: found.cust.id }),
      actorCustId: found.cust.id,
    });
    return { custId: found.cust.id, custName: found.cust.name, role: found.row.role };
  });
  membershipChanged(s, s.actor.userId);
  return out;
}

// ---- join requests ----

/**
 * `GET /api2/user/customer/join?custId=`: a signed-in person asks to join an organization. One pending request per
 * pair; at most PENDING_REQUESTS_MAX pending at once. An organization whose certification failed, or that the
 * platform administrator disabled, is not found; administrators belong to no organization.
 */
export async function requestJoin(s: Scope, custId: string, message: string | undefined) {
  return s.db.transaction(async (tx) => {
    refuseAdminMembership(s.actor);
    const cust = await repo.findCustomer(tx, custId);
    // Refused and disabled organizations are not found (the directory hides them too).
    if (!cust || cust.status === CustStatus.auditFailed || cust.disabledAt)
      throw new AppError(CustErrors.notFound);
    if (await repo.roleIn(tx, s.actor.userId, custId)) throw new AppError(MemberErrors.alreadyMember);
    if ((await repo.countPendingRequestsOf(tx, s.actor.userId)) >= PENDING_REQUESTS_MAX)
      throw new AppError(JoinErrors.tooMany);
    const row = await repo.insertJoinRequest(tx, {
      custId,
      userId: s.actor.userId,
      message: message || null,
    });
    if (!row) throw new AppError(JoinErrors.pending);
    await audit(tx, s.ctx, entry(s, 'member.join.request', 'joinRequest', row.id, { custId }));
    return { id: row.id, custId, custName: cust.name, state: row.state, createTime: time(row.createdAt) };
  });
}

/** `GET /api2/cust/user/join/list`: the organization's pending join requests (owners). */
export async function listJoinRequests(s: Scope): Promise<JoinRequestRow[]> {
  const custId = await ownedOrg(s);
  return (await repo.pendingRequestsOf(s.db, custId)).map((r) => ({
    id: r.row.id,
    custId: r.row.custId,
    custName: r.custName,
    userId: r.row.userId,
    username: r.username,
    // The person asked to join: the owners deciding may reach them, whatever their search settings.
    email: contact(r.email, r.searchEmail, true),
    phone: contact(r.phone, r.searchPhone, true),
    message: r.row.message,
    state: r.row.state,
    createTime: time(r.row.createdAt),
  }));
}

/**
 * `GET /api2/cust/user/join/confirm?id=&accept=`: an owner accepts (a membership, role member) or refuses a pending
 * request of its organization. Another organization's request, or one already answered, is not found.
 */
export async function confirmJoin(s: Scope, id: string, accept: boolean) {
  const custId = await ownedOrg(s);
  const out = await s.db.transaction(async (tx) => {
    const row = await repo.decideJoinRequest(tx, id, custId, accept ? 1 : 2, s.actor.userId, new Date());
    if (!row) throw new AppError(JoinErrors.notFound);
    if (accept) await memberships.addMembership(tx, { userId: row.userId, custId, role: 'member' });
    await audit(
      tx,
      s.ctx,
      entry(s, accept ? 'member.join.accept' : 'member.join.refuse', 'joinRequest', id, {
        custId,
        userId: row.userId,
      }),
    );
    return { id, state: row.state, userId: row.userId };
  });
  if (accept) membershipChanged(s, out.userId);
  return out;
}

// ---- the caller's organizations ----

/** `GET /api2/user/customer/list`: the caller's memberships (current first marked) and pending join requests. */
export async function myOrganizations(db: Db, actor: Actor): Promise<MyOrganization[]> {
  const [member, pending] = await Promise.all([
    repo.membershipsOf(db, actor.userId),
    repo.pendingRequestsBy(db, actor.userId),
  ]);
  return [
    ...member.map((m) => ({
      ...m,
      state: 'member' as const,
      current: m.custId === actor.custId,
      time: time(m.time),
    })),
    ...pending.map((p) => ({
      ...p,
      state: 'pending' as const,
      role: null,
      current: false,
      time: time(p.time),
    })),
  ];
}

/** `GET /api2/cust/manageable`: the caller's organization and its child organizations (customers.parent_id). */
export async function manageable(db: Db, actor: Actor) {
  const custId = memberOrg(actor);
  return (await repo.manageableOf(db, custId)).map((c) => ({ ...c, isSelf: c.id === custId }));
}
