import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The user, locked for the rest of the transaction (undefined when gone). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Another account already uses this username (any letter case). */
export async function usernameTaken(db: Queryable, username: string, exceptId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Another account already uses this address (any letter case). */
export async function emailTaken(db: Queryable, email: string, exceptId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Another account already uses this number (compared without spaces and dashes). */
export async function phoneTaken(db: Queryable, phone: string, exceptId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`regexp_replace(${users.phone}, '[\\s-]', '', 'g') = ${phone}`, ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/**
 * Organizations where the user is the last administrator ('owner') and others are members: the account cannot be
 * deleted before one of them is made administrator (or leaves it alone).
 */
export async function orgsLeftWithoutOwner(db: Queryable, userId: string) {
  return rowsOf<{ cust_id: string }>(
    db,
    sql`select m.cust_id from memberships m
      where m.user_id = ${userId} and m.role = 'owner'
        and not exists (select 1 from memberships o where o.cust_id = m.cust_id and o.role = 'owner' and o.user_id <> ${userId})
        and exists (select 1 from memberships o where o.cust_id = m.cust_id and o.user_id <> ${userId})`,
  );
}
