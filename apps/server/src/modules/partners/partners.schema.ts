import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';

/**
 * Third-party cooperation between two organizations: the applicant applies (0), the partner accepts (1, open) or
 * either side ends it (2, closed). At most one live (0 or 1) row per pair, whichever side applied.
 */
export const cooperations = pgTable(
  'cooperations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: integer('state').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => customers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cooperations_applicant').on(t.applicantId, t.state),
    index('cooperations_partner').on(t.partnerId, t.state),
    uniqueIndex('cooperations_live_pair')
      .on(sql`least(${t.applicantId}, ${t.partnerId})`, sql`greatest(${t.applicantId}, ${t.partnerId})`)
      .where(sql`state in (0, 1)`),
  ],
);
