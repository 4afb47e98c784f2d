import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from './users.schema.ts';

/**
 * Writes of the users row for the modules above account (users: the profile, property, language and the deleted
 * account; orgs: a person's search and mail settings; admin: the console's switches and new administrators). The row
 * is the account's (its identity: credentials, sessions, confirmation); they reach these through user-row.service.ts.
 */

type UserRow = typeof users.$inferSelect;

export async function setUserFields(
  db: Queryable,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'username'
      | 'name'
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

/** The account deleted: the row kept anonymized and disabled (memberships and links go through their modules). */
export async function anonymizeUser(db: Queryable, userId: string) {
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

export async function setUserProperty(db: Queryable, id: string, property: Record<string, unknown>) {
  await db.update(users).set({ property }).where(eq(users.id, id));
}

/** The person's language (one of the 15, or a culture zh/en) and, when given, time zone. */
export async function setUserLanguage(db: Queryable, id: string, language: string, timeZone?: string) {
  await db
    .update(users)
    .set({ language, ...(timeZone ? { timeZone } : {}) })
    .where(eq(users.id, id));
}

/** The stored language and time zone, locked for the rest of the transaction. */
export async function lockUserLanguage(db: Queryable, id: string) {
  const [row] = await db
    .select({ language: users.language, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function updateUserSettings(
  db: Queryable,
  userId: string,
  set: Partial<
    Pick<
      typeof users.$inferInsert,
      'searchEmail' | 'searchPhone' | 'searchName' | 'caseEmailNotice' | 'equipEmailNotice'
    >
  >,
) {
  const rows = await db.update(users).set(set).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export async function setUserDisabled(db: Queryable, id: string, disabled: boolean) {
  await db.update(users).set({ disabled }).where(eq(users.id, id));
}

export async function setPasswordResetRequired(db: Queryable, id: string) {
  await db.update(users).set({ passwordResetRequired: true }).where(eq(users.id, id));
}

/**
 * A new administrator account: confirmed e-mail (the administrator who creates it vouches for it), no organization,
 * the first-use guide skipped. Undefined when the username or the e-mail was taken meanwhile.
 */
export async function insertAdmin(
  db: Queryable,
  values: { username: string; email: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      isAdmin: true,
      emailConfirmed: '1',
      property: { skipNovice: 'yes' },
    })
    .onConflictDoNothing()
    .returning();
  return row;
}
