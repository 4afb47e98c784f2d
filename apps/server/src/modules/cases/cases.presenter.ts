import {
  CaseStatus,
  CustType,
  formatExpiry,
  NO_RECEIVER,
  PREVIEW_DAYS,
  type CaseAction,
  type CaseDetail,
  type CaseRow,
  type Conversion,
  type ConversionType,
  type FilledOrderForm,
} from '@archway/contract';
import type { BoxRow, CaseFileRecord, Party } from './cases.repository.ts';
import type { ScanJob } from './scan-jobs.repository.ts';

const SENDER = 1;
const RECEIVER = 2;
const DAY_MS = 86_400_000;

const time = (d: Date) => formatExpiry(d)!;

/** True once the preview and comment window (90 days after the first upload) has passed. */
export const previewExpired = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() > PREVIEW_DAYS * DAY_MS;

/** Before a lab starts work, the sender may still cancel. */
export const CANCELLABLE: readonly number[] = [
  CaseStatus.awaitingFile,
  CaseStatus.uploading,
  CaseStatus.awaitingLab,
  CaseStatus.uploadError,
];

/**
 * Whether a lab may forward its copy to a third party: a case it received from the sender (not one forwarded to
 * it), not forwarded yet, not encrypted (only the receiver can open it), not cancelled. The cooperation is checked
 * when it forwards (the dialog lists the open ones).
 */
export const mayForward = (row: BoxRow, viewerCustType: number | null | undefined) =>
  viewerCustType === CustType.lab &&
  row.box.role === RECEIVER &&
  row.box.forwardedBy === null &&
  row.box.forwardedTo === null &&
  !row.record.crypto &&
  row.record.status !== CaseStatus.cancelled;

/** What the caller may do with its copy of a case. */
export function caseActions(row: BoxRow, now: Date, viewerCustType?: number | null): CaseAction[] {
  if (row.box.recycledAt) return ['detail', 'restore', 'purge'];
  const actions: CaseAction[] = [];
  if (!previewExpired(row.record.createdAt, now)) actions.push('preview');
  actions.push('download', 'detail');
  if (!row.record.crypto) actions.push('convert');
  if (row.box.role === RECEIVER && row.record.status !== CaseStatus.cancelled) actions.push('status');
  if (row.box.role === SENDER && CANCELLABLE.includes(row.record.status)) actions.push('cancel');
  if (mayForward(row, viewerCustType)) actions.push('forward');
  actions.push('recycle');
  return actions;
}

/**
 * The receivers the viewer sees: the sender every receiver the case was routed to (not a third party a lab
 * forwarded it to), a receiver only itself.
 */
const receiversSeenBy = (row: BoxRow, parties: readonly Party[], viewerCustId: string) =>
  parties.filter(
    (p) =>
      p.role === RECEIVER && (row.box.role === SENDER ? p.forwardedBy === null : p.custId === viewerCustId),
  );

/**
 * The third party's name for a forwarded case: on the forwarding lab's copy (its `forwardedTo`) and on the sender's
 * (the copy a lab forwarded), so both see it after the status; null for anyone else.
 */
function thirdPartyOf(row: BoxRow, parties: readonly Party[]): string | null {
  const { box } = row;
  if (box.role === RECEIVER && box.forwardedTo)
    return parties.find((p) => p.custId === box.forwardedTo)?.custName ?? null;
  if (box.role === SENDER) {
    const names = parties.filter((p) => p.role === RECEIVER && p.forwardedBy !== null).map((p) => p.custName);
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
  now: Date,
  viewerCustType?: number | null,
): CaseRow {
  const { record, box } = row;
  const receivers = receiversSeenBy(row, parties, viewerCustId);
  const visible = parties.filter((p) => p.role === SENDER || receivers.includes(p));
  return {
    id: record.id,
    receviceId: receivers[0]?.custId ?? NO_RECEIVER,
    sendId: record.senderCustId,
    sendName: row.senderName,
    receviceName: receivers.length ? receivers.map((r) => r.custName).join(', ') : row.senderName,
    patientName: record.patientName,
    dentist: record.doctor,
    caseType: record.caseType,
    isSend: box.role === SENDER,
    edit: record.editedAt ? time(record.editedAt) : '--',
    time: time(record.createdAt),
    crypto: record.crypto ? 1 : 0,
    ext: record.ext,
    downloadStatus: Object.fromEntries(visible.map((p) => [p.custId, p.downloadedAt !== null])),
    isPreview: previewExpired(record.createdAt, now),
    status: record.status,
    processStatus: box.role === RECEIVER ? box.processStatus : (receivers[0]?.processStatus ?? null),
    recycleId: box.recycleId,
    actions: caseActions(row, now, viewerCustType),
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
  now: Date,
  viewerCustType?: number | null,
  /** The filled order forms the viewer sees (orders.presenter `visibleFilledForms`). */
  orderForms: FilledOrderForm[] = [],
): CaseDetail {
  const card = presentCase(row, parties, viewerCustId, now, viewerCustType);
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

/** A conversion job as its caller sees it, with the files it wrote once done. */
export function presentConversion(job: ScanJob, files: readonly CaseFileRecord[]): Conversion {
  return {
    id: job.id,
    caseId: job.caseId,
    type: job.type as ConversionType,
    state: job.state as Conversion['state'],
    progress: job.state === 'done' ? 1 : Math.min(1, Math.max(0, job.progress)),
    error: job.state === 'failed' && job.errorKey ? { key: job.errorKey, code: job.errorCode ?? -1 } : null,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      format: f.format,
      url: `/api/case/file/${job.caseId}/${f.id}`,
      triangles: f.triangles ?? 0,
    })),
    createdAt: time(job.createdAt),
    finishedAt: job.finishedAt ? time(job.finishedAt) : null,
  };
}
