import { ConsoleErrors, CustErrors, OrgErrors, type ErrorDef, type MemberRole } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PrivateKind } from '../attachments/attachments.access.ts';
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

/**
 * The caller's own organization when the caller administers it (role `owner`); else the calling service's own
 * catalogue refusal (settings, report customization, members each name theirs). Every "owner only" check asks here.
 */
export async function administeredOrg(
  db: Queryable,
  actor: Actor,
  refusal: ErrorDef,
  /** How the service answers a refusal (settings add the spec's `res`). */
  refuse: (def: ErrorDef) => Error = (def) => new AppError(def),
): Promise<string> {
  const custId = memberOrg(actor);
  if ((await roleIn(db, actor, custId)) !== 'owner') throw refuse(refusal);
  return custId;
}

/** Refuses anyone but an owner of the caller's organization (`org.notOwner`); a stranger's id is "not found". */
export async function requireOwner(db: Queryable, actor: Actor, custId: string): Promise<void> {
  const role = await roleIn(db, actor, custId);
  if (!role) throw new AppError(CustErrors.notFound);
  if (role !== 'owner') throw new AppError(OrgErrors.notOwner);
}

/**
 * Deleting an organization: the caller's own one (another id answers "not found", like a missing one), as its owner.
 */
export async function requireOwnOrganization(db: Queryable, actor: Actor, custId: string): Promise<void> {
  if (custId !== actor.custId) throw new AppError(CustErrors.notFound);
  await requireOwner(db, actor, custId);
}

/** Platform administrators are separate accounts that belong to no organization: they create and join none. */
export function refuseAdminMembership(actor: Actor): void {
  if (actor.isAdmin) throw new AppError(ConsoleErrors.adminNoOrg);
}

/**
 * The business licence a caller may name for an organization (`custId`; null while creating one): a licence it
 * uploaded that no other organization holds, or one already given to this organization.
 */
export const mayNameLicence = (
  actor: Actor,
  row: { kind: string; userId: string | null; custId: string | null },
  custId: string | null,
) =>
  row.kind === 'licence' &&
  ((row.userId === actor.userId && (row.custId === null || row.custId === custId)) ||
    (custId !== null && row.custId === custId));

// ---- the organization itself ----

/** What the caller may do with its organization (the detail's `actions`). */
export interface OrgRights {
  edit: boolean;
  delete: boolean;
  /** Send the certification data (credit code and licence) again: `PUT /api2/cust/credit`. */
  resubmit: boolean;
}

/**
 * Its administrator (role `owner`) edits and deletes it, and sends its certification data again whatever its
 * status (after a failed audit, while under review to replace the licence, or verified to be checked again: the
 * organization goes under review); a member only reads. `updateOrganization`, `submitCredit` and
 * `deleteOrganization` refuse with `requireOwner`, the same rule.
 */
export const orgRights = (role: MemberRole | undefined): OrgRights => ({
  edit: role === 'owner',
  delete: role === 'owner',
  resubmit: role === 'owner',
});

// ---- the business licence (an attachment of kind `licence`) ----

/**
 * The licence shows registration numbers: besides its uploader and the platform administrators, only the members of
 * the organization it was given to read it; it is in use while an organization names it (`license_file`).
 * Registered with the attachments module at start (orgs.routes).
 */
export const licenceRule: PrivateKind = {
  mayRead: async (db, actor, row) =>
    row.custId !== null && (await repo.roleOf(db, actor.userId, row.custId)) !== undefined,
  inUse: (db, ids) => repo.licencesNamed(db, ids),
};
