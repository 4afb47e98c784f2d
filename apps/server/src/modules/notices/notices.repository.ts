import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { deviceAuths, devices } from '../devices/devices.schema.ts';
import { notices, notificationMails } from './notices.schema.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;

export async function insertNotices(db: Queryable, rows: NewNotice[]): Promise<NoticeRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notices).values(rows).returning();
}

/** A person's notices, unread first, then newest first. */
export async function listNotices(db: Queryable, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(sql`${notices.readAt} is not null`, desc(notices.createdAt))
    .limit(limit)
    .offset(offset);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.n ?? 0;
}

/** Marks the person's notices read: these ids, or every one when `ids` is undefined. */
export async function markRead(db: Queryable, userId: string, ids?: string[]): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(
      and(eq(notices.userId, userId), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined),
    )
    .returning({ id: notices.id });
  return rows.length;
}

/** Marks the person's reply notices on one case read (the thread was opened); answers how many. */
export async function markCaseRepliesRead(db: Queryable, userId: string, caseId: string): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notices.userId, userId),
        eq(notices.kind, 'reply'),
        eq(notices.caseId, caseId),
        isNull(notices.readAt),
      ),
    )
    .returning({ id: notices.id });
  return rows.length;
}

// ---- notification mails and service contacts (notify-mail.ts, case-notices.ts, device-notices.ts) -------------

/** The members of these organizations (not deleted), with what their notification mail needs. */
export async function membersOf(db: Queryable, custIds: string[]) {
  if (custIds.length === 0) return [];
  return db
    .selectDistinctOn([users.id], {
      userId: users.id,
      custId: memberships.custId,
      role: memberships.role,
      username: users.username,
      email: users.email,
      language: users.language,
      timeZone: users.timeZone,
      caseEmailNotice: users.caseEmailNotice,
      equipEmailNotice: users.equipEmailNotice,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.custId, custIds), isNull(users.deletedAt)))
    .orderBy(users.id);
}

/** Claims the one mail of (kind, object) for a person: true the first time only. */
export async function claimMail(db: Queryable, kind: string, objectId: string, userId: string) {
  const rows = await db
    .insert(notificationMails)
    .values({ kind, objectId, userId })
    .onConflictDoNothing()
    .returning({ userId: notificationMails.userId });
  return rows.length > 0;
}

export async function orgNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Live authorizations that end within the window (the expiry reminder's candidates). */
export async function authsExpiringBetween(db: Queryable, from: Date, to: Date) {
  return db
    .select({
      id: deviceAuths.id,
      custId: deviceAuths.custId,
      fromCustId: deviceAuths.fromCustId,
      expiresAt: deviceAuths.expiresAt,
      deviceId: devices.id,
      serial: devices.serial,
      name: devices.name,
    })
    .from(deviceAuths)
    .innerJoin(devices, eq(devices.id, deviceAuths.deviceId))
    .where(
      and(eq(deviceAuths.status, 'active'), gt(deviceAuths.expiresAt, from), lte(deviceAuths.expiresAt, to)),
    );
}

/** An organization's state for the service desk: its certification status and whether it owns or borrows devices. */
export async function orgServiceState(db: Queryable, custId: string) {
  const [org] = await db.select({ status: customers.status }).from(customers).where(eq(customers.id, custId));
  if (!org) return undefined;
  const [owned] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(eq(devices.ownerCustId, custId));
  const [lent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceAuths)
    .where(and(eq(deviceAuths.custId, custId), eq(deviceAuths.status, 'active')));
  return { status: org.status, devices: (owned?.n ?? 0) + (lent?.n ?? 0) };
}

export async function countNotices(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(eq(notices.userId, userId));
  return row?.n ?? 0;
}
