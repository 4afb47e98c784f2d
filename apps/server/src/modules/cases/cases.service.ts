import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  BoxRole,
  CaseErrors,
  CaseStatus,
  ProcessStatus,
  RealtimeEvent,
  type CaseChangedMessage,
  type CaseDetail,
  type CaseListBody,
  type CaseOrder,
  type CaseRow,
} from '@archway/contract';
import { audit, auditRead } from '../../platform/audit/audit.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import {
  accessOf,
  custOf,
  findCopy,
  mayUploadWith,
  purgeableCopies,
  refusalOf,
  refuse,
  requireCertified,
} from './cases.access.ts';
import { caseAudit, copyOf, type Scope } from './cases.scope.ts';
import { presentCase, presentDetail } from './cases.presenter.ts';
import * as repo from './cases.repository.ts';
import type { Platform } from '../../platform/platform.ts';
import { caseReceived } from '../notices/case-notices.ts';
import { orderFinished } from '../notices/task-notices.ts';
import { announce, type NoticeRow } from '../notices/notices.service.ts';
import { caseForms, insertCaseForms, type OrderValuesRow } from '../orders/orders.service.ts';
import { filledFormsSeenBy } from '../orders/orders.access.ts';
import { presentFilledForms } from '../orders/orders.presenter.ts';

const DAY_MS = 86_400_000;

// ---- creating a case ---------------------------------------------------------------------

/** A file already in storage, to become part of a case. */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  sha256: string;
  format: string;
}

/** The device, if the actor may upload with it (owner, borrower in its window, device user in theirs). */
export async function usableDevice(db: Queryable, actor: Actor, serial: string) {
  const device = await repo.findDeviceBySerial(db, serial);
  if (!device || !(await mayUploadWith(db, device, actor))) return refuse(CaseErrors.deviceNotUsable);
  return device;
}

export interface NewCase {
  deviceSerial: string;
  order: CaseOrder;
  files: StoredFile[];
  /** The upload that carried the files: a second call with the same id returns the first case. */
  uploadId?: string;
  /** Whether the files were encrypted on the scanner (encryptType 2 devices). */
  crypto: boolean;
  /** Demo data only: when the case was made. */
  createdAt?: Date;
  /** The order forms filled for the receivers (checked already): kept for those the case is routed to. */
  orderForms?: { custId: string; formVersionId: string; values: OrderValuesRow }[];
}

/**
 * What a module above cases does in the transaction that makes a case: scans queues its preview image (scans.jobs
 * `queuePreview`). app.ts, the demo data and the test factories pass it down; cases never imports scans.
 */
export type OnCaseCreated = (tx: Queryable, made: { caseId: string; crypto: boolean }) => Promise<unknown>;

/**
 * A finished upload becomes a case in one transaction: the case, its files, a copy for the sender and for each
 * receiver the device routes this case type to, and the audit entry — all or nothing. The files are already stored;
 * a caller whose transaction fails leaves them to the orphan cleanup.
 */
