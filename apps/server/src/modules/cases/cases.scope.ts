import type { FastifyRequest } from 'fastify';
import { CaseErrors } from '@archway/contract';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { audit, type AuditEntry, type RequestContext } from '../../platform/audit/audit.ts';
import { requestContext, requireActor, type Actor } from '../../platform/auth.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Platform } from '../../platform/platform.ts';
import type { BoxRow } from './cases.repository.ts';
import { findCopy, refuse, requireRight, type CaseRight } from './cases.access.ts';

/**
 * The request plumbing every case service receives (who acts, from where, with which database and storage) and the
 * audit entries about a case. The rules themselves are in cases.access.ts; this only carries them to a call.
 */

/** Per-case limits (configuration; 0 means none). */
export interface CaseLimits {
  /** Downloads of one case, all organizations together. */
  maxDownloads: number;
  /** Days after its last upload during which a case's files may be fetched. */
  retentionDays: number;
}

/** Who acts, from where, with which database and storage: what every case service receives. */
export interface Scope {
  db: Db;
  storage: Storage;
  limits: CaseLimits;
  ctx: RequestContext;
  actor: Actor;
  /** Notices and mail about what the call changes (case receipt). */
  platform?: Platform;
}

export const scopeOf = (p: Platform, req: FastifyRequest): Scope => ({
  platform: p,
  db: p.db,
  storage: p.storage,
  limits: { maxDownloads: p.config.caseMaxDownloads, retentionDays: p.config.caseRetentionDays },
  ctx: requestContext(req),
  actor: requireActor(req),
});

/** An audit entry about a case (object id: the case id). */
export const caseAudit = (
  s: Scope,
  action: string,
  caseId: string | null,
  outcome: AuditEntry['outcome'] = 'allowed',
  detail?: Record<string, unknown>,
): AuditEntry => ({
  actorUserId: s.actor.userId,
  actorCustId: s.actor.custId,
  action,
  objectType: 'case',
  objectId: caseId,
  outcome,
  detail,
});

/**
 * The caller's copy of a case, or "not found" (audited as refused) — the same for another organization's case, so
 * nobody learns which ids exist. With `right`, the copy must also allow it (cases.access `requireRight`: that right's
 * refusal).
 */
export async function copyOf(
  s: Scope,
  id: string,
  action: string,
  opts: { lock?: boolean; db?: Queryable; right?: CaseRight } = {},
): Promise<BoxRow> {
  const db = opts.db ?? s.db;
  const row = await findCopy(db, s.actor, id, { lock: opts.lock ?? false });
  if (!row) {
    await audit(db, s.ctx, caseAudit(s, action, id, 'refused'));
    return refuse(CaseErrors.notFound);
  }
  if (opts.right) requireRight(s, row, opts.right);
  return row;
}
