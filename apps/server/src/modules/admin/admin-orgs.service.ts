import {
  CustErrors,
  type ConsoleOrgDetail,
  type ConsoleOrgDisabledBody,
  type ConsoleOrgListQuery,
  type ConsoleOrgRow,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { adminNotice } from '../notices/notices.service.ts';
import { licenceOf, setOrgDisabledAt } from '../orgs/orgs.service.ts';
import { guardedConsole } from './admin.access.ts';
import { presentConsoleOrg, presentConsoleOrgDetail } from './admin.presenter.ts';
import * as repo from './admin-orgs.repository.ts';

const by = (actor: Actor) => ({ actorUserId: actor.userId, actorCustId: actor.custId });

/** `GET /api2/admin/console/orgs`: one page of the search, audited (`console.search`, the filters and the count). */
export async function listOrgs(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  q: ConsoleOrgListQuery,
) {
  const { total, rows } = await repo.listOrgs(platform.db, q);
  await audit(platform.db, ctx, {
    ...by(actor),
    action: 'console.search',
    objectType: 'customer',
    outcome: 'allowed',
    detail: {
      keyword: q.keyword ?? null,
      status: q.status ?? null,
      type: q.type ?? null,
      disabled: q.disabled ?? null,
      pageIndex: q.pageIndex,
      found: total,
    },
  });
  return {
    records: rows.map(presentConsoleOrg),
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

/** `GET /api2/admin/console/orgs/{id}`: everything of one organization, audited as `console.read`. */
export async function orgDetail(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
): Promise<ConsoleOrgDetail> {
  const { db } = platform;
  const row = await repo.orgById(db, id);
  await audit(db, ctx, {
    ...by(actor),
    action: 'console.read',
    objectType: 'customer',
    objectId: id,
    outcome: row ? 'allowed' : 'refused',
    ...(row ? {} : { detail: { code: CustErrors.notFound.code, key: CustErrors.notFound.key } }),
  });
  if (!row) throw new AppError(CustErrors.notFound);
  const [licence, cases, members, disabledReason] = await Promise.all([
    licenceOf(db, row.customer.licenseFile),
    repo.caseCountOf(db, id),
    repo.membersOf(db, id),
    row.customer.disabledAt ? repo.lastDisableReason(db, id) : Promise.resolve(null),
  ]);
  return presentConsoleOrgDetail(row, { licence, cases, members, disabledReason });
}

/**
 * `PUT /api2/admin/console/orgs/{id}/disabled`: disables or enables an organization. Disabled, it counts like no
 * organization for its members (their calls acting for it are refused with `cust.disabled`; a member of another
 * organization acts for that one), it is hidden from organization and receiver searches and takes no one in
 * (join requests, invitations); nothing of it is deleted or changed otherwise (devices, receivers, cases,
 * authorizations, members stay), so enabling restores everything. The change and its audit entry (with the reason)
 * are one transaction; then its members' clients are told to renew their tokens. Setting the state it already has
 * changes nothing (a disabled organization keeps the time it was first disabled) and is audited all the same.
 */
export async function setOrgDisabled(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: ConsoleOrgDisabledBody,
): Promise<ConsoleOrgRow> {
  const { db } = platform;
  const action = body.disabled ? 'console.org.disable' : 'console.org.enable';
  const reason = body.reason?.trim() || null;
  const members = await guardedConsole(
    db,
    ctx,
    actor,
    { action, objectType: 'customer', objectId: id },
    async (tx) => {
      const current = await repo.lockOrg(tx, id);
      if (!current) throw new AppError(CustErrors.notFound);
      const changed = body.disabled === (current.disabledAt === null);
      if (changed) await setOrgDisabledAt(tx, id, body.disabled ? new Date() : null);
      const ids = await repo.memberIdsOf(tx, id);
      await audit(tx, ctx, {
        ...by(actor),
        action,
        objectType: 'customer',
        objectId: id,
        outcome: 'allowed',
        detail: { name: current.name, reason, changed, members: ids.length },
      });
      return changed ? ids : [];
    },
  );
  // Their access changed: their clients renew their tokens and read who they are again. A disabled organization's
  // realtime connections close now, on every process (a client reconnecting acts for no organization).
  adminNotice(platform, members, 'organization');
  if (body.disabled) platform.realtime.disconnectOrg(id);
  const row = await repo.orgById(db, id);
  return presentConsoleOrg(row!);
}
