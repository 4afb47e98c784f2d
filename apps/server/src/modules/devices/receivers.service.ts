import {
  CustStatus,
  PERMANENT_DATE,
  ReceiverAddErrors,
  ReceiverDeleteErrors,
  formatExpiry,
  resolveExpiry,
  type addReceiverBody,
  type deleteReceiverBody,
  type receiverPageBody,
  type ReceiverRow,
  type ReceiverSearchResult,
} from '@archway/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import * as authRepo from './authorizations.repository.ts';
import * as receiversRepo from './receivers.repository.ts';
import { searchOrganizations } from '../directory/directory.service.ts';
import {
  accessOf,
  MANAGERS,
  receiverDeletable,
  receiverRecordAccess,
  refuse,
  refuseReceiverDeletion,
  refuseWhileLent,
  NO_ACCESS,
} from './devices.access.ts';
import {
  checkFrequency,
  countChange,
  custOf,
  deviceAudit,
  guarded,
  viewerOf,
  type Scope,
} from './devices.scope.ts';
import { presentReceiverEntry, presentReceivers, presentSearchResult } from './devices.presenter.ts';

export { RECEIVER_FREQUENCY } from './devices.scope.ts';

async function routedDevice(s: Scope, idOrSerial: string) {
  const device = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSerial)
    ? await repo.findDeviceById(s.db, idOrSerial)
    : await repo.findDeviceBySerial(s.db, idOrSerial.toUpperCase());
  const access = device ? await accessOf(s.db, device, s.actor) : NO_ACCESS;
  return { device, access, role: access.role };
}

/**
 * The live receivers of a device, to its owner and authorized organizations (a borrower must know where its
 * scans go): one row per organization with its caseType list (product §3). showDelete: the owner on every entry
 * (not while the device is lent); a borrower on the entries its account added. Audited.
 */
export async function listReceivers(s: Scope, idOrSerial: string): Promise<ReceiverRow[]> {
  const viewer = viewerOf(s);
  const { device, access, role } = await routedDevice(s, idOrSerial);
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.receivers.read', device?.serial ?? idOrSerial),
    outcome: device && MANAGERS.has(role) ? 'allowed' : 'refused',
  });
  if (!device || !MANAGERS.has(role)) return refuse(ReceiverAddErrors.numberError);
  const now = new Date();
  const rows = await receiversRepo.receiversOf(s.db, device.id, now);
  return presentReceivers(
    rows.map((r) => ({ ...r, deletable: receiverDeletable(r.row, access, viewer) })),
    viewer,
    now,
  );
}

/** Receiver records across every device the organization routes, newest first by default (audited). */
export async function receiverPage(s: Scope, input: z.infer<typeof receiverPageBody>) {
  const viewer = viewerOf(s);
  const now = new Date();
  const { total, rows } = await receiversRepo.receiverPage(
    s.db,
    viewer.custId,
    { ...input, ascending: input.sorter === 'registTime asc' },
    now,
  );
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.receivers.read', null),
    detail: { count: rows.length },
  });
  return {
    records: rows.map((r) => ({
      ...presentReceiverEntry(
        { ...r, deletable: receiverDeletable(r.row, receiverRecordAccess(r, viewer), viewer) },
        viewer,
        now,
      ),
      deviceId: r.row.deviceId,
      number: r.serial,
      registTime: formatExpiry(r.row.createdAt)!,
    })),
    totalRecords: total,
    pageSize: input.pageSize,
    pageIndex: input.pageIndex,
  };
}

/**
 * Route a device's scans of some case types to an organization. A borrower's routing ends with its lending
 * (its expiry is clamped to the authorization's end). At most RECEIVER_FREQUENCY successful receiver changes
 * per device and organization per minute (-228).
 */
