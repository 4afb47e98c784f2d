import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';

/** `partner_id` of the rows that count every case copy of the organization, whichever the other party. */
export const ALL_PARTNERS = '00000000-0000-0000-0000-000000000000';

/**
 * Case statistics kept up to date in the same transaction as the case (triggers of migration 0022 on `case_boxes`),
 * so no statistics call reads the cases table. Each row counts, for one organization (`cust_id`), the case copies of
 * one period, by case type:
 * - `grain` 'd': a day, 'm': a month (`period` is its first day), in the organization's time zone;
 * - `partner_id` ALL_PARTNERS: all its copies; otherwise only the cases exchanged with that organization (received
 *   from it, or sent or forwarded to it);
 * - `device_serial` '': all scanners; otherwise (monthly rows only) the cases of that scanner.
 * `received`/`downloaded`: of these, the copies the organization received, and those it has downloaded.
 * `rebuildCaseStats` (stats.repository.ts) recomputes the rows from the cases when they drift.
 */
export const caseStats = pgTable(
  'case_stats',
  {
    custId: uuid('cust_id').notNull(),
    grain: text('grain').$type<'d' | 'm'>().notNull(),
    partnerId: uuid('partner_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    orthodontics: integer('orthodontics').notNull().default(0),
    implant: integer('implant').notNull().default(0),
    restoration: integer('restoration').notNull().default(0),
    received: integer('received').notNull().default(0),
    downloaded: integer('downloaded').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.custId, t.grain, t.partnerId, t.deviceSerial, t.period] }),
    // The statistics table's rows (monthly, per partner, all scanners) without reading the by-scanner rows that share
    // their primary-key range: an index-only scan of partners × months.
    index('case_stats_partner_months')
      .on(t.custId, t.partnerId, t.period)
      .where(sql`grain = 'm' and device_serial = ''`),
  ],
);

/** A person's statistics thresholds (kept across sessions and devices): below them a row shows red. */
export const statsPreferences = pgTable('stats_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  abnormal: integer('abnormal'),
  difference: integer('difference'),
});
