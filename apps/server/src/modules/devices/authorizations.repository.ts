import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedOn } from '../../platform/db/statement.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { deviceAuths, deviceReceivers, devices, deviceUsers } from './devices.schema.ts';
import type { Lookup } from './devices.repository.ts';

export type AuthRecord = typeof deviceAuths.$inferSelect;

const toCust = alias(customers, 'to_cust');
const fromCust = alias(customers, 'from_cust');

/** Authorization rows with serial and names, flat. */
const authSelection = {
  id: deviceAuths.id,
  deviceId: deviceAuths.deviceId,
  serial: devices.serial,
  ownerCustId: devices.ownerCustId,
  custId: deviceAuths.custId,
  custName: toCust.name,
  fromCustId: deviceAuths.fromCustId,
  fromCustName: fromCust.name,
  expiresAt: deviceAuths.expiresAt,
  status: deviceAuths.status,
  createdBy: deviceAuths.createdBy,
  createdAt: deviceAuths.createdAt,
};

/**
 * The authorizations of a page of devices that an organization may see: all of a device it owns, only its own
 * of a device it borrows. One query.
 */
/** Every device list runs it for its page: built and prepared once (platform/db/statement.ts). */
const visibleOnPage = preparedOn((db) =>
  db
    .select(authSelection)
    .from(deviceAuths)
    .innerJoin(devices, eq(devices.id, deviceAuths.deviceId))
    .innerJoin(toCust, eq(toCust.id, deviceAuths.custId))
    .innerJoin(fromCust, eq(fromCust.id, deviceAuths.fromCustId))
    .where(
      and(
        sql`${deviceAuths.deviceId} = any(${sql.placeholder('ids')}::uuid[])`,
        or(
          eq(devices.ownerCustId, sql.placeholder('custId')),
          eq(deviceAuths.custId, sql.placeholder('custId')),
        ),
      ),
    )
    .orderBy(desc(deviceAuths.createdAt))
    .prepare('device_auths_visible_on_page'),
);

export async function visibleAuthorizations(db: Queryable, deviceIds: string[], custId: string) {
  if (!deviceIds.length) return [];
  return visibleOnPage(db).execute({ ids: deviceIds, custId });
}

export async function authorizationRow(db: Queryable, id: string) {
  const [row] = await db
    .select(authSelection)
    .from(deviceAuths)
    .innerJoin(devices, eq(devices.id, deviceAuths.deviceId))
    .innerJoin(toCust, eq(toCust.id, deviceAuths.custId))
    .innerJoin(fromCust, eq(fromCust.id, deviceAuths.fromCustId))
    .where(eq(deviceAuths.id, id));
  return row;
}

export const findAuth = async (db: Queryable, id: string, { lock = false }: Lookup = {}) => {
  const q = db.select().from(deviceAuths).where(eq(deviceAuths.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

/** The latest authorization of a device for an organization (any status). */
export const findAuthFor = async (db: Queryable, deviceId: string, custId: string) =>
  (
    await db
      .select()
      .from(deviceAuths)
      .where(and(eq(deviceAuths.deviceId, deviceId), eq(deviceAuths.custId, custId)))
      .orderBy(desc(deviceAuths.updatedAt))
      .limit(1)
  )[0];

/** The live authorization of a device for an organization, if any. */
export const liveAuthFor = async (db: Queryable, deviceId: string, custId: string, now: Date) =>
  (
    await db
      .select()
      .from(deviceAuths)
      .where(
        and(
          eq(deviceAuths.deviceId, deviceId),
          eq(deviceAuths.custId, custId),
          eq(deviceAuths.status, 'active'),
          gt(deviceAuths.expiresAt, now),
        ),
      )
      .limit(1)
  )[0];

export const insertAuth = (db: Queryable, values: typeof deviceAuths.$inferInsert) =>
  db.insert(deviceAuths).values(values);

/** A recalled or expired authorization is restored rather than duplicated. */
export const restoreAuth = (
  db: Queryable,
  id: string,
  values: { expiresAt: Date; fromCustId: string; createdBy: string; now: Date },
) =>
  db
    .update(deviceAuths)
    .set({
      status: 'active',
      expiresAt: values.expiresAt,
      fromCustId: values.fromCustId,
      createdBy: values.createdBy,
      updatedAt: values.now,
    })
    .where(eq(deviceAuths.id, id));

export const setAuthExpiry = (db: Queryable, id: string, expiresAt: Date) =>
  db.update(deviceAuths).set({ expiresAt, updatedAt: new Date() }).where(eq(deviceAuths.id, id));

export const recallAuth = (db: Queryable, id: string) =>
  db
    .update(deviceAuths)
    .set({ status: 'recalled', updatedAt: new Date() })
    .where(and(eq(deviceAuths.id, id), eq(deviceAuths.status, 'active')));

/** Ends every live authorization whose time is up; returns what it ended. */
export const expireDueAuths = (db: Queryable, now = new Date()) =>
  db
    .update(deviceAuths)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(deviceAuths.status, 'active'), lte(deviceAuths.expiresAt, now)))
    .returning({ id: deviceAuths.id, deviceId: deviceAuths.deviceId, custId: deviceAuths.custId });

/**
 * A lending ends completely: the device users and receivers the borrowing organization added on the device
 * are deleted (the owner's own entries stay). Returns how many of each went.
 */
export async function endLending(db: Queryable, deviceId: string, borrowerCustId: string) {
  const users = await db
    .delete(deviceUsers)
    .where(and(eq(deviceUsers.deviceId, deviceId), eq(deviceUsers.createdByCustId, borrowerCustId)))
    .returning({ id: deviceUsers.id });
  const receivers = await db
    .delete(deviceReceivers)
    .where(and(eq(deviceReceivers.deviceId, deviceId), eq(deviceReceivers.createdByCustId, borrowerCustId)))
    .returning({ id: deviceReceivers.id });
  return { users: users.length, receivers: receivers.length };
}

/** A shortened lending shortens what the borrower gave others: no entry outlives the authorization. */
export async function clampLending(db: Queryable, deviceId: string, borrowerCustId: string, until: Date) {
  await db
    .update(deviceUsers)
    .set({ endsAt: until })
    .where(
      and(
        eq(deviceUsers.deviceId, deviceId),
        eq(deviceUsers.createdByCustId, borrowerCustId),
        gt(deviceUsers.endsAt, until),
      ),
    );
  await db
    .update(deviceReceivers)
    .set({ expiresAt: until })
    .where(
      and(
        eq(deviceReceivers.deviceId, deviceId),
        eq(deviceReceivers.createdByCustId, borrowerCustId),
        gt(deviceReceivers.expiresAt, until),
      ),
    );
}
