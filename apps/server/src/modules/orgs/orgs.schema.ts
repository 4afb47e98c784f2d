import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
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

/**
 * Files people upload that are not scans: avatars, business licences, report logos and backgrounds, share pictures
 * and the share video. Contents live in `platform.storage` under `storageKey`; `mime` is what the content was
 * checked to be. Rows name their owner; the objects using them (users.avatar, customers.license_file …) hold the id.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind')
      .$type<'avatar' | 'licence' | 'logo' | 'background' | 'share' | 'video' | 'comment'>()
      .notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    custId: uuid('cust_id').references(() => customers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_cust').on(t.custId, t.kind), index('attachments_user').on(t.userId, t.kind)],
);

/** An invitation to join an organization, mailed to an address; only the token's sha256 is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'owner' | 'member'>().notNull().default('member'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_cust').on(t.custId, t.createdAt)],
);

/** A person asking to join an organization: 0 pending, 1 accepted, 2 refused; one pending request per pair. */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: integer('state').notNull().default(0),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('join_requests_cust').on(t.custId, t.state, t.createdAt),
    uniqueIndex('join_requests_pending')
      .on(t.custId, t.userId)
      .where(sql`state = 0`),
  ],
);

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
