import {
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';

/**
 * Release notes (product §3 "Update log", calls-and-errors §7.7 `/UpdateLog/*`): one row per client `type` and
 * `version`. `content` holds the texts by language: `{ [lang]: { topic, items: [{title, text, images, subContent}] } }`
 * (English is the fallback); item `text` is sanitized HTML.
 */
export const releaseNotes = pgTable(
  'release_notes',
  {
    type: integer('type').notNull(),
    version: text('version').notNull(),
    releaseType: integer('release_type').notNull().default(1),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.type, t.version] })],
);

/** An image of a release note (`GET /UpdateLog/image?name=&version=&releaseType=`), stored under a server-made key. */
export const releaseNoteImages = pgTable(
  'release_note_images',
  {
    type: integer('type').notNull(),
    version: text('version').notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.version, t.name] }),
    foreignKey({ columns: [t.type, t.version], foreignColumns: [releaseNotes.type, releaseNotes.version] })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * The latest release note each person has been shown, per client `type` (issue 33: kept on the server, so a new
 * browser does not show the notes again). A person without a row has never asked: the first ask stores the latest
 * version, so the notes of a version never greet a brand-new person (docs/decisions.md, "What's new: per person").
 */
export const releaseNotesSeen = pgTable(
  'release_notes_seen',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    version: text('version').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
