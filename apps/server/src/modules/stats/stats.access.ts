import { CustErrors } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { memberOrg, roleIn } from '../orgs/orgs.access.ts';
import { findOrg, subjectsOf, type OrgRecord } from './stats.repository.ts';

/**
 * Whose figures the caller may see: its own organization's, or those of an organization it manages (a parent
 * account's child, `customers.parent_id`). Any other id answers like an organization that does not exist. Within
 * them, a partner filter only narrows the organization's own rows to the cases exchanged with that partner, so it
 * can never show the partner's other figures.
 */
export async function statsSubject(db: Queryable, actor: Actor, custId?: string): Promise<OrgRecord> {
  const own = memberOrg(actor);
  const org = await findOrg(db, custId ?? own);
  if (!org || (org.id !== own && org.parentId !== own)) throw new AppError(CustErrors.notFound);
  return org;
}

/**
 * Every organization whose figures the caller may see, in ONE query: its own first, then those it manages (by name).
 * The subject picker lists them; an empty list when the caller's own organization is gone.
 */
export async function statsSubjects(db: Queryable, actor: Actor): Promise<OrgRecord[]> {
  const own = memberOrg(actor);
  const all = await subjectsOf(db, own);
  return all[0]?.id === own ? all : [];
}

/** Whether the caller may change its organization's statistics time zone: its administrator (role `owner`). */
export async function mayChangeTimeZone(db: Queryable, actor: Actor, org: OrgRecord): Promise<boolean> {
  return (await roleIn(db, actor, org.id)) === 'owner';
}
