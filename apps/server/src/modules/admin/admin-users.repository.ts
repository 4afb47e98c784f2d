import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type ConsoleUserRecord = typeof users.$inferSelect;

/**
 * The console's people search, newest first: a part of the username, e-mail or phone (any letter case), with the
 * disabled and administrator filters. Deleted accounts (anonymized rows kept for the record) are left out.
 */
export async function listUsers(
  db: Queryable,
  q: {
    keyword?: string | undefined;
    disabled?: boolean | undefined;
    admin?: boolean | undefined;
    pageIndex: number;
    pageSize: number;
  },
) {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const filters: (SQL | undefined)[] = [
    isNull(users.deletedAt),
    like ? or(ilike(users.username, like), ilike(users.email, like), ilike(users.phone, like)) : undefined,
    q.disabled === undefined ? undefined : eq(users.disabled, q.disabled),
    q.admin === undefined ? undefined : eq(users.isAdmin, q.admin),
  ];
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** An account that is not deleted, or undefined. */
export async function userById(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The account's row, locked for the rest of the transaction (deleted accounts: undefined). */
export async function lockUser(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** The organizations of a page of people, oldest membership first. */
export const orgsOfUsers = (db: Queryable, userIds: string[]) =>
  userIds.length
    ? db
        .select({
          userId: memberships.userId,
          id: customers.id,
          name: customers.name,
          role: memberships.role,
          disabledAt: customers.disabledAt,
        })
        .from(memberships)
        .innerJoin(customers, eq(customers.id, memberships.custId))
        .where(inArray(memberships.userId, userIds))
        .orderBy(asc(memberships.createdAt), asc(byName(customers.name)))
    : Promise.resolve([]);

/**
 * The last successful sign-in of each of a page of people, from the audit log: per person, its entries newest first
 * off `audit_actor` (actor, time), the first `signIn` that was allowed.
 */
export async function lastSignIns(db: Queryable, userIds: string[]): Promise<Map<string, Date>> {
  if (!userIds.length) return new Map();
  const rows = await rowsOf<{ user_id: string; at: Date | string }>(
    db,
    sql`select u.id as user_id, s.at from unnest(array[${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) u(id)
      cross join lateral (select a.at from audit_log a where a.actor_user_id = u.id and a.action = 'signIn'
        and a.outcome = 'allowed' order by a.at desc limit 1) s`,
  );
  return new Map(rows.map((r) => [r.user_id, new Date(r.at)]));
}

/** Every administrator account (deleted ones left out), oldest first. */
export const listAdmins = (db: Queryable) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(byName(users.username)));

/** Whether any administrator account exists (the first-administrator command refuses then). */
export async function anyAdmin(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return row !== undefined;
}

/** Serializes creating administrators (the first-administrator check, two creations of one name). */
export async function lockAdminCreation(db: Queryable) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('console:admin-create'))`);
}
