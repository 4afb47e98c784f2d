import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { caseBoxCounts } from '../cases/cases.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type ConsoleCustomerRow = typeof customers.$inferSelect;

/**
 * People who belong to the organization and scanners bound to it, per row (index lookups). Written out: Drizzle
 * leaves column names unqualified inside a selected subquery, where `id` would be the inner table's.
 */
const memberCount = sql<number>`(select count(*)::int from memberships cm where cm.cust_id = customers.id)`;
const deviceCount = sql<number>`(select count(*)::int from devices cd where cd.owner_cust_id = customers.id)`;

const rowColumns = {
  customer: customers,
  members: memberCount,
  devices: deviceCount,
};

/**
 * The console's organization search, newest first: a part of the name, e-mail, phone or credit code (any letter
 * case), and the certification status, type and disabled filters.
 */
export async function listOrgs(
  db: Queryable,
  q: {
    keyword?: string | undefined;
    status?: number | undefined;
    type?: number | undefined;
    disabled?: boolean | undefined;
    pageIndex: number;
    pageSize: number;
  },
) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const filters: (SQL | undefined)[] = [
    like
      ? or(
          ilike(customers.name, like),
          ilike(customers.email, like),
          ilike(customers.phone, like),
          ilike(customers.creditCode, like),
        )
      : undefined,
    q.status === undefined ? undefined : eq(customers.status, q.status),
    q.type === undefined ? undefined : eq(customers.custType, q.type),
    q.disabled === undefined
      ? undefined
      : q.disabled
        ? isNotNull(customers.disabledAt)
        : isNull(customers.disabledAt),
  ];
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select(rowColumns)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.registTime), customers.id)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** One organization with its counts, or undefined. */
export async function orgById(db: Queryable, id: string) {
  const [row] = await db.select(rowColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** The organization's people, owners first, then by when they joined. */
export const membersOf = (db: Queryable, custId: string) =>
  db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      role: memberships.role,
      disabled: users.disabled,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.custId, custId))
    .orderBy(
      sql`${memberships.role} = 'owner' desc`,
      asc(memberships.createdAt),
      asc(byName(users.username)),
    );

/** The ids of the organization's people (told to renew their tokens when it is disabled or enabled). */
export async function memberIdsOf(db: Queryable, custId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(eq(memberships.custId, custId));
  return rows.map((r) => r.id);
}

/** Case copies the organization holds: its box and its recycle bin (the kept counters, no case is read). */
export async function caseCountOf(db: Queryable, custId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${caseBoxCounts.n}), 0)::int` })
    .from(caseBoxCounts)
    .where(eq(caseBoxCounts.custId, custId));
  return row?.n ?? 0;
}

/** The reason given with the latest disabling of the organization (its audit entry), if any. */
export async function lastDisableReason(db: Queryable, custId: string): Promise<string | null> {
  const [row] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'customer'),
        eq(auditLog.objectId, custId),
        eq(auditLog.action, 'console.org.disable'),
        eq(auditLog.outcome, 'allowed'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const reason = row?.detail?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** The organization's row, locked for the rest of the transaction. */
export async function lockOrg(db: Queryable, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}
