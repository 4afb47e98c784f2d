import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** Organizations ("customers"): clinics (2), labs (3), distributors (4). */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  custType: integer('cust_type').notNull(),
  contact: text('contact'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  creditCode: text('credit_code'),
  licenseFile: text('license_file'),
  /** 0 authorized (verified), 1 under review, 2 audit failed. */
  status: integer('status').notNull().default(1),
  registTime: timestamp('regist_time', { withTimezone: true }).notNull().defaultNow(),
  memo: text('memo'),
  country: text('country'),
  region: text('region'),
  city: text('city'),
  street: text('street'),
  /** Bit mask: e-mail 2, phone 4, further 8; a set bit hides the field. */
  privacy: integer('privacy').notNull().default(14),
  property: jsonb('property').$type<Record<string, unknown>>().notNull().default({}),
});

/** Which users belong to which organization; the earliest membership is the user's current organization. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'member'>().notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.custId] }), index('memberships_cust').on(t.custId)],
);
