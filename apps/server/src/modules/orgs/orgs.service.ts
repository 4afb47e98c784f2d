import {
  CustErrors,
  CustStatus,
  OrgErrors,
  orgNameSchema,
  type CreateOrgBody,
  type CreditBody,
  type Customer,
  type OrgDetail,
  type UpdateOrgBody,
  timeZoneOf,
} from '@archway/contract';
import type { Db, Queryable, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import { mergeProperty } from '../common/property.ts';
import { adminNotice } from '../notices/notices.service.ts';
import {
  mayNameLicence,
  memberOrg,
  orgRights,
  refuseAdminMembership,
  requireOwnOrganization,
  requireOwner,
  roleIn,
} from './orgs.access.ts';
import { presentCustomer, presentOrgDetail } from './orgs.presenter.ts';
import * as repo from './orgs.repository.ts';
import {
  deleteAttachment,
  findAttachment,
  presentAttachment,
  setAttachmentCustomer,
  storageKeysOfCustomer,
} from '../attachments/attachments.service.ts';

export type { CustomerRow } from './orgs.repository.ts';

/** An organization change in one transaction; a refusal is audited too (see auditedTransaction). */
export const guardedOrg = <T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  action: string,
  objectId: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => auditedTransaction(db, ctx, { actor, action, objectType: 'customer', objectId }, fn);

export const findCustomer = (db: Db, custId: string) => repo.findCustomerById(db, custId);

/** Whether PostgreSQL knows a time zone by this name (an organization's zone, the statistics' zone). */
export const knownZone = (db: Queryable, zone: string) => repo.knownZone(db, zone);

/**
 * Writes of the organization's row by the modules above orgs, in their transaction: the console's switch (admin,
 * `disabledAt` a time or null) and the statistics' time zone (stats, which then recounts).
 */
export const setOrgDisabledAt = (db: Queryable, id: string, at: Date | null) =>
  repo.setDisabledAt(db, id, at);
export const setOrgTimeZone = (db: Queryable, id: string, zone: string) => repo.setTimeZone(db, id, zone);

/**
 * Writes of membership rows by the members module (invitations, join requests, removals, roles) and the account's
 * deletion (users), in the caller's transaction: memberships are orgs' table (who belongs to an organization and
 * with which role is what every rights check reads), the decisions are the members module's.
 */
export const addMembership = repo.addMembership;
export const deleteMembership = repo.deleteMembership;
export const deleteMembershipsOf = repo.deleteMembershipsOf;
export const setMembershipRole = repo.setMembershipRole;

/** Where the organization's mail goes: its owners' addresses, each in their language (partners' mail). */
export const ownerRecipients = repo.ownerRecipients;

/** `GET /api2/cust`: the caller's organization. */
export async function currentCustomer(db: Db, actor: Actor): Promise<Customer> {
  const c = await repo.findCustomerById(db, memberOrg(actor));
  if (!c) throw new AppError(CustErrors.notFound);
  return presentCustomer(c);
}

/** The caller's organization with its certification, licence, the caller's role and actions. */
export async function organizationDetail(db: Queryable, actor: Actor): Promise<OrgDetail> {
  const custId = memberOrg(actor);
  const [c, role] = await Promise.all([repo.findCustomerById(db, custId), roleIn(db, actor, custId)]);
  if (!c || !role) throw new AppError(CustErrors.notFound);
  return presentOrgDetail(c, await licenceOf(db, c.licenseFile), role, orgRights(role));
}

/** `PUT /api2/cust/property`: merges a patch into the organization's property, in one audited transaction. */
export async function updateCustomerProperty(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const custId = memberOrg(actor);
  return db.transaction(async (tx) => {
    const current = await repo.lockCustomerProperty(tx, custId);
    if (!current) throw new AppError(CustErrors.notFound);
    const property = mergeProperty(current.property, patch);
    await repo.setCustomerProperty(tx, custId, property);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'customer.property',
      objectType: 'customer',
      objectId: custId,
      outcome: 'allowed',
      detail: { patch },
    });
    return property;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The licence an organization names (`license_file` holds an attachment id; older rows may hold other text). */
export async function licenceOf(db: Queryable, id: string | null) {
  const row = id && UUID.test(id) ? await findAttachment(db, id) : undefined;
  return row ? presentAttachment(row) : null;
}

/** A trimmed name of 1 to 100 characters, else the documented "name tip" (-1). */
function validName(name: string): string {
  const parsed = orgNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError(OrgErrors.nameTip, 'name');
  return parsed.data;
}

/**
 * The licence a caller names (orgs.access `mayNameLicence`). Anything else (missing, someone else's, another
 * kind) is `org.licence` (-4).
 */
async function usableLicence(db: Queryable, actor: Actor, id: string, custId: string | null) {
  const row = await findAttachment(db, id);
  if (!row || !mayNameLicence(actor, row, custId)) throw new AppError(OrgErrors.licence, 'licenseFile');
  return row;
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/**
 * `POST /api2/cust` and `POST /cust/clinic`: a new organization, under review (status 1), its creator its owner.
 * Refusals: -1 name tip, -2 the caller already belongs to an organization, -6 the name is taken (any letter
 * case), -4 the licence is not the caller's upload, -3 other fields.
 */
export async function createOrganization(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  body: CreateOrgBody,
): Promise<OrgDetail> {
  const { db } = platform;
  const name = validName(body.name);
  const created = await guardedOrg(db, ctx, actor, 'customer.create', null, async (tx) => {
    refuseAdminMembership(actor);
    await repo.lockKey(tx, `customer-creator:${actor.userId}`);
    if (actor.custId || (await repo.hasMembership(tx, actor.userId)))
      throw new AppError(OrgErrors.alreadyRegistered);
    await repo.lockName(tx, name);
    if (await repo.nameTaken(tx, name)) throw new AppError(OrgErrors.nameTaken, 'name');
    const licence = body.licenseFile ? await usableLicence(tx, actor, body.licenseFile, null) : undefined;
    const zone = timeZoneOf(ctx.timeZone);
    const row = await repo.insertCustomer(tx, {
      name,
      custType: body.custType,
      contact: body.contact,
      phone: body.phone,
      creditCode: body.creditCode,
      email: blankToNull(body.email) ?? null,
      address: body.address ?? null,
      country: body.country ?? null,
      region: body.region ?? null,
      city: body.city ?? null,
      street: body.street ?? null,
      memo: body.memo ?? null,
      licenseFile: licence?.id ?? null,
      status: CustStatus.underReview,
      createdBy: actor.userId,
      // Statistics count days in the creator's zone (changed later on the statistics screens).
      timeZone: (await repo.knownZone(tx, zone)) ? zone : 'UTC',
    });
    await repo.insertMembership(tx, actor.userId, row.id, 'owner');
    if (licence) await setAttachmentCustomer(tx, licence.id, row.id);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: row.id,
      action: 'customer.create',
      objectType: 'customer',
      objectId: row.id,
      outcome: 'allowed',
      detail: { name, custType: body.custType, licence: licence?.id ?? null },
    });
    return presentOrgDetail(row, licence ? presentAttachment(licence) : null, 'owner', orgRights('owner'));
  });
  // After the commit, the creator's other tabs renew their tokens: they now act for the organization.
  adminNotice(platform, [actor.userId], 'organization');
  return created;
}

/**
 * `PUT /api2/cust`: the owner edits the organization's fields. A new name stays unique (-9). Any edit of an
 * organization whose audit failed, or a new credit code of a verified one, puts it back under review.
 */
export async function updateOrganization(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  body: UpdateOrgBody,
): Promise<OrgDetail> {
  const custId = memberOrg(actor);
  const name = body.name === undefined ? undefined : validName(body.name);
  return guardedOrg(db, ctx, actor, 'customer.update', custId, async (tx) => {
    await requireOwner(tx, actor, custId);
    const current = await repo.lockCustomer(tx, custId);
    if (!current) throw new AppError(CustErrors.notFound);
    if (name !== undefined && name !== current.name) {
      await repo.lockName(tx, name);
      if (await repo.nameTaken(tx, name, custId)) throw new AppError(OrgErrors.renameTaken, 'name');
    }
    const patch: repo.CustomerPatch = {
      name,
      contact: body.contact,
      phone: body.phone,
      creditCode: body.creditCode,
      email: blankToNull(body.email),
      address: body.address,
      country: body.country,
      region: body.region,
      city: body.city,
      street: body.street,
      memo: body.memo,
    };
    const changedCredit = body.creditCode !== undefined && body.creditCode !== current.creditCode;
    if (
      current.status === CustStatus.auditFailed ||
      (current.status === CustStatus.authorized && changedCredit)
    )
      patch.status = CustStatus.underReview;
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const row = Object.keys(defined).length ? await repo.updateCustomer(tx, custId, defined) : current;
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: custId,
      action: 'customer.update',
      objectType: 'customer',
      objectId: custId,
      outcome: 'allowed',
      detail: { fields: Object.keys(defined), from: current.status, to: row.status },
    });
    return presentOrgDetail(row, await licenceOf(tx, row.licenseFile), 'owner', orgRights('owner'));
  });
}

