import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { accountTokens } from '../account/account.schema.ts';
import { memberships } from '../orgs/orgs.schema.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The user, locked for the rest of the transaction (undefined when gone). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setUserFields(
  db: Queryable,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'username'
      | 'country'
      | 'region'
      | 'city'
      | 'street'
      | 'avatar'
      | 'email'
      | 'emailConfirmed'
      | 'phone'
      | 'phoneConfirmed'
      | 'wxId'
      | 'passwordHash'
    >
  >,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
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

/** The newest phone code of the user that is neither used nor expired. */
export async function livePhoneCode(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'changePhone'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** When the user was last sent a phone code (used or not). */
export async function lastPhoneCodeAt(db: Queryable, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'changePhone')))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.at;
}

export const insertPhoneCode = (
  db: Queryable,
  values: { id: string; userId: string; tokenHash: string; phone: string; expiresAt: Date },
) => db.insert(accountTokens).values({ ...values, purpose: 'changePhone' });

/** Spends one token (a phone code that was used, or given up after too many wrong tries). */
export const spendToken = (db: Queryable, id: string) =>
  db.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, id));

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

/** The account deleted: memberships and pending links removed, the row kept anonymized and disabled. */
export async function anonymize(db: Queryable, userId: string) {
  await db.delete(memberships).where(eq(memberships.userId, userId));
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await db
    .update(users)
    .set({
      username: `deleted-${userId}`,
      passwordHash: '!deleted',
      email: null,
      phone: null,
      wxId: null,
      avatar: null,
      country: null,
      region: null,
      city: null,
      street: null,
      emailConfirmed: '2',
      phoneConfirmed: '2',
      property: {},
      disabled: true,
      deletedAt: sql`now()`,
      searchEmail: false,
      searchPhone: false,
      searchName: false,
    })
    .where(eq(users.id, userId));
}
