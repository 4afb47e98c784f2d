import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { CustStatus, Privacy } from '@archway/contract';
import { customers } from '../orgs/orgs.schema.ts';
import { deviceReceivers, devices } from './devices.schema.ts';
import { entryLive } from './devices.repository.ts';

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
    .orderBy(customers.name, deviceReceivers.caseType);
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Receiver search: by name (substring) where the organization's custom search allows it (search_name), by exact
 * e-mail or phone only where both its custom search (search_email, search_phone) and its privacy bit for that field
 * allow it; organizations whose audit failed are never offered.
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
            sql`(${customers.privacy} & ${Privacy.email}) = 0`,
            sql`lower(${customers.email}) = ${key.toLowerCase()}`,
          ),
          and(
            eq(customers.searchPhone, true),
            sql`(${customers.privacy} & ${Privacy.phone}) = 0`,
            eq(customers.phone, key),
          ),
        ),
      ),
    )
    .orderBy(customers.name)
    .limit(max);