/**
 * `PUT /api2/cust/credit`: the owner sends (or sends again) the unified credit code and the business licence; the
 * organization goes under review, whatever its status was (a verified one is checked again). The licence it
 * replaces is deleted.
 */
export async function submitCredit(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  body: CreditBody,
): Promise<OrgDetail> {
  const custId = memberOrg(actor);
  const { db } = platform;
  let replaced: string | null = null;
  const detail = await guardedOrg(db, ctx, actor, 'customer.credit', custId, async (tx) => {
    await requireOwner(tx, actor, custId);
    const current = await repo.lockCustomer(tx, custId);
    if (!current) throw new AppError(CustErrors.notFound);
    const licence = await usableLicence(tx, actor, body.licenseFile, custId);
    await setAttachmentCustomer(tx, licence.id, custId);
    const row = await repo.updateCustomer(tx, custId, {
      creditCode: body.creditCode,
      licenseFile: licence.id,
      status: CustStatus.underReview,
    });
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: custId,
      action: 'customer.credit',
      objectType: 'customer',
      objectId: custId,
      outcome: 'allowed',
      detail: { from: current.status, licence: licence.id },
    });
    if (current.licenseFile && current.licenseFile !== licence.id) replaced = current.licenseFile;
    return presentOrgDetail(row, presentAttachment(licence), 'owner', orgRights('owner'));
  });
  // The licence it replaces is of no further use: its row and file go (after the commit, so nothing is lost on a
  // refusal).
  if (replaced && UUID.test(replaced)) await deleteAttachment(platform, db, replaced);
  return detail;
}

