import type { Readable } from 'node:stream';
import {
  BoxRole,
  CompareErrors,
  type CompareCase,
  type CompareJob,
  type CompareRequest,
  type CompareStarted,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { StorageNotFound, type ByteRange } from '../../platform/storage/storage.ts';
import { custOf, findCopy, refuse, requireCertified } from '../cases/cases.access.ts';
import { compareJobRefusal, compareSideRefusal } from './scans.access.ts';
import { caseAudit, type Scope } from '../cases/cases.scope.ts';
import type { CompareParams, CompareResult } from './models.jobs.ts';
import { presentComparable, presentCompare, type CompareNames } from './models.presenter.ts';
import { comparableCases } from './models.repository.ts';
import * as caseFiles from '../cases/case-files.service.ts';
import * as jobs from './scans.repository.ts';

const isMeshFormat = (format: string) => ['ply', 'stl', 'obj'].includes(format);
/** Cases the picker lists at most (narrow with a keyword). */
const COMPARABLE_LIMIT = 100;

/** A case of the caller's organization (its box, not the bin), for a comparison: else `compare.notFound`. */
async function heldCase(s: Scope, caseId: string) {
  const row = await findCopy(s.db, s.actor, caseId);
  const why = compareSideRefusal(row, s.actor);
  if (why === CompareErrors.notFound)
    await audit(s.db, s.ctx, caseAudit(s, 'case.compare', caseId, 'refused'));
  if (why) return refuse(why);
  return row!;
}

/** The scan a side of the comparison uses: a file given, or the case's first original scan. */
async function sideOf(s: Scope, side: { caseId?: string; fileId?: string }) {
  if (side.fileId) {
    const file = await caseFiles.fileById(s.db, side.fileId);
    if (!file) return refuse(CompareErrors.notFound);
    const row = await heldCase(s, file.caseId);
    if (!isMeshFormat(file.format)) return refuse(CompareErrors.noScan);
    return { row, file };
  }
  const row = await heldCase(s, side.caseId!);
  const file = (await caseFiles.originalFiles(s.db, side.caseId!)).find((f) => isMeshFormat(f.format));
  if (!file) return refuse(CompareErrors.noScan);
  return { row, file };
}

/**
 * `POST /api/case/compare`: queues aligning scan B onto scan A. Two cases (each one's first original scan) or two
 * files (any scan file of the cases: originals, conversions, models); A is the reference. The caller's organization
 * must hold both cases (else `compare.notFound`); a receiver's organization must be certified. One live comparison
 * per case A. Audited.
 */
export async function startCompare(
  s: Scope,
  wake: () => void,
  body: CompareRequest,
): Promise<CompareStarted> {
  const byCase = body.caseA !== undefined && body.caseB !== undefined;
  const byFile = body.fileA !== undefined && body.fileB !== undefined;
  if (byCase === byFile) return refuse(CompareErrors.parameter);
  const a = await sideOf(s, byCase ? { caseId: body.caseA } : { fileId: body.fileA });
  const b = await sideOf(s, byCase ? { caseId: body.caseB } : { fileId: body.fileB });
  if (a.file.id === b.file.id) return refuse(CompareErrors.sameScan);
  if (a.row.box.role === BoxRole.receiver || b.row.box.role === BoxRole.receiver) await requireCertified(s);
  const caseId = a.file.caseId;
  if (await jobs.liveJob(s.db, caseId, 'compare')) return refuse(CompareErrors.running);
  const params: CompareParams & CompareNames = {
    caseB: b.file.caseId,
    fileA: a.file.id,
    fileB: b.file.id,
    nameA: a.file.name,
    nameB: b.file.name,
  };
  const job = await jobs.insertJob(s.db, {
    caseId,
    kind: 'compare',
    requestedBy: s.actor.userId,
    requestedCust: s.actor.custId,
    params: { ...params },
  });
  if (!job) return refuse(CompareErrors.running);
  await audit(s.db, s.ctx, caseAudit(s, 'case.compare', caseId, 'allowed', { job: job.id, ...params }));
  wake();
  return { job: job.id, state: job.state as CompareStarted['state'] };
}

/** A comparison the caller's organization started; anyone else is told it does not exist. */
async function ownJob(s: Scope, id: string) {
  const job = await jobs.findJob(s.db, id);
  const why = compareJobRefusal(job, s.actor);
  if (why) return refuse(why);
  return job!;
}

/** `GET /api/case/compare/{job}` (polled; not audited). */
export async function compareOf(s: Scope, id: string): Promise<CompareJob> {
  return presentCompare(await ownJob(s, id));
}

/** `GET /api/case/compare/{job}/file`: the coloured PLY once done (audited). */
export async function compareFile(
  s: Scope,
  id: string,
): Promise<{ name: string; size: number; open: (range?: ByteRange) => Promise<Readable> }> {
  const job = await ownJob(s, id);
  const r = job.state === 'done' ? (job.result as unknown as CompareResult | null) : null;
  if (!r) return refuse(CompareErrors.notFound);
  await audit(s.db, s.ctx, caseAudit(s, 'case.compare.file', job.caseId, 'allowed', { job: id }));
  return {
    name: r.name,
    size: r.size,
    open: (range?: ByteRange) =>
      s.storage.get(r.key, range).catch((err: unknown) => {
        throw err instanceof StorageNotFound ? refuse(CompareErrors.notFound) : err;
      }),
  };
}

/** `GET /api/case/compare/cases?keyword=`: the caller's cases that hold a scan, to pick two from. */
export async function comparable(s: Scope, keyword: string | undefined): Promise<CompareCase[]> {
  const rows = await comparableCases(s.db, custOf(s.actor), keyword?.trim() || undefined, COMPARABLE_LIMIT);
  return rows.map(presentComparable);
}
