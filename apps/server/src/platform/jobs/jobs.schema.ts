import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Periodic jobs any process of a scale-out may run: one row each, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  /** Not before this time. */
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});
