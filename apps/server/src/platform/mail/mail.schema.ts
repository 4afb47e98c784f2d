import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message Archway sends, e-mail or text: written in the same transaction as what caused it, then delivered by
 * a job. With SMTP_URL an e-mail is `pending` until the relay takes it (`sent`) or it is given up (`failed`); without
 * it, and for text messages on the embedded provider, the message stays in the `outbox` for the administrator.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    /** An e-mail address or a phone number. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    /** pending, sent, failed, outbox. */
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (a retry's back-off, or the lease of the process sending it). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The same Message-ID on every attempt, so a receiver can drop a copy the relay was given twice. */
    messageId: text('message_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('mail_outbox_created').on(t.createdAt),
  ],
);
