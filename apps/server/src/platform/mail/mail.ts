import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';
import { mailOutbox } from './mail.schema.ts';
import { pendingFigures } from './outbox.ts';
import type { Metrics } from '../metrics/metrics.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  db: Queryable;
  log: FastifyBaseLogger;
  /** `smtp://user:pass@host:port` or `smtps://…` (SMTP_URL); unset: e-mails stay in the outbox. */
  smtpUrl?: string;
  /** The From header (MAIL_FROM). */
  from: string;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before an e-mail is given up (`failed`). */
  maxAttempts?: number;
  /** How long a process holds a message it is sending before another may try (it died meanwhile). */
  leaseMs?: number;
  /** How often the delivery loop looks for due messages (besides being woken by `send`). */
  pollMs?: number;
  /** The app's metrics: the outbox's depth (read at scrape time) and each delivery's outcome. */
  metrics?: Metrics;
}

export interface Mailer {
  /** Whether e-mails go out over SMTP (else they stay in the outbox). */
  readonly relays: boolean;
  /**
   * Queues an e-mail in the caller's transaction (so it is sent exactly when what caused it commits) and answers its
   * id. Delivery is the job's: call `wake()` after the commit, or let the loop find it.
   */
  send(db: Queryable, message: MailMessage): Promise<string>;
  /** Queues a text message; the embedded provider keeps it in the outbox. */
  sendText(db: Queryable, to: string, text: string): Promise<string>;
  /** Delivers the due e-mails; answers how many the relay accepted. */
  deliverDue(): Promise<number>;
  wake(): void;
  stop(): Promise<void>;
}

const HOUR_MS = 3600_000;

/** The error worth keeping: the relay's answer when there is one. */
const errorText = (err: unknown) =>
  (err as { response?: string }).response ?? (err instanceof Error ? err.message : String(err));

/** A relay's 5xx answer is final; anything else (4xx, a refused connection, a timeout) is worth another try. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Mail as a job (issue 9): `send` writes the message to `mail_outbox`; a loop in every process claims due messages
 * one at a time (`FOR UPDATE SKIP LOCKED`, then a lease), hands each to the SMTP relay and records the outcome. A
 * failing relay is retried with a doubling back-off, so nothing is lost; a message is claimed by one process at a
 * time and marked sent as soon as the relay accepts it, so it is sent once. (If a process dies between the relay's
 * acceptance and that mark, the lease runs out and the message goes again, with the same Message-ID.)
 */
export function createMailer(opts: MailerOptions): Mailer {
  const { db, log } = opts;
  const retryBaseMs = opts.retryBaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const transport: Transporter | undefined = opts.smtpUrl ? createTransport(opts.smtpUrl) : undefined;
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'archway.local';
  const metrics = opts.metrics;
  metrics?.source('mailOutbox', () => pendingFigures(db));

  const queue = async (q: Queryable, values: Omit<typeof mailOutbox.$inferInsert, 'messageId'>) => {
    const [row] = await q
      .insert(mailOutbox)
      .values({ ...values, messageId: `<${randomUUID()}@${domain}>` })
      .returning({ id: mailOutbox.id });
    return row!.id;
  };

  /** Claims the oldest due e-mail for this process (its lease), or undefined. */
  const claim = async () => {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`update mail_outbox set attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
          where id = (select id from mail_outbox where state = 'pending' and next_attempt_at <= now()
                      order by created_at for update skip locked limit 1)
          returning id`,
    );
    return row && (await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id)))[0];
  };

  const deliverDue = async () => {
    if (!transport) return 0;
    let sent = 0;
    for (let row = await claim(); row; row = await claim()) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          messageId: row.messageId,
        });
        await db
          .update(mailOutbox)
          .set({ state: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
        metrics?.mailDelivery('sent');
      } catch (err) {
        const last = isPermanent(err) || row.attempts >= maxAttempts;
        const delay = Math.min(HOUR_MS, retryBaseMs * 2 ** (row.attempts - 1));
        log.warn(
          { err: errorText(err), mail: row.id, attempt: row.attempts },
          last ? 'mail given up' : 'mail will be retried',
        );
        await db
          .update(mailOutbox)
          .set({
            state: last ? 'failed' : 'pending',
            lastError: errorText(err).slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + delay),
          })
          .where(eq(mailOutbox.id, row.id));
        // Counted once the row says so (as a sent one is): a scrape never sees an outcome its outbox does not show.
        metrics?.mailDelivery(last ? 'failed' : 'retry');
      }
    }
    return sent;
  };

  let stopped = false;
  let running: Promise<unknown> | undefined;
  let again = false;
  const wake = () => {
    if (stopped || !transport) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue()
      .catch((err) => log.warn({ err }, 'mail delivery failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const timer = transport ? setInterval(wake, opts.pollMs ?? 10_000) : undefined;
  timer?.unref();

  return {
    relays: !!transport,
    send: (q, m) =>
      queue(q, {
        channel: 'email',
        recipient: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        state: transport ? 'pending' : 'outbox',
      }),
    sendText: (q, to, text) => queue(q, { channel: 'sms', recipient: to, text, state: 'outbox' }),
    deliverDue,
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
