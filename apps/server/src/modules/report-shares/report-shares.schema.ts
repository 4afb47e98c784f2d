import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { cases } from '../cases/cases.schema.ts';

/**
 * A case report's share link: works without an account until it expires or is revoked. Only the token's sha256 is
 * kept; the token itself is shown once, in the link.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** The organization whose report (logo, background, introduction) it shows. */
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The case's pinned remarks the sharer chose to show the patient (docs/decisions.md "Remarks on a share link");
     * every other remark is internal and never leaves through the link.
     */
    shownPins: uuid('shown_pins')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [index('report_shares_case').on(t.caseId, t.custId)],
);