export async function createCase(
  db: Db,
  actor: Actor,
  ctx: Scope['ctx'],
  input: NewCase,
  /** Tells the receivers (notices, subscribers' mail); demo data leaves it out. */
  platform?: Platform,
  onCreated?: OnCaseCreated,
): Promise<{ id: string; created: boolean }> {
  const senderCustId = custOf(actor);
  try {
    const { told, receivers, ...made } = await insertNewCase(
      db,
      actor,
      ctx,
      input,
      senderCustId,
      platform,
      onCreated,
    );
    // The case boxes of both sides change: open screens refetch (a client that missed it refetches on reconnect).
    if (platform && made.created)
      for (const custId of new Set([senderCustId, ...receivers]))
        platform.realtime.toOrg(
          custId,
          RealtimeEvent.caseChanged,
          custId === senderCustId
            ? ({ id: made.id, reason: 'sent' } satisfies CaseChangedMessage)
            : ({
                id: made.id,
                reason: 'received',
                patientName: input.order.patientName,
              } satisfies CaseChangedMessage),
        );
    if (platform && told.length) {
      announce(platform, told);
      platform.mail.wake();
    }
    return made;
  } catch (err) {
    // Two calls with the same upload at once: the second finds the first's case.
    const existing =
      input.uploadId && isUniqueViolation(err) && (await repo.findCaseByUpload(db, input.uploadId));
    if (existing) return { id: existing.id, created: false };
    throw err;
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function insertNewCase(
  db: Db,
  actor: Actor,
  ctx: Scope['ctx'],
  input: NewCase,
  senderCustId: string,
  platform?: Platform,
  onCreated?: OnCaseCreated,
): Promise<{ id: string; created: boolean; told: NoticeRow[]; receivers: string[] }> {
  return db.transaction(async (tx) => {
    if (input.uploadId) {
      const existing = await repo.findCaseByUpload(tx, input.uploadId);
      if (existing) return { id: existing.id, created: false, told: [], receivers: [] };
    }
    const device = await usableDevice(tx, actor, input.deviceSerial);
    if (!input.files.length) return refuse(CaseErrors.originalMissing);
    const now = input.createdAt ?? new Date();
    const o = input.order;
    const record = await repo.insertCase(tx, {
      senderCustId,
      senderUserId: actor.userId,
      deviceId: device.id,
      deviceSerial: device.serial,
      caseType: o.caseType,
      status: CaseStatus.awaitingLab,
      crypto: input.crypto ? 1 : 0,
      ext: input.files[0]!.format,
      patientName: o.patientName,
      sex: o.sex ?? null,
      age: o.age ?? null,
      doctor: o.doctor ?? '',
      clinic: o.clinic ?? '',
      phone: o.phone ?? '',
      dueDate: o.dueDate ?? null,
      remark: o.remark ?? '',
      teeth: [...new Set(o.teeth ?? [])].sort((a, b) => a - b),
      upperJaw: o.upperJaw ?? false,
      lowerJaw: o.lowerJaw ?? false,
      designRequirement: o.designRequirement ?? '',
      material: o.material ?? '',
      toothColor: o.toothColor ?? '',
      implantType: o.implantType ?? '',
      restorationType: o.restorationType ?? '',
      softwareVersion: o.softwareVersion ?? '',
      uploadId: input.uploadId ?? null,
      createdAt: now,
      uploadedAt: now,
    });
    await repo.insertFiles(
      tx,
      input.files.map((f) => ({
        caseId: record.id,
        storageKey: f.key,
        name: f.name,
        size: f.size,
        sha256: f.sha256,
        format: f.format,
        createdAt: now,
      })),
    );
    const receivers = await repo.routeTargets(tx, device.id, o.caseType, senderCustId, new Date());
    await repo.insertBoxes(tx, [
      { caseId: record.id, custId: senderCustId, role: BoxRole.sender, caseCreatedAt: now },
      ...receivers.map((custId) => ({
        caseId: record.id,
        custId,
        role: BoxRole.receiver,
        caseCreatedAt: now,
        processStatus: ProcessStatus.received,
      })),
    ]);
    await insertCaseForms(
      tx,
      (input.orderForms ?? [])
        .filter((f) => receivers.includes(f.custId))
        .map((f) => ({ caseId: record.id, ...f })),
    );
    // The card's preview image is queued by the scans module (scans.jobs `queuePreview`), in this transaction.
    await onCreated?.(tx, { caseId: record.id, crypto: input.crypto });
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: senderCustId,
      action: 'case.create',
      objectType: 'case',
      objectId: record.id,
      outcome: 'allowed',
      detail: { device: device.serial, receivers, files: input.files.length },
    });
    const told = platform
      ? await caseReceived(tx, platform, { caseId: record.id, senderCustId, receivers })
      : [];
    return { id: record.id, created: true, told, receivers };
  });
}

// ---- the case box ----------------------------------------------------------------------------

const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);

