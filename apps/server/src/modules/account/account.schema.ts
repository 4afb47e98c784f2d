import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';

/**
 * Sign-in counters, one row per key and fixed window: `acct:<userId>` (or `login:<name>` when no account
 * has that name) and `fail:<address>` count failed attempts; `rate:<address>` counts every attempt.
 * An attempt is reserved (n + 1) before the password is checked, in one statement.
 */
export const signInCounters = pgTable('sign_in_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  n: integer('n').notNull().default(0),
});

/**
 * The single-use links Archway mails: `confirmEmail` (for the address in `email`, also a changed one), `resetPassword` and `changePhone` (a six-digit code for `phone`). Only the
 * token's sha256 is stored; the token itself is in the mail alone.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email'),
    /** `changePhone`: the new number its six-digit code confirms. */
    phone: text('phone'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user').on(t.userId, t.purpose, t.createdAt)],
);
