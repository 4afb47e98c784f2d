import type { Db, Queryable, Tx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { auditLog } from './audit.schema.ts';

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
  await db.insert(auditLog).values({
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