/** `POST /getpaging`: a page of the caller's copies (or its bin), audited with the ids it showed. */
export async function list(s: Scope, q: CaseListBody) {
  const custId = custOf(s.actor);
  const now = new Date();
  const { total, rows } = await repo.listBoxes(s.db, {
    custId,
    recycle: q.recycle ?? false,
    caseType: q.caseType,
    isSend: q.isSend,
    from: q.startTime ? dayStart(q.startTime) : undefined,
    until: q.endTime ? new Date(dayStart(q.endTime).getTime() + DAY_MS) : undefined,
    keyword: q.keyword,
    notDownload: q.notDownload,
    downloaded: q.downloaded,
    sorter: q.sorter,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    language: s.actor.language,
  });
  const parties = await repo.partiesOf(
    s.db,
    rows.map((r) => r.record.id),
  );
  // The page's rights come with its one query: each copy's row holds every fact the rules read (cases.access).
  const records = rows.map((r) =>
    presentCase(
      r,
      parties.filter((p) => p.caseId === r.record.id),
      custId,
      accessOf(r, now, s.actor.custType),
    ),
  );
  // A read's audit row goes in a batch with the other reads' of the moment (issue 35), stored before the answer.
  await auditRead(
    s.db,
    s.ctx,
    caseAudit(s, 'case.list', null, 'allowed', {
      ids: records.map((r) => r.id),
      recycle: q.recycle ?? false,
    }),
  );
  return { records, totalRecords: total, pageSize: q.pageSize, pageIndex: q.pageIndex };
}

export async function present(s: Scope, row: repo.BoxRow): Promise<CaseRow> {
  const parties = await repo.partiesOf(s.db, [row.record.id]);
  return presentCase(row, parties, custOf(s.actor), accessOf(row, new Date(), s.actor.custType));
}

/** `GET /detail/{id}` (audited). */
export async function detail(s: Scope, id: string): Promise<CaseDetail> {
  const row = await copyOf(s, id, 'case.read');
  const [parties, files, forms] = await Promise.all([
    repo.partiesOf(s.db, [id]),
    repo.filesOf(s.db, id),
    caseForms(s.db, id),
  ]);
  await auditRead(s.db, s.ctx, caseAudit(s, 'case.read', id));
  const orderForms = presentFilledForms(
    filledFormsSeenBy(
      { custId: custOf(s.actor), role: row.box.role, forwardedBy: row.box.forwardedBy },
      forms,
    ),
  );
  const access = accessOf(row, new Date(), s.actor.custType);
  return presentDetail(row, parties, files, custOf(s.actor), access, orderForms);
}

/** `PUT /status/{id}?status=5`: the sender cancels its case before a lab has started on it. */
export async function cancel(s: Scope, id: string): Promise<CaseRow> {
  await copyOf(s, id, 'case.cancel');
  const row = await s.db.transaction(async (tx) => {
    const row = await copyOf(s, id, 'case.cancel', { lock: true, db: tx, right: 'cancel' });
    await repo.setCaseStatus(tx, id, CaseStatus.cancelled);
    await audit(tx, s.ctx, caseAudit(s, 'case.cancel', id));
    return { ...row, record: { ...row.record, status: CaseStatus.cancelled } };
  });
  return present(s, row);
}

/** The case status that follows a lab's progress. */
const caseStatusFor = (progress: number): number =>
  progress === ProcessStatus.finished
    ? CaseStatus.finished
    : progress === ProcessStatus.processing || progress === ProcessStatus.sent
      ? CaseStatus.processing
      : CaseStatus.awaitingLab;

/**
 * `PUT /processStatus?id=&status=`: a receiver sets its lab progress (a verified organization only). 5 "checked in"
 * only while the copy is at 1 "received". The case's own status follows (processing, finished).
 */
export async function setProcess(s: Scope, id: string, status: number): Promise<CaseRow> {
  await requireCertified(s);
  await copyOf(s, id, 'case.progress');
  let told: NoticeRow[] = [];
  const row = await s.db.transaction(async (tx) => {
    const row = await copyOf(s, id, 'case.progress', { lock: true, db: tx, right: 'status' });
    if (status === ProcessStatus.checkedIn && row.box.processStatus !== ProcessStatus.received)
      return refuse(CaseErrors.statusNotAllowed);
    await repo.setProcessStatus(tx, id, custOf(s.actor), status);
    const caseStatus = caseStatusFor(status);
    await repo.setCaseStatus(tx, id, caseStatus);
    await audit(tx, s.ctx, caseAudit(s, 'case.progress', id, 'allowed', { status }));
    // Reaching finished: the sending organization's members get the persistent Task notice.
    const reached = status === ProcessStatus.finished && row.box.processStatus !== ProcessStatus.finished;
    const c = { caseId: id, senderCustId: row.record.senderCustId, labCustId: custOf(s.actor) };
    told = reached ? await orderFinished(tx, c) : [];
    return {
      ...row,
      box: { ...row.box, processStatus: status },
      record: { ...row.record, status: caseStatus },
    };
  });
  if (s.platform) {
    announce(s.platform, told);
    s.platform.realtime.toOrg(row.record.senderCustId, RealtimeEvent.caseChanged, {
      id,
      reason: 'progress',
    } satisfies CaseChangedMessage);
  }
  return present(s, row);
}

