import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { invitations, joinRequests } from './members.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type Role = 'owner' | 'member';

/** The person's role in the organization, or undefined when not a member. */
export async function roleIn(db: Queryable, userId: string, custId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.custId, custId)))
    .limit(1);
  return row?.role;
}

/** The organization's owners, their membership rows locked for the rest of the transaction. */
export async function lockOwners(db: Queryable, custId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.custId, custId), eq(memberships.role, 'owner')))
    .for('update');
  return rows.map((r) => r.userId);
}

/** Members of an organization with what the member list shows (oldest first). */
export const membersOf = (db: Queryable, custId: string) =>
  db
    .select({
      userId: users.id,
      username: users.username,
      avatar: users.avatar,
      email: users.email,
      phone: users.phone,
      searchEmail: users.searchEmail,
      searchPhone: users.searchPhone,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.custId, custId))
    .orderBy(asc(memberships.createdAt), asc(byName(users.username)));

export const findCustomer = async (db: Queryable, id: string) =>
  (await db.select().from(customers).where(eq(customers.id, id)).limit(1))[0];

export const findUser = async (db: Queryable, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** An enabled account with this e-mail address (any letter case). */
export const findUserByEmail = async (db: Queryable, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.disabled, false)))
      .limit(1)
  )[0];

/** Whether someone with this e-mail address is a member of the organization. */
export async function isMemberByEmail(db: Queryable, custId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.custId, custId), sql`lower(${users.email}) = lower(${email})`));
  return (row?.n ?? 0) > 0;
}

// ---- invitations ----

export const countInvitationsSince = async (db: Queryable, custId: string, since: Date) =>
  (
    await db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.custId, custId), gt(invitations.createdAt, since)))
  )[0]?.n ?? 0;

/** Ends the pending invitations of an address (a newer one replaces them). */
export const expirePendingInvitations = (db: Queryable, custId: string, email: string, now: Date) =>
  db
    .update(invitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(invitations.custId, custId),
        sql`lower(${invitations.email}) = lower(${email})`,
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    );

export async function insertInvitation(
  db: Queryable,
  values: {
    custId: string;
    email: string;
    role: Role;
    invitedBy: string;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

const inviter = alias(users, 'inviter');
const accepter = alias(users, 'accepter');

/** The organization's latest invitations (at most 100) with who sent and who accepted each. */
export const invitationsOf = (db: Queryable, custId: string) =>
  db
    .select({ row: invitations, invitedBy: inviter.username, acceptedBy: accepter.username })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .leftJoin(accepter, eq(accepter.id, invitations.acceptedBy))
    .where(eq(invitations.custId, custId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(100);

/** A live (unused, unexpired) invitation by its token's hash, with its organization and who sent it. */
export async function liveInvitation(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ row: invitations, cust: customers, invitedBy: inviter.username })
    .from(invitations)
    .innerJoin(customers, eq(customers.id, invitations.custId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a live invitation accepted by `userId`; undefined when it was used or expired meanwhile. */
export async function useInvitation(db: Queryable, id: string, userId: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning();
  return row;
}

/** Withdraws a pending invitation of the organization; undefined when there is none by that id. */
export async function withdrawInvitation(db: Queryable, id: string, custId: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.custId, custId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  return row;
}

// ---- join requests ----

export const countPendingRequestsOf = async (db: Queryable, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(joinRequests)
      .where(and(eq(joinRequests.userId, userId), eq(joinRequests.state, 0)))
  )[0]?.n ?? 0;

/** A new pending request; undefined when one is already pending for the pair. */
export async function insertJoinRequest(
  db: Queryable,
  values: { custId: string; userId: string; message: string | null },
) {
  const [row] = await db
    .insert(joinRequests)
    .values(values)
    .onConflictDoNothing({ target: [joinRequests.custId, joinRequests.userId], where: sql`state = 0` })
    .returning();
  return row;
}

/** The organization's pending join requests with the requester (oldest first, at most 200). */
export const pendingRequestsOf = (db: Queryable, custId: string) =>
  db
    .select({
      row: joinRequests,
      custName: customers.name,
      username: users.username,
      email: users.email,
      phone: users.phone,
      searchEmail: users.searchEmail,
      searchPhone: users.searchPhone,
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .innerJoin(customers, eq(customers.id, joinRequests.custId))
    .where(and(eq(joinRequests.custId, custId), eq(joinRequests.state, 0)))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
    .limit(200);

/** Decides a pending request of the organization; undefined when there is no such pending request. */
export async function decideJoinRequest(
  db: Queryable,
  id: string,
  custId: string,
  state: 1 | 2,
  by: string,
  now: Date,
) {
  const [row] = await db
    .update(joinRequests)
    .set({ state, decidedAt: now, decidedBy: by })
    .where(and(eq(joinRequests.id, id), eq(joinRequests.custId, custId), eq(joinRequests.state, 0)))
    .returning();
  return row;
}

// ---- the caller's organizations ----

export const membershipsOf = (db: Queryable, userId: string) =>
  db
    .select({
      custId: customers.id,
      custName: customers.name,
      custType: customers.custType,
      status: customers.status,
      role: memberships.role,
      time: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.custId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(byName(customers.name)));

export const pendingRequestsBy = (db: Queryable, userId: string) =>
  db
    .select({
      custId: customers.id,
      custName: customers.name,
      custType: customers.custType,
      status: customers.status,
      time: joinRequests.createdAt,
    })
    .from(joinRequests)
    .innerJoin(customers, eq(customers.id, joinRequests.custId))
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.state, 0)))
    .orderBy(asc(joinRequests.createdAt));

/** The organization and its direct children (customers.parent_id), the organization first. */
export const manageableOf = (db: Queryable, custId: string) =>
  db
    .select({
      id: customers.id,
      name: customers.name,
      custType: customers.custType,
      status: customers.status,
      parentId: customers.parentId,
    })
    .from(customers)
    .where(sql`${customers.id} = ${custId} or ${customers.parentId} = ${custId}`)
    .orderBy(sql`${customers.id} = ${custId} desc`, asc(byName(customers.name)));
