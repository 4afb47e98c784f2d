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

/** The one helper every service uses to write the append-only audit log. */
export async function audit(db: Queryable, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId ?? null,
    actorCustId: entry.actorCustId ?? null,
    action: entry.action,
    objectType: entry.objectType ?? null,
    objectId: entry.objectId ?? null,
    outcome: entry.outcome,
    detail: entry.detail ?? null,
    ip: ctx.ip ?? null,
    requestId: ctx.requestId ?? null,
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