// ---- the recycle bin (per organization: the other side keeps its copy) ----------------------------

/** `PUT /api/case/recycle/move/`: moves the caller's copies to its bin; unknown ids are skipped, all unknown refused. */
export async function recycle(s: Scope, ids: string[]): Promise<{ moved: number }> {
  const custId = custOf(s.actor);
  const now = new Date();
  const moved = await s.db.transaction(async (tx) => {
    const moved: { caseId: string; recycleId: string }[] = [];
    for (const id of ids) {
      const recycleId = randomUUID();
      for (const r of await repo.recycleBox(tx, id, custId, recycleId, now)) moved.push({ ...r, recycleId });
    }
    if (!moved.length) return refuse(CaseErrors.notFound);
    // One entry per case moved (its object id the case), so the case's history finds it (case-history.service).
    for (const m of moved)
      await audit(tx, s.ctx, caseAudit(s, 'case.recycle', m.caseId, 'allowed', { recycleId: m.recycleId }));
    return moved.length;
  });
  return { moved };
}

/**
 * `GET /user/addservice?id=&recycleId=`: back from the bin. The copy must allow `restore` (cases.access: only a copy
 * in the bin); a `recycleId` that is not the copy's (a stale row) is "not found" like another organization's case.
 */
export async function restore(s: Scope, id: string, recycleId: string): Promise<CaseRow> {
  const custId = custOf(s.actor);
  const refused = async () => {
    await audit(s.db, s.ctx, caseAudit(s, 'case.restore', id, 'refused'));
    return refuse(CaseErrors.notFound);
  };
  const row = await s.db.transaction(async (tx) => {
    const copy = await findCopy(tx, s.actor, id, { lock: true });
    if (!copy || copy.box.recycleId !== recycleId || refusalOf(copy, 'restore', new Date(), s.actor.custType))
      return null;
    await repo.restoreBox(tx, id, custId, recycleId);
    await audit(tx, s.ctx, caseAudit(s, 'case.restore', id));
    return copy;
  });
  if (!row) return refused();
  return present(s, { ...row, box: { ...row.box, recycleId: null, recycledAt: null } });
}

/**
 * Empties the bin (one case, or all of it) for the caller's organization: the copies whose rights allow `purge`
 * (cases.access). A case no organization keeps any more is deleted with its files (from storage once the
 * transaction has committed).
 */
export async function purge(s: Scope, id: string | null): Promise<{ deleted: number }> {
  const custId = custOf(s.actor);
  const { touched, keys } = await s.db.transaction(async (tx) => {
    const ids = id
      ? [(await copyOf(s, id, 'case.purge', { lock: true, db: tx, right: 'purge' })).record.id]
      : (await purgeableCopies(tx, s.actor)).map((c) => c.record.id);
    const touched = await repo.purgeBoxes(tx, custId, ids, new Date());
    const keys = await repo.dropAbandoned(tx, touched);
    await audit(tx, s.ctx, caseAudit(s, 'case.purge', id, 'allowed', { ids: touched }));
    return { touched, keys };
  });
  await removeFiles(s.storage, keys);
  return { deleted: touched.length };
}

/** Removes stored files; one that fails stays for the orphan cleanup (its row is already gone). */
export async function removeFiles(storage: Storage, keys: string[]) {
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
}

// ---- downloads -----------------------------------------------------------------------------------

