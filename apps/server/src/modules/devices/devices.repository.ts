import { and, count, desc, eq, getTableName, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../users/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { deviceAuths, deviceReceivers, deviceRegistry, devices, deviceUsers } from './devices.schema.ts';

export type DeviceRecord = typeof devices.$inferSelect;
export type AuthRecord = typeof deviceAuths.$inferSelect;

export const findRegistry = async (db: Queryable, serial: string) =>
  (await db.select().from(deviceRegistry).where(eq(deviceRegistry.serial, serial)).limit(1))[0];

export const findDeviceBySerial = async (db: Queryable, serial: string, lock = false) => {
  const q = db.select().from(devices).where(eq(devices.serial, serial)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

export const findDeviceById = async (db: Queryable, id: string, lock = false) => {
  const q = db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

export const findCustomer = async (db: Queryable, id: string) =>
  (await db.select().from(customers).where(eq(customers.id, id)).limit(1))[0];

// ---- who may see or act on a device ---------------------------------------

/** A table-qualified column: Drizzle leaves columns unqualified inside selected expressions. */
const q = (c: AnyPgColumn) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

const activeAuth = (custId: string, now: Date) =>
  sql`exists (select 1 from ${deviceAuths} where ${q(deviceAuths.deviceId)} = ${q(devices.id)} and ${q(deviceAuths.custId)} = ${custId} and ${q(deviceAuths.status)} = 'active' and ${q(deviceAuths.expiresAt)} > ${now})`;
const activeUser = (userId: string, now: Date) =>
  sql`exists (select 1 from ${deviceUsers} where ${q(deviceUsers.deviceId)} = ${q(devices.id)} and ${q(deviceUsers.userId)} = ${userId} and ${q(deviceUsers.startsAt)} <= ${now} and ${q(deviceUsers.endsAt)} > ${now})`;
const receiverOf = (custId: string) =>
  sql`exists (select 1 from ${deviceReceivers} where ${q(deviceReceivers.deviceId)} = ${q(devices.id)} and ${q(deviceReceivers.custId)} = ${custId})`;

export type DeviceScope = 'manageable' | 'usable' | 'all';

/** The devices an organization owns (manageable), may use (usable), or relates to in any way (all). */
export function scopeCondition(scope: DeviceScope, custId: string, userId: string, now = new Date()): SQL {
  const owner = eq(devices.ownerCustId, custId);
  if (scope === 'manageable') return owner;
  const usable = or(owner, activeAuth(custId, now), activeUser(userId, now))!;
  return scope === 'usable' ? usable : or(usable, receiverOf(custId))!;
}

/** Devices with an authorization (of any status) held by the organization, or granted by it as owner. */
export function lentCondition(lent: 'toMe' | 'byMe', custId: string): SQL {
  return lent === 'toMe'
    ? sql`exists (select 1 from ${deviceAuths} where ${q(deviceAuths.deviceId)} = ${q(devices.id)} and ${q(deviceAuths.custId)} = ${custId})`
    : and(
        eq(devices.ownerCustId, custId),
        sql`exists (select 1 from ${deviceAuths} where ${q(deviceAuths.deviceId)} = ${q(devices.id)} and ${q(deviceAuths.fromCustId)} = ${custId})`,
      )!;
}

export async function listDevices(
  db: Queryable,
  where: SQL,
  keyword: string | undefined,
  page: { pageIndex: number; pageSize: number },
) {
  const filter = keyword
    ? and(where, or(ilike(devices.serial, `%${keyword}%`), ilike(devices.name, `%${keyword}%`)))!
    : where;
  const [total] = await db.select({ n: count() }).from(devices).where(filter);
  const rows = await db
    .select({ device: devices, ownerName: customers.name })
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.ownerCustId))
    .where(filter)
    .orderBy(desc(devices.activatedAt), devices.serial)
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function deviceWithOwner(db: Queryable, id: string) {
  const [row] = await db
    .select({ device: devices, ownerName: customers.name })
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.ownerCustId))
    .where(eq(devices.id, id));
  return row;
}

/** Facts about one organization's relation to a device. */
export async function relation(
  db: Queryable,
  deviceId: string,
  custId: string,
  userId: string,
  now = new Date(),
) {
  const [row] = await db
    .select({
      authorized: activeAuth(custId, now).mapWith(Boolean),
      user: activeUser(userId, now).mapWith(Boolean),
      receiver: receiverOf(custId).mapWith(Boolean),
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? { authorized: false, user: false, receiver: false };
}

// ---- authorizations -------------------------------------------------------

const toCust = alias(customers, 'to_cust');
const fromCust = alias(customers, 'from_cust');

export async function authorizationsOf(db: Queryable, deviceIds: string[], onlyCustId?: string) {
  if (!deviceIds.length) return [];
  return db
    .select({ auth: deviceAuths, serial: devices.serial, custName: toCust.name, fromCustName: fromCust.name })
    .from(deviceAuths)
    .innerJoin(devices, eq(devices.id, deviceAuths.deviceId))
    .innerJoin(toCust, eq(toCust.id, deviceAuths.custId))
    .innerJoin(fromCust, eq(fromCust.id, deviceAuths.fromCustId))
    .where(
      and(
        inArray(deviceAuths.deviceId, deviceIds),
        onlyCustId ? eq(deviceAuths.custId, onlyCustId) : undefined,
      ),
    )
    .orderBy(desc(deviceAuths.createdAt));
}

export const findAuth = async (db: Queryable, id: string, lock = false) => {
  const q = db.select().from(deviceAuths).where(eq(deviceAuths.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

export const findAuthFor = async (db: Queryable, deviceId: string, custId: string) =>
  (
    await db
      .select()
      .from(deviceAuths)
      .where(and(eq(deviceAuths.deviceId, deviceId), eq(deviceAuths.custId, custId)))
      .orderBy(desc(deviceAuths.updatedAt))
      .limit(1)
  )[0];

export const hasActiveAuth = async (db: Queryable, deviceId: string, now = new Date()) =>
  (
    await db
      .select({ id: deviceAuths.id })
      .from(deviceAuths)
      .where(
        and(
          eq(deviceAuths.deviceId, deviceId),
          eq(deviceAuths.status, 'active'),
          gt(deviceAuths.expiresAt, now),
        ),
      )
      .limit(1)
  ).length > 0;

/** Ends every live authorization whose time is up; returns what it ended. */
export const expireDueAuths = (db: Queryable, now = new Date()) =>
  db
    .update(deviceAuths)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(deviceAuths.status, 'active'), lte(deviceAuths.expiresAt, now)))
    .returning({ id: deviceAuths.id, deviceId: deviceAuths.deviceId, custId: deviceAuths.custId });

// ---- users and receivers --------------------------------------------------

export const findUserByLogin = async (db: Queryable, login: string) =>
  (
    await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        or(
          eq(sql`lower(${users.username})`, login.toLowerCase()),
          eq(sql`lower(${users.email})`, login.toLowerCase()),
        ),
      )
      .limit(1)
  )[0];

export async function deviceUsersOf(db: Queryable, deviceId: string, createdByCustId?: string) {
  const memberCust = sql<
    string | null
  >`(select c.name from memberships m join customers c on c.id = m.cust_id where m.user_id = ${q(deviceUsers.userId)} order by m.created_at limit 1)`;
  return db
    .select({ row: deviceUsers, username: users.username, custName: memberCust })
    .from(deviceUsers)
    .innerJoin(users, eq(users.id, deviceUsers.userId))
    .where(
      and(
        eq(deviceUsers.deviceId, deviceId),
        createdByCustId ? eq(deviceUsers.createdByCustId, createdByCustId) : undefined,
      ),
    )
    .orderBy(desc(deviceUsers.createdAt));
}

export const findDeviceUser = async (db: Queryable, id: string) =>
  (await db.select().from(deviceUsers).where(eq(deviceUsers.id, id)).limit(1))[0];

export async function receiversOf(db: Queryable, deviceId: string) {
  return db
    .select({ row: deviceReceivers, cust: customers })
    .from(deviceReceivers)
    .innerJoin(customers, eq(customers.id, deviceReceivers.custId))
    .where(eq(deviceReceivers.deviceId, deviceId))
    .orderBy(customers.name, deviceReceivers.caseType);
}

/** Receiver entries of every device the organization routes (owns or holds a live authorization for). */
export async function receiverPage(
  db: Queryable,
  custId: string,
  page: { pageIndex: number; pageSize: number; ascending: boolean },
) {
  const routed = or(eq(devices.ownerCustId, custId), activeAuth(custId, new Date()))!;
  const [total] = await db
    .select({ n: count() })
    .from(deviceReceivers)
    .innerJoin(devices, eq(devices.id, deviceReceivers.deviceId))
    .where(routed);
  const rows = await db
    .select({ row: deviceReceivers, cust: customers, serial: devices.serial })
    .from(deviceReceivers)
    .innerJoin(devices, eq(devices.id, deviceReceivers.deviceId))
    .innerJoin(customers, eq(customers.id, deviceReceivers.custId))
    .where(routed)
    .orderBy(page.ascending ? deviceReceivers.createdAt : desc(deviceReceivers.createdAt), deviceReceivers.id)
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Recent authorization-type actions on a device, from the audit log (for the -228 frequency rule). */
export async function recentDeviceActions(db: Queryable, deviceId: string, since: Date) {
  const [row] = await db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where object_type = 'device' and object_id = ${deviceId} and at > ${since} and action like 'device.auth%'`,
    )
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  return row?.n ?? 0;
}
