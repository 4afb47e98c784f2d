import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { devices, deviceUsers } from './devices.schema.ts';
import { entryLive } from './devices.repository.ts';

export type DeviceUserRecord = typeof deviceUsers.$inferSelect;

/**
 * A member of the organization by username or e-mail (case-insensitive). Nobody outside the organization is
 * ever found, so the lookup reveals nothing about other people.
 */
export const findMemberByLogin = async (db: Queryable, custId: string, login: string) =>
  (
    await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.custId, custId)))
      .where(
        or(
          eq(sql`lower(${users.username})`, login.toLowerCase()),
          eq(sql`lower(${users.email})`, login.toLowerCase()),
        ),
      )
      .limit(1)
  )[0];

/**
 * The live device-user entries of a device (entries a borrower added count only while its lending runs).
 * `forCustId`: only entries that organization added or that name one of its members (a borrower's view).
 * Each row carries the person's first organization and its privacy bits.
 */
export async function deviceUsersOf(db: Queryable, deviceId: string, now: Date, forCustId?: string) {
  const personCust = sql<
    string | null
  >`(select m.cust_id from memberships m where m.user_id = ${deviceUsers.userId} order by m.created_at limit 1)`;
  return db
    .select({
      id: deviceUsers.id,
      deviceId: deviceUsers.deviceId,
      userId: deviceUsers.userId,
      username: users.username,
      startsAt: deviceUsers.startsAt,
      endsAt: deviceUsers.endsAt,
      createdBy: deviceUsers.createdBy,
      createdByCustId: deviceUsers.createdByCustId,
      custId: customers.id,
      custName: customers.name,
      custPrivacy: customers.privacy,
    })
    .from(deviceUsers)
    .innerJoin(users, eq(users.id, deviceUsers.userId))
    .innerJoin(devices, eq(devices.id, deviceUsers.deviceId))
    .leftJoin(customers, eq(customers.id, personCust))
    .where(
      and(
        eq(deviceUsers.deviceId, deviceId),
        sql`${entryLive('device_users', sql`${devices.ownerCustId}`, now)}`,
        forCustId
          ? or(
              eq(deviceUsers.createdByCustId, forCustId),
              sql`exists (select 1 from memberships mm where mm.user_id = ${deviceUsers.userId} and mm.cust_id = ${forCustId})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(deviceUsers.createdAt));
}

export const findDeviceUser = async (db: Queryable, id: string) =>
  (await db.select().from(deviceUsers).where(eq(deviceUsers.id, id)).limit(1))[0];

export async function insertDeviceUser(db: Queryable, values: typeof deviceUsers.$inferInsert) {
  const [added] = await db
    .insert(deviceUsers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: deviceUsers.id });
  return added;
}

export const setDeviceUserWindow = (db: Queryable, id: string, startsAt: Date, endsAt: Date) =>
  db.update(deviceUsers).set({ startsAt, endsAt }).where(eq(deviceUsers.id, id));

export const deleteDeviceUser = (db: Queryable, id: string) =>
  db.delete(deviceUsers).where(eq(deviceUsers.id, id));

/** The person's device-user windows that the organization granted (they end with the membership). */
export async function deleteWindowsGrantedBy(db: Queryable, userId: string, custId: string) {
  const rows = await db
    .delete(deviceUsers)
    .where(and(eq(deviceUsers.userId, userId), eq(deviceUsers.createdByCustId, custId)))
    .returning({ id: deviceUsers.id });
  return rows.length;
}
