import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { deviceReceivers, devices } from './devices.schema.ts';
import { entryLive } from './devices.repository.ts';
import { byName } from '../../platform/db/collation.ts';

export type ReceiverRecord = typeof deviceReceivers.$inferSelect;

/** Live receiver entries of a device (a borrower's entries count only while its lending runs), with the organization. */
export async function receiversOf(db: Queryable, deviceId: string, now: Date) {
  return db
    .select({ row: deviceReceivers, cust: customers })
    .from(deviceReceivers)
    .innerJoin(customers, eq(customers.id, deviceReceivers.custId))
    .innerJoin(devices, eq(devices.id, deviceReceivers.deviceId))
    .where(
      and(
        eq(deviceReceivers.deviceId, deviceId),
        sql`${entryLive('device_receivers', sql`${devices.ownerCustId}`, now)}`,
      ),
    )
    .orderBy(byName(customers.name), deviceReceivers.caseType);
}

/** Receiver entries of every device the organization routes (owns or holds a live authorization for). */
export async function receiverPage(
  db: Queryable,
  custId: string,
  page: { pageIndex: number; pageSize: number; ascending: boolean },
  now: Date,
) {
  const routed = and(
    or(
      eq(devices.ownerCustId, custId),
      sql`exists (select 1 from device_auths a where a.device_id = ${devices.id} and a.cust_id = ${custId} and a.status = 'active' and a.expires_at > ${now})`,
    ),
    sql`${entryLive('device_receivers', sql`${devices.ownerCustId}`, now)}`,
  );
  const [total] = await db
    .select({ n: count() })
    .from(deviceReceivers)
    .innerJoin(devices, eq(devices.id, deviceReceivers.deviceId))
    .where(routed);
  const rows = await db
    .select({
      row: deviceReceivers,
      cust: customers,
      serial: devices.serial,
      ownerCustId: devices.ownerCustId,
      lent: sql<boolean>`exists (select 1 from device_auths l where l.device_id = ${devices.id} and l.status = 'active' and l.expires_at > ${now})`,
    })
    .from(deviceReceivers)
    .innerJoin(devices, eq(devices.id, deviceReceivers.deviceId))
    .innerJoin(customers, eq(customers.id, deviceReceivers.custId))
    .where(routed)
    .orderBy(
      page.ascending ? asc(deviceReceivers.createdAt) : desc(deviceReceivers.createdAt),
      deviceReceivers.id,
    )
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  return { total: total?.n ?? 0, rows };
}

export const receiverRowsFor = (db: Queryable, deviceId: string, custId: string, ids: string[]) =>
  db
    .select()
    .from(deviceReceivers)
    .where(
      and(
        eq(deviceReceivers.deviceId, deviceId),
        eq(deviceReceivers.custId, custId),
        inArray(deviceReceivers.id, ids),
      ),
    );

export const deleteReceivers = (db: Queryable, ids: string[]) =>
  db.delete(deviceReceivers).where(inArray(deviceReceivers.id, ids));
