import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';

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
  /** Certification: the administrator who decided, when, and the reason of a refusal (mailed to the organization). */
  auditReason: text('audit_reason'),
  auditedAt: timestamp('audited_at', { withTimezone: true }),
  auditedBy: uuid('audited_by'),
  createdBy: uuid('created_by'),
  /** A parent account manages its child organizations (`/api2/cust/manageable`). */
  parentId: uuid('parent_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
  /** Custom search (customer type 1): others may find the organization by e-mail, phone, name. */
  searchEmail: boolean('search_email').notNull().default(true),
  searchPhone: boolean('search_phone').notNull().default(true),
  searchName: boolean('search_name').notNull().default(true),
  /** Clinic share info and report customization (setting types 2 and 3; attachments by id). */
  introduction: text('introduction'),
  fontColor: text('font_color'),
  shareColor: text('share_color'),
  sharePictures: jsonb('share_pictures').$type<string[]>().notNull().default([]),
  shareVideo: uuid('share_video'),
  logo: uuid('logo'),
  background: uuid('background'),
  /**
   * The IANA time zone the organization's statistics count days in ("yesterday"): set from its creator's browser
   * (X-Time-Zone) when the organization is made, changed by an owner on the statistics screens.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * The optional screens of `/user/control/page` (thirdPageControl), switched by the platform administrator in
   * /manager: /customizeOrder (order), /caseCompare's model comparison (compare), /caseBuilder (builder).
   */
  pageOrder: boolean('page_order').notNull().default(false),
  pageCompare: boolean('page_compare').notNull().default(true),
  pageBuilder: boolean('page_builder').notNull().default(true),
  /**
   * Disabled by the platform administrator (/manager): its members' tokens are refused for it and it is hidden from
   * searches until enabled again; nothing of it is deleted.
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * SQL: the organization shows this field (Privacy.email, .phone, .other) to others: its privacy bit is clear. The
 * one SQL copy of the privacy rule (the TypeScript one: `shownField` in @archway/contract); `privacy` names the
 * column where a query aliases the table.
 */
export const fieldShown = (bit: number, privacy: AnyPgColumn | SQL = customers.privacy): SQL =>
  sql`(${privacy} & ${bit}) = 0`;

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
