import type { FastifyRequest } from 'fastify';
import { CaseErrors, CustErrors, CustStatus, type ErrorDef } from '@archway/contract';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditEntry, RequestContext } from '../../platform/audit/audit.ts';
import { requestContext, requireActor, type Actor } from '../../platform/auth.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Platform } from '../../platform/platform.ts';
import { roleOf } from '../devices/devices.access.ts';
import { findCustomer } from '../orgs/orgs.service.ts';

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

export const refuse = (def: ErrorDef): never => {
  throw new AppError(def);
};

/** The caller's organization; case calls need one. */
export function custOf(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

/**
 * Case control that needs a verified organization: setting lab progress, and downloading a case received from
 * someone else. An organization under review or whose audit failed gets "certification required". Its own sent
 * cases, the list, the detail and the recycle bin stay open to it.
 */
export async function requireCertified(s: Scope): Promise<void> {
  const org = await findCustomer(s.db, custOf(s.actor));
  if (!org || org.status !== CustStatus.authorized) refuse(CaseErrors.certificationRequired);
}

/** Whether the actor may upload with this device: its owner, a borrower in its window, a device user in theirs. */
export async function mayUploadWith(
  db: Queryable,
  device: { id: string; ownerCustId: string },
  actor: Actor,
) {
  const role = await roleOf(db, device, actor);
  return role === 'owner' || role === 'authorized' || role === 'user';
}

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
