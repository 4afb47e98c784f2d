import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';

/** Every manufactured scanner, bound or not: serial, management (bind) code, area. */
export const deviceRegistry = pgTable('device_registry', {
  serial: text('serial').primaryKey(),
  bindCode: text('bind_code').notNull(),
  area: text('area').notNull().default('default'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bound device: at most one binding per serial (the unique index decides concurrent binds). */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial')
      .notNull()
      .references(() => deviceRegistry.serial),
    name: text('name').notNull(),
    memo: text('memo'),
    encryptType: integer('encrypt_type').notNull().default(1),
    scanType: text('scan_type').notNull().default('ply'),
    ownerCustId: uuid('owner_cust_id')
      .notNull()
      .references(() => customers.id),
    boundBy: uuid('bound_by').references(() => users.id),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_serial').on(t.serial),
    index('devices_owner').on(t.ownerCustId),
    // An organization's newest devices first without reading all of them: the owned branch of a list page
    // (top-N per branch, then merge) reads only the page's rows even for an organization with thousands.
    // NULLS FIRST is what `order by activated_at desc` means; an index in another null order cannot serve it.
    index('devices_owner_activated').on(t.ownerCustId, t.activatedAt.desc().nullsFirst(), t.serial),
  ],
);

/** Lending a device to another organization until an expiry; recalled or expired ones stay as history. */
export const deviceAuths = pgTable(
  'device_auths',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    fromCustId: uuid('from_cust_id')
      .notNull()
      .references(() => customers.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'active' | 'recalled' | 'expired'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_auths_device').on(t.deviceId),
    index('device_auths_cust').on(t.custId),
    // The device lists: devices lent to an organization (live rows only), and lent out by one.
    index('device_auths_cust_live')
      .on(t.custId, t.deviceId)
      .where(sql`status = 'active'`),
    index('device_auths_from').on(t.fromCustId, t.deviceId),
    // One live authorization per device and organization.
    uniqueIndex('device_auths_one_active')
      .on(t.deviceId, t.custId)
      .where(sql`status = 'active'`),
  ],
);

/** People who may use a device within a validity window. */
export const deviceUsers = pgTable(
  'device_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdByCustId: uuid('created_by_cust_id').references(() => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_users_one').on(t.deviceId, t.userId), index('device_users_user').on(t.userId)],
);

/** Data routing: which organization receives the device's scans of a case type. */
export const deviceReceivers = pgTable(
  'device_receivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    caseType: integer('case_type').notNull(),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    memo: text('memo'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The user who added the entry ("siginUserId"): only they may delete it. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdByCustId: uuid('created_by_cust_id').references(() => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_receivers_one').on(t.deviceId, t.caseType, t.custId),
    index('device_receivers_cust').on(t.custId),
  ],
);

/**
 * Management-code attempts, reserved before the code is compared (bind, unbind, transfer, authorize, recall).
 * A right code (or a refusal for another reason) removes its row; wrong codes stay and are counted per serial
 * and per organization within an hour. Rows older than a day are pruned by the sweep.
 */
export const deviceCodeAttempts = pgTable(
  'device_code_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    custId: uuid('cust_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_code_attempts_serial').on(t.serial, t.at),
    index('device_code_attempts_cust').on(t.custId, t.at),
  ],
);

/**
 * Successful changes of a device, written inside the change's transaction while the device row is locked:
 * the -228 frequency rule counts these (authorization changes per device; receiver changes per device and
 * acting organization). Refused attempts never write a row. Rows older than a day are pruned by the sweep.
 */
export const deviceChanges = pgTable(
  'device_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id').notNull(),
    kind: text('kind').$type<'auth' | 'receiver'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_changes_device').on(t.deviceId, t.kind, t.at)],
);
