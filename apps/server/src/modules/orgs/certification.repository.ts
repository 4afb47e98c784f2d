import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { users } from '../account/users.schema.ts';
import { customers } from './orgs.schema.ts';
import { attachments } from '../attachments/attachments.schema.ts';
import { byName } from '../../platform/db/collation.ts';

/**
 * Organizations of one certification status for the administrator, with their licence and creator. The queue
 * (status 1) is first come, first served; decided ones are newest first.
 */
export async function listForCertification(
  db: Queryable,
  q: { status: number; keyword?: string | undefined; pageIndex: number; pageSize: number },
) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = and(
    eq(customers.status, q.status),
    like
      ? or(ilike(customers.name, like), ilike(customers.creditCode, like), ilike(customers.email, like))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select({ customer: customers, licence: attachments, createdBy: users.username })
    .from(customers)
    .leftJoin(attachments, sql`${attachments.id}::text = ${customers.licenseFile}`)
    .leftJoin(users, eq(users.id, customers.createdBy))
    .where(where)
    .orderBy(q.status === 1 ? asc(customers.registTime) : desc(customers.registTime), customers.id)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Records the administrator's decision. */
export async function setAudit(
  db: Queryable,
  id: string,
  decision: { status: number; reason: string | null; by: string },
) {
  const [row] = await db
    .update(customers)
    .set({
      status: decision.status,
      auditReason: decision.reason,
      auditedAt: new Date(),
      auditedBy: decision.by,
    })
    .where(eq(customers.id, id))
    .returning();
  return row!;
}

const flagColumns = {
  id: customers.id,
  name: customers.name,
  custType: customers.custType,
  status: customers.status,
  order: customers.pageOrder,
  compare: customers.pageCompare,
  builder: customers.pageBuilder,
};

/** Every organization with its optional-screen switches, by name. */
export async function listPageFlags(
  db: Queryable,
  q: { keyword?: string | undefined; pageIndex: number; pageSize: number },
) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = like ? or(ilike(customers.name, like), ilike(customers.email, like)) : undefined;
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select(flagColumns)
    .from(customers)
    .where(where)
    .orderBy(asc(byName(customers.name)), customers.id)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Changes an organization's switches; answers the row, or undefined when there is no such organization. */
export async function setPageFlags(
  db: Queryable,
  id: string,
  flags: { order?: boolean | undefined; compare?: boolean | undefined; builder?: boolean | undefined },
) {
  const [row] = await db
    .update(customers)
    .set({ pageOrder: flags.order, pageCompare: flags.compare, pageBuilder: flags.builder })
    .where(eq(customers.id, id))
    .returning(flagColumns);
  return row;
}