export async function addReceiver(s: Scope, input: z.infer<typeof addReceiverBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.receivers.add', serial || null, async (tx) => {
    if (!serial) return refuse(ReceiverAddErrors.deviceEmpty);
    const device = await repo.findDeviceBySerial(tx, serial, { lock: true });
    const access = device ? await accessOf(tx, device, s.actor) : NO_ACCESS;
    const role = access.role;
    if (!device || role === 'none') return refuse(ReceiverAddErrors.numberError);
    if (!MANAGERS.has(role)) return refuse(ReceiverAddErrors.notAllowed);
    refuseWhileLent(access);
    await checkFrequency(tx, device.id, 'receiver', custId);
    const target = await repo.findCustomer(tx, input.custId);
    if (!target) return refuse(ReceiverAddErrors.addError);
    if (target.status === CustStatus.auditFailed) return refuse(ReceiverAddErrors.allFailed);
    let expiresAt = input.expireTime ? resolveExpiry(input.expireTime, s.tz) : PERMANENT_DATE;
    if (role !== 'owner') {
      const auth = await authRepo.liveAuthFor(tx, device.id, custId, new Date());
      if (!auth) return refuse(ReceiverAddErrors.notAllowed);
      if (auth.expiresAt < expiresAt) expiresAt = auth.expiresAt;
    }
    const added = await repo.insertReceivers(
      tx,
      [...new Set(input.caseType)].map((caseType) => ({
        deviceId: device.id,
        caseType,
        custId: target.id,
        memo: input.memo ?? null,
        expiresAt,
        createdBy: s.actor.userId,
        createdByCustId: custId,
      })),
    );
    if (!added.length) return refuse(ReceiverAddErrors.sameTransferExists);
    await countChange(tx, device.id, 'receiver', custId);
    await audit(
      tx,
      s.ctx,
      deviceAudit(s, 'device.receivers.add', serial, {
        custId: target.id,
        caseTypes: added.map((a) => a.caseType),
      }),
    );
    return { code: 0 as const, added: added.map((a) => a.caseType) };
  });
}

/**
 * Delete receiver entries, all or nothing. The device's owner may delete any entry of its own device (not while
 * it is lent: -13); between non-owners only the account that added an entry may delete it (-4 otherwise).
 */
export async function deleteReceivers(s: Scope, input: z.infer<typeof deleteReceiverBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.receivers.delete', serial, async (tx) => {
    if (!input.deleteid.length) return refuse(ReceiverDeleteErrors.invalidParameters);
    const device = await repo.findDeviceBySerial(tx, serial, { lock: true });
    const access = device ? await accessOf(tx, device, s.actor) : NO_ACCESS;
    const role = access.role;
    if (!device || role === 'none') return refuse(ReceiverDeleteErrors.parameter);
    refuseWhileLent(access);
    const rows = await receiversRepo.receiverRowsFor(tx, device.id, input.custId, input.deleteid);
    if (rows.length !== new Set(input.deleteid).size) return refuse(ReceiverDeleteErrors.noTransfer);
    refuseReceiverDeletion(rows, access, viewerOf(s));
    await checkFrequency(tx, device.id, 'receiver', custId);
    await receiversRepo.deleteReceivers(tx, input.deleteid);
    await countChange(tx, device.id, 'receiver', custId);
    await audit(
      tx,
      s.ctx,
      deviceAudit(s, 'device.receivers.delete', serial, { custId: input.custId, ids: input.deleteid }),
    );
    return { code: 0 as const };
  });
}

/**
 * Receiver search: by name where the organization's custom search allows (CustNameNotice), by e-mail or phone
 * (exact) only where its custom search (CustEmailNotice, CustPhoneNotice) and its privacy bit for that field allow; hidden fields are never returned; at most `max` (≤ 10). It reads other organizations'
 * data, so each search is one audit row (the organizations it returned; not the search text).
 */
export async function searchReceivers(s: Scope, key: string, max: number): Promise<ReceiverSearchResult[]> {
  const viewer = viewerOf(s);
  if (!key) return [];
  const rows = await searchOrganizations(s.db, key, max);
  await audit(s.db, s.ctx, {
    actorUserId: s.actor.userId,
    actorCustId: s.actor.custId,
    action: 'customer.search',
    objectType: 'customer',
    objectId: null,
    outcome: 'allowed',
    detail: { count: rows.length, ids: rows.map((r) => r.id) },
  });
  return rows.map((c) => presentSearchResult(c, viewer));
}
