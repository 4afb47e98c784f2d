import { eq, or, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;

/** By username or e-mail, case-insensitively (both have a unique index on lower()). */
export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const l = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, l), eq(sql`lower(${users.email})`, l)))
    .limit(1);
  return row;
}

/**
 * What the actor of a request needs, in one statement: the enabled user and the organization it acts for, the one
 * `custId` names if the user is a member of it, else its first membership (oldest, then by name). A token issued
 * (`issuedAt`, whole seconds) before the second of `sessions_valid_from` is refused; one from that very second is
 * kept, since `iat` cannot tell before from after within it.
 */
export async function findActorRow(
  db: Queryable,
  userId: string,
  custId: string | null,
  issuedAt: number | null = null,
) {
  const [row] = await rowsOf<{
    id: string;
    username: string;
    is_admin: boolean;
    cust_id: string | null;
    cust_type: number | null;
  }>(
    db,
    sql`select u.id, u.username, u.is_admin, m.cust_id, m.cust_type from users u
      left join lateral (select m.cust_id, c.cust_type from memberships m join customers c on c.id = m.cust_id
        where m.user_id = u.id order by m.cust_id::text = ${custId} desc nulls last, m.created_at, c.name limit 1) m on true
      where u.id = ${userId} and not u.disabled
        and (u.sessions_valid_from is null or ${issuedAt}::bigint is null
          or ${issuedAt}::bigint >= floor(extract(epoch from u.sessions_valid_from)))`,
  );
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's property, locked for the rest of the transaction. */
export async function lockUserProperty(
  db: Queryable,
  id: string,
): Promise<{ property: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ property: users.property })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setUserProperty(db: Queryable, id: string, property: Record<string, unknown>) {
  await db.update(users).set({ property }).where(eq(users.id, id));
}

export async function setUserLanguage(db: Queryable, id: string, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

/** An organization's optional-screen switches (`/user/control/page`). */
export async function pageFlagsOf(db: Queryable, custId: string) {
  const [row] = await db
    .select({ order: customers.pageOrder, compare: customers.pageCompare, builder: customers.pageBuilder })
    .from(customers)
    .where(eq(customers.id, custId));
  return row;
}
