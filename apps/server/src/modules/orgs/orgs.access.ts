import { CustErrors, OrgErrors } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './orgs.repository.ts';

/**
 * The caller's organization. Routes declared `access: 'member'` are refused earlier by the access hook;
 * services still check, so a service called from elsewhere cannot act without an organization.
 */
export function memberOrg(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

/**
 * Member roles (ARCHITECTURE.md "Organizations"): 'owner' is the organization's administrator (edit, delete,
 * certification data, members), 'member' uses it. The caller's role in its own organization.
 */
export async function roleIn(db: Queryable, actor: Actor, custId: string) {
  return repo.roleOf(db, actor.userId, custId);
}

/** Refuses anyone but an owner of the caller's organization (`org.notOwner`); a stranger's id is "not found". */
export async function requireOwner(db: Queryable, actor: Actor, custId: string): Promise<void> {
  const role = await roleIn(db, actor, custId);
  if (!role) throw new AppError(CustErrors.notFound);
  if (role !== 'owner') throw new AppError(OrgErrors.notOwner);
}

/**
 * Runs an organization change in one transaction; a refusal (AppError) rolls it back and is audited outside it, so
 * refusals are recorded too.
 */
/** An organization change in one transaction; a refusal is audited too (see auditedTransaction). */
export const guardedOrg = <T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  action: string,
  objectId: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => auditedTransaction(db, ctx, { actor, action, objectType: 'customer', objectId }, fn);
