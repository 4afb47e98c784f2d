import { and, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CooperationState, CustStatus, Privacy } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { users } from '../account/users.schema.ts';
import { customers, fieldShown, memberships } from '../orgs/orgs.schema.ts';
import { cooperations } from '../partners/partners.schema.ts';
import { joinRequests } from '../members/members.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type PersonRow = typeof users.$inferSelect;

/**
 * Organization search: by name (substring) where its name search is on; by exact e-mail or phone only where the
 * privacy bit for that field is clear and its search flag is on. Certification-failed organizations are left out.
 */
export const searchCustomers = (db: Queryable, key: string, max: number) =>
  db
    .select()
    .from(customers)
    .where(
      and(
        ne(customers.status, CustStatus.auditFailed),
        // Disabled by the platform administrator: hidden until enabled again.
        isNull(customers.disabledAt),
        or(
          and(eq(customers.searchName, true), ilike(customers.name, `%${escapeLike(key)}%`)),
          and(
            eq(customers.searchEmail, true),
            fieldShown(Privacy.email),
            sql`lower(${customers.email}) = lower(${key})`,
          ),
          and(eq(customers.searchPhone, true), fieldShown(Privacy.phone), eq(customers.phone, key)),
        ),
      ),
    )
    .orderBy(asc(byName(customers.name)))
    .limit(max);

export const customerById = async (db: Queryable, id: string) =>
  (await db.select().from(customers).where(eq(customers.id, id)).limit(1))[0];

/** The person's first organization (oldest membership, then by name), as the actor rule picks it. */
export async function firstOrgOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ cust: customers })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.custId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(users.disabled, false)))
    .orderBy(asc(memberships.createdAt), asc(byName(customers.name)))
    .limit(1);
  return row?.cust;
}

/** Which of these organizations the person is a member of, and which they asked to join (pending). */
export async function relationsTo(db: Queryable, userId: string, custIds: string[]) {
  if (!custIds.length) return { member: new Set<string>(), pending: new Set<string>() };
  const [m, p] = await Promise.all([
    db
      .select({ custId: memberships.custId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), inArray(memberships.custId, custIds))),
    db
      .select({ custId: joinRequests.custId })
      .from(joinRequests)
      .where(
        and(
          eq(joinRequests.userId, userId),
          eq(joinRequests.state, 0),
          inArray(joinRequests.custId, custIds),
        ),
      ),
  ]);
  return { member: new Set(m.map((r) => r.custId)), pending: new Set(p.map((r) => r.custId)) };
}

/**
 * People by exact username, e-mail (any letter case) or phone, each only where the person's search setting for it is
 * on; disabled and deleted accounts never. At most 5.
 */
export const findPeople = (db: Queryable, key: string) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        isNull(users.deletedAt),
        or(
          and(eq(users.searchName, true), sql`lower(${users.username}) = lower(${key})`),
          and(eq(users.searchEmail, true), sql`lower(${users.email}) = lower(${key})`),
          and(eq(users.searchPhone, true), eq(users.phone, key)),
        ),
      ),
    )
    .orderBy(asc(byName(users.username)))
    .limit(5);

export const personById = async (db: Queryable, id: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.disabled, false), isNull(users.deletedAt)))
      .limit(1)
  )[0];

const viewerM = alias(memberships, 'viewer_m');

/**
 * The organizations a viewer shares with each of these people: the person's membership there and the viewer's role
 * (one per person: where the viewer is an owner if anywhere, else the oldest).
 */
export async function sharedMemberships(db: Queryable, viewerId: string, personIds: string[]) {
  if (!personIds.length) return new Map<string, Shared>();
  const rows = await db
    .select({
      userId: memberships.userId,
      custId: customers.id,
      custName: customers.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      viewerRole: viewerM.role,
    })
    .from(memberships)
    .innerJoin(viewerM, and(eq(viewerM.custId, memberships.custId), eq(viewerM.userId, viewerId)))
    .innerJoin(customers, eq(customers.id, memberships.custId))
    .where(inArray(memberships.userId, personIds))
    .orderBy(sql`${viewerM.role} = 'owner' desc`, asc(memberships.createdAt), asc(byName(customers.name)));
  const map = new Map<string, Shared>();
  for (const r of rows) if (!map.has(r.userId)) map.set(r.userId, r);
  return map;
}
export interface Shared {
  custId: string;
  custName: string;
  role: 'owner' | 'member';
  joinedAt: Date;
  viewerRole: 'owner' | 'member';
}

/**
 * Which of these people belong to an organization in an open cooperation with `custId` (either side applied), in
 * one query.
 */
export async function cooperatingPeople(db: Queryable, custId: string | null, personIds: string[]) {
  if (!custId || !personIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      cooperations,
      and(
        eq(cooperations.state, CooperationState.open),
        or(
          and(eq(cooperations.applicantId, custId), eq(cooperations.partnerId, memberships.custId)),
          and(eq(cooperations.partnerId, custId), eq(cooperations.applicantId, memberships.custId)),
        ),
      ),
    )
    .where(inArray(memberships.userId, personIds));
  return new Set(rows.map((r) => r.userId));
}