/** Checks that the caller may fetch this case's files now; returns its copy. */
async function downloadable(s: Scope, id: string, action: string) {
  const row = await copyOf(s, id, action, { right: 'download' });
  if (row.box.role === BoxRole.receiver) await requireCertified(s);
  const { maxDownloads, retentionDays } = s.limits;
  if (retentionDays > 0 && Date.now() - row.record.uploadedAt.getTime() > retentionDays * DAY_MS)
    return refuse(CaseErrors.fileExpired);
  if (maxDownloads > 0 && row.record.downloadCount >= maxDownloads) return refuse(CaseErrors.maxDownloads);
  return row;
}

const fileLinks = (id: string, files: readonly repo.CaseFileRecord[]) =>
  files.map((f) => ({
    id: f.id,
    name: f.name,
    size: f.size,
    format: f.format,
    url: `/api/case/file/${id}/${f.id}`,
  }));

/**
 * `GET /api/case/previewStatus?id=`: whether the caller may open the case's 3D preview, and the scan files the
 * viewer loads. Refused past the 90-day window (`case.previewExpired`) and for an encrypted case, whose scan the
 * server never holds in clear (`case.encryptedNoConversion`, the catalogue's message for encrypted data). Audited.
 */
export async function previewStatus(s: Scope, id: string) {
  const row = await copyOf(s, id, 'case.preview', { right: 'preview' });
  // The viewer fetches the files as a download does: a receiver needs certification for both.
  if (row.box.role === BoxRole.receiver) await requireCertified(s);
  // The scans as uploaded: files written by a conversion are the same scan again.
  const files = await repo.originalFiles(s.db, id);
  await audit(s.db, s.ctx, caseAudit(s, 'case.preview', id));
  return { id, files: fileLinks(id, files) };
}

/** `GET /download/{id}`: what there is to download, and where (audited). */
export async function downloadInfo(s: Scope, id: string) {
  await downloadable(s, id, 'case.download');
  const files = await repo.filesOf(s.db, id);
  await audit(s.db, s.ctx, caseAudit(s, 'case.download', id));
  return {
    size: files.reduce((n, f) => n + f.size, 0),
    archiveUrl: `/api/case/download/archive/${id}`,
    files: fileLinks(id, files),
  };
}

/** `GET /download/callback?id=`: the client finished a download; counts it and marks the copy downloaded. */
export async function downloaded(s: Scope, id: string): Promise<CaseRow> {
  await downloadable(s, id, 'case.downloaded');
  await repo.markDownloaded(s.db, id, custOf(s.actor), new Date());
  await audit(s.db, s.ctx, caseAudit(s, 'case.downloaded', id));
  return present(s, (await repo.findBox(s.db, id, custOf(s.actor)))!);
}

export interface ArchiveEntry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

/** The case's files for a zip (audited); names made unique, never used as paths. */
export async function archive(s: Scope, id: string): Promise<{ name: string; entries: ArchiveEntry[] }> {
  const row = await downloadable(s, id, 'case.archive');
  const files = await repo.filesOf(s.db, id);
  await audit(s.db, s.ctx, caseAudit(s, 'case.archive', id));
  const seen = new Map<string, number>();
  const entries = files.map((f) => {
    const base =
      [...f.name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('') || `file.${f.format}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const name = n === 1 ? base : base.replace(/(\.[^.]*)?$/, `-${n}$1`);
    return { name, size: f.size, open: () => s.storage.get(f.storageKey) };
  });
  const patient = row.record.patientName.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60) || 'case';
  return { name: `${patient}-${id.slice(0, 8)}.zip`, entries };
}

/** One file of a case, whole or a byte range (audited). */
export async function file(s: Scope, caseId: string, fileId: string) {
  await downloadable(s, caseId, 'case.file');
  const f = await repo.findFile(s.db, caseId, fileId);
  if (!f) return refuse(CaseErrors.originalMissing);
  await audit(s.db, s.ctx, caseAudit(s, 'case.file', caseId, 'allowed', { file: fileId }));
  return {
    name: f.name,
    size: f.size,
    format: f.format,
    open: (range?: { start: number; end?: number }) => s.storage.get(f.storageKey, range),
  };
}
