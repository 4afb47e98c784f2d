import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
