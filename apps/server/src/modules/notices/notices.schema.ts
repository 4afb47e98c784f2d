import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';

/**
 * What a person is told: the bell's list, the reply notifications (`reply`: caseId, sendId) and the realtime
 * messages, which only announce a stored notice (a client that was offline reads what it missed from here).
 * `kind`: newCase, reply, task (an order finished, a conversion done), deviceLent, deviceRecalled, deviceExpiring,
 * certification, failed …; `caseId` / `objectId` name what it opens; `payload` carries what the text needs.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    caseId: uuid('case_id'),
    objectId: uuid('object_id'),
    /** Who caused it (the replying organization: the reply notification's `sendId`). */
    sendId: uuid('send_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_user').on(t.userId, t.createdAt.desc()),
    index('notices_unread')
      .on(t.userId, t.kind, t.caseId)
      .where(sql`read_at is null`),
  ],
);

/** At most one notification mail per (kind, object, person): "at most one mail per case per recipient". */
export const notificationMails = pgTable(
  'notification_mails',
  {
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.objectId, t.userId] })],
);
