import { count, desc, eq, ilike } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { deviceRegistry, devices } from './devices.schema.ts';

export async function listRegistry(
  db: Queryable,
  q: { keyword?: string | undefined; pageIndex: number; pageSize: number },
) {
  const where = q.keyword ? ilike(deviceRegistry.serial, `%${escapeLike(q.keyword)}%`) : undefined;
  const [total] = await db.select({ n: count() }).from(deviceRegistry).where(where);
  const rows = await db
    .select({ reg: deviceRegistry, ownerName: customers.name })
    .from(deviceRegistry)
    .leftJoin(devices, eq(devices.serial, deviceRegistry.serial))
    .leftJoin(customers, eq(customers.id, devices.ownerCustId))
    .where(where)
    .orderBy(desc(deviceRegistry.createdAt), deviceRegistry.serial)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Inserts what is new; answers the serials it inserted. */
export const insertRegistry = (db: Queryable, rows: { serial: string; bindCode: string; area: string }[]) =>
  db.insert(deviceRegistry).values(rows).onConflictDoNothing().returning({ serial: deviceRegistry.serial });
