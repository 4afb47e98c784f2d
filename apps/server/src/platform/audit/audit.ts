import type { Db, Queryable, Tx } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { auditLog } from './audit.schema.ts';
import { apart } from '../db/cancel.ts';

/** Where a call came from; every service receives it with the actor. */
export interface RequestContext {
  ip?: string;
  requestId?: string;
  /** The caller's IANA time zone (header X-Time-Zone), when it sent one. */
  timeZone?: string;
}

export interface AuditEntry {
  actorUserId?: string | null;
  actorCustId?: string | null;
  action: string;
  objectType?: string;
  objectId?: string | null;
  outcome: 'allowed' | 'refused';
  detail?: Record<string, unknown>;
}

/** What PostgreSQL's text and jsonb cannot hold: a NUL character, and a UTF-16 surrogate without its pair. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as the audit log keeps it: a NUL or a lone surrogate becomes its visible escape (`\u0000`, `\ud800`), never
 * dropped, so that a probe's input is on record as it came; everything else is kept as it is.
 */
export function auditText(text: string): string {
  UNSTORABLE.lastIndex = 0;
  if (!UNSTORABLE.test(text)) return text;
  return text.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `auditText` through a detail's strings and keys (plain objects and arrays; other values as they are). */
function auditValue(value: unknown): unknown {
  if (typeof value === 'string') return auditText(value);
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value === 'object' && value !== null) {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [auditText(k), auditValue(v)]));
  }
  return value;
}

const text = (value: string | null | undefined) => (value == null ? null : auditText(value));

/**
 * The one helper every service uses to write the append-only audit log. Every text is passed through `auditText`
 * here, once for every caller: an entry is written whatever bytes a caller's input held (a refused probe included).
 */
export async function audit(db: Queryable, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(rowOf(ctx, entry));
}

/** An entry as the audit_log row it becomes (its texts made storable), for `audit` and `auditRead`. */
const rowOf = (ctx: RequestContext, entry: AuditEntry) => ({
  actorUserId: entry.actorUserId ?? null,
  actorCustId: entry.actorCustId ?? null,
  action: auditText(entry.action),
  objectType: text(entry.objectType),
  objectId: text(entry.objectId),
  outcome: entry.outcome,
  detail: entry.detail ? (auditValue(entry.detail) as Record<string, unknown>) : null,
  ip: text(ctx.ip),
  requestId: text(ctx.requestId),
});

/**
 * The rows of a batch as one parameter, which `jsonb_to_recordset` turns back into rows in their order: a batch of
 * any size is the same statement text (prepared once per connection, platform/db/preparing-client.ts).
 */
const insertBatch = (rows: ReturnType<typeof rowOf>[]) =>
  sql`insert into audit_log (actor_user_id, actor_cust_id, action, object_type, object_id, outcome, detail, ip,
      request_id)
    select actor_user_id, actor_cust_id, action, object_type, object_id, outcome, detail, ip, request_id
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        actor_user_id: r.actorUserId,
        actor_cust_id: r.actorCustId,
        action: r.action,
        object_type: r.objectType,
        object_id: r.objectId,
        outcome: r.outcome,
        detail: r.detail,
        ip: r.ip,
        request_id: r.requestId,
      })),
    )}::jsonb) as r(actor_user_id uuid, actor_cust_id uuid, action text, object_type text, object_id text,
      outcome text, detail jsonb, ip text, request_id text)`;

/** Rows of reads one batch holds at most (a longer queue is written in several statements, one after the other). */
export const READ_BATCH_MAX = 500;

type PendingRow = { row: ReturnType<typeof rowOf>; done: (err?: unknown) => void };

/**
 * Audit rows of reads, written together (issue 35): a read's row does not cost its request a statement of its own.
 * Rows queued while a batch is being written go into the next one, which starts as soon as it is done; a lone row is
 * written on the next turn of the event loop. The caller's promise settles once its row is stored (or its batch
 * failed), so a request is answered only after its audit row is in the database, as with `audit`: nothing answered
 * is lost, whether the process stops cleanly or crashes.
 */
class ReadAudits {
  #pending: PendingRow[] = [];
  #writing: Promise<void> | null = null;
  constructor(private readonly db: Queryable) {}

  add(row: PendingRow['row']): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      // A request of its own (db/cancel.ts): the batch holds other requests' rows too, and is not cancelled with
      // the request that happened to start it.
      this.#writing ??= apart(() => this.#drain())();
    });
  }

  /** Writes batches until the queue is empty. */
  async #drain(): Promise<void> {
    // Let the rows of this turn of the event loop join the first batch.
    await new Promise<void>((r) => setImmediate(r));
    while (this.#pending.length) {
      const batch = this.#pending.splice(0, READ_BATCH_MAX);
      try {
        await this.db.execute(insertBatch(batch.map((p) => p.row)));
      } catch (err) {
        for (const p of batch) p.done(err ?? new Error('audit batch failed'));
        continue;
      }
      for (const p of batch) p.done();
    }
    this.#writing = null;
  }

  /** Resolves once every row queued so far is written (or its batch failed). */
  async flushed(): Promise<void> {
    while (this.#writing) await this.#writing;
  }
}

const readAudits = new WeakMap<Queryable, ReadAudits>();

/**
 * The audit entry of a read (a list or a detail shown), batched with the other reads' entries of the moment into
 * one statement; resolves once it is stored. Changes keep `audit` inside their transaction.
 */
export function auditRead(db: Db, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  let q = readAudits.get(db);
  if (!q) readAudits.set(db, (q = new ReadAudits(db)));
  return q.add(rowOf(ctx, entry));
}

/** Resolves once every read's audit row queued on `db` so far is written (for a clean stop, and for tests). */
export async function flushReadAudits(db: Db): Promise<void> {
  await readAudits.get(db)?.flushed();
}

/** Who acts and on what, for the audit entry of a refused change. */
export interface AuditedChange {
  actor: { userId: string; custId: string | null };
  action: string;
  objectType: string;
  objectId: string | null;
}

/**
 * Runs a change in one transaction (`fn` writes its own "allowed" audit entry inside it). A refusal (AppError) rolls
 * the change back and is audited outside the transaction, with its code, key and field, so refused changes are on
 * record too; then it is thrown on.
 */
export async function auditedTransaction<T>(
  db: Db,
  ctx: RequestContext,
  change: AuditedChange,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (err instanceof AppError)
      await audit(db, ctx, {
        actorUserId: change.actor.userId,
        actorCustId: change.actor.custId,
        action: change.action,
        objectType: change.objectType,
        objectId: change.objectId,
        outcome: 'refused',
        detail: { code: err.def.code, key: err.def.key, ...(err.field ? { field: err.field } : {}) },
      });
    throw err;
  }
}
