import { integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { cases } from '../cases/cases.schema.ts';

/** One field of an order form (product §3 "Order-form field"); the contract's `OrderField` is its schema. */
export interface OrderFieldRow {
  name: string;
  type: 'input' | 'dropdown' | 'date' | 'radio' | 'checkbox' | 'switch' | 'file';
  mandatory: boolean;
  options: { label: string; children?: string[] }[];
}

/**
 * A lab's order form as it designs it (the draft) and the version clinics fill now (`published`, a row of
 * `order_form_versions`). Synchronizing publishes the draft as a new version; a case keeps the version it was filled
 * with.
 */
export const orderForms = pgTable('order_forms', {
  custId: uuid('cust_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<OrderFieldRow[]>().notNull().default([]),
  published: integer('published').notNull().default(0),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every published version of a lab's order form, never changed once written. */
export const orderFormVersions = pgTable(
  'order_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<OrderFieldRow[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_form_versions_version').on(t.custId, t.version)],
);

/** The order form a case was sent with, for each receiver that has one: the version and the values filled in. */
export const caseOrderForms = pgTable(
  'case_order_forms',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    formVersionId: uuid('form_version_id')
      .notNull()
      .references(() => orderFormVersions.id),
    values: jsonb('values').$type<Record<string, string | string[] | boolean>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.custId] })],
);
