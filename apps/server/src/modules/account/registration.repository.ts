import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { endAccountGrants } from '../../platform/identity/oidc-adapter.ts';
import { users } from './users.schema.ts';
import { accountTokens } from './account.schema.ts';

export type TokenPurpose = 'confirmEmail' | 'resetPassword' | 'changeEmail' | 'changePhone';

/** A new user, or undefined when the username or the e-mail address is taken (which one: `taken`). */
export async function insertUser(
  db: Queryable,
  values: {
    username: string;
    email: string;
    passwordHash: string;
    country: string;
    region?: string;
    language: string;
    timeZone?: string;
  },
) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Which of the two is taken (case-insensitive), username first. */
export async function taken(
  db: Queryable,
  username: string,
  email: string,
): Promise<'username' | 'email' | null> {
  const [row] = await db
    .select({
      username: sql<boolean>`bool_or(lower(${users.username}) = lower(${username}))`,
      email: sql<boolean>`bool_or(lower(${users.email}) = lower(${email}))`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  return row?.username ? 'username' : row?.email ? 'email' : null;
}

export const findUserByEmail = async (db: Queryable, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
  )[0];

/** The account, locked for the rest of the transaction (one confirmation request at a time). */
export const lockUser = async (db: Queryable, userId: string) =>
  (
    await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        emailConfirmed: users.emailConfirmed,
        language: users.language,
        disabled: users.disabled,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
  )[0];

export const insertToken = (
  db: Queryable,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; email?: string; expiresAt: Date },
) => db.insert(accountTokens).values(values);

/** Marks a live token used and answers it (with its user), or undefined: unknown, used, expired. */
export async function useToken(db: Queryable, purpose: TokenPurpose, tokenHash: string) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** How many tokens of a purpose the user was sent since `since` (a cap on mails one person can trigger). */
export async function tokensSince(db: Queryable, userId: string, purpose: TokenPurpose, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export const confirmEmail = (db: Queryable, userId: string, email: string) =>
  db
    .update(users)
    .set({ emailConfirmed: '1' })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
    .returning({ id: users.id, username: users.username, email: users.email });

/** The new password; a reset the administrator required (`password_reset_required`) is done with it. */
export const setPasswordHash = (db: Queryable, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, passwordResetRequired: false }).where(eq(users.id, userId));

/** Every other live reset link of the user stops working (the one used, and older ones). */
export const retireTokens = (db: Queryable, userId: string, purpose: TokenPurpose) =>
  db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );

/**
 * A confirmed e-mail change: the account takes the address the link was sent to, confirmed, unless another account
 * took it meanwhile (then nothing changes and undefined is answered).
 */
export async function takeEmail(db: Queryable, userId: string, email: string) {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId}`)
    .limit(1);
  if (clash) return undefined;
  const [row] = await db
    .update(users)
    .set({ email, emailConfirmed: '1' })
    .where(and(eq(users.id, userId), eq(users.disabled, false)))
    .returning({ id: users.id, username: users.username, email: users.email });
  return row;
}

/**
 * Ends every session of the account: access tokens issued before now are refused (users.sessions_valid_from, checked
 * in `findActorRow`), and the OpenID provider's sessions, grants and refresh tokens of the account are removed, so a
 * silent renew cannot mint a new one.
 */
export async function endSessions(db: Queryable, userId: string) {
  await db
    .update(users)
    .set({ sessionsValidFrom: sql`now()` })
    .where(eq(users.id, userId));
  await endAccountGrants(db, userId);
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

/** Every one-time token of the account removed (the account is deleted). */
export const deleteTokensOf = (db: Queryable, userId: string) =>
  db.delete(accountTokens).where(eq(accountTokens.userId, userId));
