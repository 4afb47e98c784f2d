import { eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
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
