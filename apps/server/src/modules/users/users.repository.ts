import { and, asc, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { signInFailures } from '../../platform/identity/identity.schema.ts';
import { customers, memberships, users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const l = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, l), eq(sql`lower(${users.email})`, l)))
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's organization: the one asked for if the user belongs to it, else the earliest membership. */
export async function findMembership(db: Queryable, userId: string, custId?: string) {
  const rows = await db
    .select({ customer: customers, role: memberships.role })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.custId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(customers.name));
  return rows.find((r) => r.customer.id === custId) ?? rows[0];
}

export async function findCustomerById(db: Queryable, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

export async function setUserProperty(db: Queryable, id: string, property: Record<string, unknown>) {
  await db.update(users).set({ property }).where(eq(users.id, id));
}

export async function setUserLanguage(db: Queryable, id: string, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

export async function setCustomerProperty(db: Queryable, id: string, property: Record<string, unknown>) {
  await db.update(customers).set({ property }).where(eq(customers.id, id));
}

export async function countRecentFailures(db: Queryable, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.at, since)));
  return row?.n ?? 0;
}

export async function recordFailures(db: Queryable, keys: string[]): Promise<void> {
  await db.insert(signInFailures).values(keys.map((key) => ({ key })));
  await db.delete(signInFailures).where(lt(signInFailures.at, new Date(Date.now() - 24 * 3600 * 1000)));
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}
