import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../users/users.schema.ts';
import { attachments, customers } from './orgs.schema.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
