import type { Queryable } from '../db/client.ts';
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
