import {
  BoxRole,
  formatExpiry,
  NO_RECEIVER,
  type CaseAction,
  type CaseDetail,
  type CaseRow,
  type FilledOrderForm,
} from '@archway/contract';
import type { CaseAccess } from './cases.access.ts';
import type { BoxRow, CaseFileRecord, Party } from './cases.repository.ts';

const time = (d: Date) => formatExpiry(d)!;

/** The order a row's actions are listed in (the contract's actions among the caller's rights). */
const ROW_ACTIONS: readonly CaseAction[] = [
  'preview',
  'download',
  'detail',
  'convert',
  'status',
  'cancel',
  'forward',
  'comment',
  'recycle',
  'restore',
  'purge',
];

/** What the caller may do with its copy, as the row's `actions` (cases.access decides; this only lists). */
export const caseActions = (access: CaseAccess): CaseAction[] =>
  ROW_ACTIONS.filter((a) => access.rights.includes(a));

/**
 * The receivers the viewer sees: the sender every receiver the case was routed to (not a third party a lab
 * forwarded it to), a receiver only itself.
 */
const receiversSeenBy = (row: BoxRow, parties: readonly Party[], viewerCustId: string) =>
  parties.filter(
    (p) =>
      p.role === BoxRole.receiver &&
      (row.box.role === BoxRole.sender ? p.forwardedBy === null : p.custId === viewerCustId),
  );

/**
 * The third party's name for a forwarded case: on the forwarding lab's copy (its `forwardedTo`) and on the sender's
 * (the copy a lab forwarded), so both see it after the status; null for anyone else.
 */
function thirdPartyOf(row: BoxRow, parties: readonly Party[]): string | null {
  const { box } = row;
  if (box.role === BoxRole.receiver && box.forwardedTo)
    return parties.find((p) => p.custId === box.forwardedTo)?.custName ?? null;
  if (box.role === BoxRole.sender) {
    const names = parties
      .filter((p) => p.role === BoxRole.receiver && p.forwardedBy !== null)
      .map((p) => p.custName);
    return names.length ? names.join(', ') : null;
  }
  return null;
}

/**
 * A card row (calls-and-errors §3). The sender sees every receiver (their names, the first one's id, each one's
 * download status); a receiver sees only itself among the receivers. With no receiver, `receviceId` is all zeros
 * and the sender's name is shown. A forwarded case shows the third party's name to the lab and the sender
 * (`thirdPartyName`) and the lab's name to the third party (`forwardedByName`).
 */
export function presentCase(
  row: BoxRow,
  parties: readonly Party[],
  viewerCustId: string,
  /** The caller's rights on this copy (cases.access `accessOf`). */
  access: CaseAccess,
): CaseRow {
  const { record, box } = row;
  const receivers = receiversSeenBy(row, parties, viewerCustId);
  const visible = parties.filter((p) => p.role === BoxRole.sender || receivers.includes(p));
  return {
    id: record.id,
    receviceId: receivers[0]?.custId ?? NO_RECEIVER,
    sendId: record.senderCustId,
    sendName: row.senderName,
    receviceName: receivers.length ? receivers.map((r) => r.custName).join(', ') : row.senderName,
    patientName: record.patientName,
    dentist: record.doctor,
    caseType: record.caseType,
    isSend: box.role === BoxRole.sender,
    edit: record.editedAt ? time(record.editedAt) : '--',
    time: time(record.createdAt),
    crypto: record.crypto ? 1 : 0,
    ext: record.ext,
    downloadStatus: Object.fromEntries(visible.map((p) => [p.custId, p.downloadedAt !== null])),
    isPreview: access.expired,
    status: record.status,
    processStatus: box.role === BoxRole.receiver ? box.processStatus : (receivers[0]?.processStatus ?? null),
    recycleId: box.recycleId,
    actions: caseActions(access),
    thirdPartyName: thirdPartyOf(row, parties),
    forwardedByName: box.forwardedBy
      ? (parties.find((p) => p.custId === box.forwardedBy)?.custName ?? null)
      : null,
    thumbnail: record.thumbnailKey
      ? `/api/case/thumbnail/${record.id}?v=${record.thumbnailKey.slice(record.thumbnailKey.lastIndexOf('/') + 1)}`
      : null,
  };
}

/** The detail dialog (product §2): the card plus the order fields, the receivers the caller may see, the files. */
export function presentDetail(
  row: BoxRow,
  parties: readonly Party[],
  files: readonly CaseFileRecord[],
  viewerCustId: string,
  access: CaseAccess,
  /** The filled order forms the viewer sees (orders.access `filledFormsSeenBy`). */
  orderForms: FilledOrderForm[] = [],
): CaseDetail {
  const card = presentCase(row, parties, viewerCustId, access);
  const r = row.record;
  return {
    ...card,
    sex: r.sex,
    age: r.age,
    clinic: r.clinic,
    phone: r.phone,
    dueDate: r.dueDate,
    remark: r.remark,
    deviceNumber: r.deviceSerial,
    softwareVersion: r.softwareVersion,
    firstUpload: time(r.createdAt),
    lastUpload: time(r.uploadedAt),
    teeth: r.teeth,
    upperJaw: r.upperJaw,
    lowerJaw: r.lowerJaw,
    designRequirement: r.designRequirement,
    material: r.material,
    toothColor: r.toothColor,
    implantType: r.implantType,
    restorationType: r.restorationType,
    downloadCount: r.downloadCount,
    receivers: receiversSeenBy(row, parties, viewerCustId).map((p) => ({
      custId: p.custId,
      custName: p.custName,
      processStatus: p.processStatus,
    })),
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size, format: f.format })),
    orderForms,
  };
}
