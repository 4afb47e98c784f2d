import { sql } from 'drizzle-orm';
import { boolean, uniqueIndex, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** The person's own name (issue 33: the home greets by it); null until they give one. */
    name: text('name'),
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
    /**
     * The person's full language (one of the 15, issue 34): mail, text messages and exports are written in it.
     * `/Common/SetLanguage` (zh or en) only sets it when the stored one is not of that culture.
     */
    language: text('language'),
    /** The person's IANA time zone (from the browser), for dates and times in mail; null: UTC. */
    timeZone: text('time_zone'),
    isAdmin: boolean('is_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** Set by the platform administrator (/manager): the password no longer signs in until reset by the mailed link. */
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    /** Tokens issued (`iat`) before this moment are refused: set by a password change, reset or account deletion. */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
    /**
     * Custom search (user type): others may find this person by e-mail, phone, name (emailNotice, phoneNotice,
     * nameNotice). E-mail and phone are off until the person turns them on, as an organization's privacy hides its
     * own; fellow members and cooperating partners see them only while on (directory/directory.access `contactRight`).
     */
    searchEmail: boolean('search_email').notNull().default(false),
    searchPhone: boolean('search_phone').notNull().default(false),
    searchName: boolean('search_name').notNull().default(true),
    /** E-mail subscription (setting type 0), per person: CaseEmailNotice, EquipEmailNotie. */
    caseEmailNotice: boolean('case_email_notice').notNull().default(true),
    equipEmailNotice: boolean('equip_email_notice').notNull().default(true),
    /** Account deleted: the row stays (anonymized, disabled) so what the person did stays attributable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').using('btree', sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').using('btree', sql`lower(${t.email})`),
  ],
);
