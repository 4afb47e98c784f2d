import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { cases } from './cases.schema.ts';

/** One tooth of a case design (FDI number; kind, material, shade, implant type). */
export interface ToothDesignRow {
  tooth: number;
  kind: string;
  material?: string;
  shade?: string;
  implantType?: string;
}

/** A case's design (`POST /api/case/design`): written by the sending clinic, read by both sides and a third party. */
export const caseDesigns = pgTable('case_designs', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  teeth: jsonb('teeth').$type<ToothDesignRow[]>().notNull().default([]),
  /** Bridges: each a list of neighbouring teeth of one jaw, connected. */
  bridges: jsonb('bridges').$type<number[][]>().notNull().default([]),
  note: text('note').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A receiving lab's answer to a case's design: its own design notes, one per organization. */
export const caseDesignNotes = pgTable(
  'case_design_notes',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    note: text('note').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.custId] })],
);
