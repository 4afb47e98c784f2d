import { and, count, desc, eq, ilike, min, or } from 'drizzle-orm';
import { escapeLike } from '../db/like.ts';
import type { Queryable } from '../db/client.ts';
import { mailOutbox } from './mail.schema.ts';

export type OutboxState = 'pending' | 'sent' | 'failed' | 'outbox';
export type OutboxRecord = Omit<
  typeof mailOutbox.$inferSelect,
  'html' | 'text' | 'messageId' | 'nextAttemptAt'
>;

/** What replaces the secret of a one-time link in the administrator's read of the outbox. */
export const REDACTED = '[redacted]';
/** The secret of a one-time link: `token=…` (confirmation, password reset, invitation) or the like, in a query. */
const ONE_TIME = /([?&#;](?:token|ticket|secret|key|code)=)[^\s&#"'<>]+/gi;

/**
 * A message as the administrator may read it: every one-time link's secret redacted (the address stays, so it is
 * clear what kind of link was sent). An administrator holding a live reset or confirmation link could take over the
 * account; the stored message (mail_outbox.text, .html), which is what is sent, keeps them.
 */
export const redactLinks = (s: string) => s.replace(ONE_TIME, `$1${REDACTED}`);

const redactRow = <T extends { subject: string; lastError: string | null }>(r: T): T => ({
  ...r,
  subject: redactLinks(r.subject),
  lastError: r.lastError === null ? null : redactLinks(r.lastError),
});

const listed = {
  id: mailOutbox.id,
  channel: mailOutbox.channel,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

/**
 * The administrator's read of `mail_outbox`, newest first: every e-mail and text message Archway queued (without the
 * bodies; one-time links redacted), by recipient or subject and by state. The embedded default (no SMTP_URL) keeps e-mails in state
 * `outbox`: this is where they are read.
 */
export async function listOutbox(
  db: Queryable,
  q: { keyword?: string | undefined; state?: OutboxState | undefined; pageIndex: number; pageSize: number },
): Promise<{ total: number; rows: OutboxRecord[] }> {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = and(
    q.state ? eq(mailOutbox.state, q.state) : undefined,
    like ? or(ilike(mailOutbox.recipient, like), ilike(mailOutbox.subject, like)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select(listed)
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows: rows.map(redactRow) };
}

/** One message with its plain-text body (one-time links redacted), or undefined. */
export async function readOutboxMessage(
  db: Queryable,
  id: string,
): Promise<(OutboxRecord & { text: string }) | undefined> {
  const [row] = await db
    .select({ ...listed, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return row && { ...redactRow(row), text: redactLinks(row.text) };
}

/** E-mails waiting for the relay and when the oldest was queued (`/metrics`; the partial index `mail_outbox_due`). */
export async function pendingFigures(
  db: Queryable,
): Promise<{ pending: number; oldestPendingAt: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.state, 'pending'));
  return { pending: row?.n ?? 0, oldestPendingAt: row?.oldest ?? null };
}
