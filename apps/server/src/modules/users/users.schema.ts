import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    phone: text('phone'),
    wxId: text('wx_id'),
    avatar: text('avatar'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    street: text('street'),
    phoneConfirmed: text('phone_confirmed').notNull().default('2'),
    emailConfirmed: text('email_confirmed').notNull().default('2'),
    property: jsonb('property').$type<Record<string, unknown>>().notNull().default({}),
    language: text('language'),
    isAdmin: boolean('is_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').using('btree', sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').using('btree', sql`lower(${t.email})`),
  ],
);

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