/**
 * `DELETE /api2/cust/{id}`: the owner deletes the caller's own organization (another id answers "not found").
 * Refused while it has devices or device links (-7) or keeps cases (-8): those belong to the clinics and labs it
 * works with too, so they are ended explicitly first. Its members stay, without an organization (told after the
 * commit to renew their tokens); its files go.
 */
export async function deleteOrganization(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
): Promise<void> {
  const { db } = platform;
  const { keys, members } = await guardedOrg(db, ctx, actor, 'customer.delete', id, async (tx) => {
    await requireOwnOrganization(tx, actor, id);
    const current = await repo.lockCustomer(tx, id);
    if (!current) throw new AppError(CustErrors.notFound);
    const usage = await repo.customerUsage(tx, id);
    if (usage.devices) throw new AppError(OrgErrors.hasDevices);
    if (usage.cases) throw new AppError(OrgErrors.hasCases);
    const files = await storageKeysOfCustomer(tx, id);
    // Who belonged to it, read in the delete's transaction (its membership rows go with it).
    const members = await repo.memberIds(tx, id);
    if (!(await repo.deleteCustomer(tx, id))) throw new AppError(OrgErrors.hasDevices);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: id,
      action: 'customer.delete',
      objectType: 'customer',
      objectId: id,
      outcome: 'allowed',
      detail: { name: current.name, files: files.length },
    });
    return { keys: files, members };
  });
  for (const key of keys) await platform.storage.delete(key).catch(() => undefined);
  // Its members stay without an organization: their clients renew their tokens.
  adminNotice(platform, members, 'organization');
}
