import {
  BoxRole,
  CaseErrors,
  SelectableConversionTypes,
  type Conversion,
  type ConversionType,
  ScanFormats,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { refuse, requireCertified } from '../cases/cases.access.ts';
import { caseAudit, copyOf, type Scope } from '../cases/cases.scope.ts';
import { presentConversion } from './conversions.presenter.ts';
import * as caseFiles from '../cases/case-files.service.ts';
import * as jobs from './scans.repository.ts';

const isScan = (format: string) => (ScanFormats as readonly string[]).includes(format);

/** The target a caller asked for: required (`conversionNoFormat`), and one of the selectable ones (`parameter`). */
function targetOf(type: string | undefined): ConversionType {
  if (!type) return refuse(CaseErrors.conversionNoFormat);
  if (!(SelectableConversionTypes as readonly string[]).includes(type)) return refuse(CaseErrors.parameter);
  return type as ConversionType;
}

/** The caller's copy of a case it may convert: not encrypted; a receiver needs certification, as for downloads. */
async function convertible(s: Scope, id: string, action: string) {
  return copyOf(s, id, action, { right: 'convert' });
}

async function present(s: Scope, job: jobs.ScanJob): Promise<Conversion> {
  const files = job.state === 'done' ? await caseFiles.convertedFiles(s.db, job.caseId, job.type!) : [];
  return presentConversion(job, files);
}

/**
 * The conversion another request started a moment ago, when this one lost the race to start it: its live job when of
 * the same type (or, already ended, the latest of that type); refused (`case.converting`) for another type or `flush`,
 * as a request coming after it would be.
 */
async function raceWinner(s: Scope, id: string, type: ConversionType, flush: boolean) {
  const live = await jobs.liveJob(s.db, id, 'convert');
  const winner = live ?? (await jobs.latestJob(s.db, id, 'convert', type));
  if (flush || !winner || winner.type !== type) return refuse(CaseErrors.converting);
  return winner;
}

/**
 * `GET /api/caseRedis/convert/{id}?type=&flush=`: reports the case's latest conversion to `type`, starting one
 * when there is none (or when `flush` asks for a fresh one). Refused for encrypted data, without a format, while a
 * conversion of the case to another type (or, with `flush`, to any type) runs, and when the case holds no scan in
 * a format we read. `wake` tells this process's scan runner that there is work.
 */
export async function requestConversion(
  s: Scope,
  wake: () => void,
  id: string,
  q: { type?: string; flush?: boolean },
): Promise<Conversion> {
  const row = await convertible(s, id, 'case.convert');
  const type = targetOf(q.type);
  if (row.box.role === BoxRole.receiver) await requireCertified(s);
  const live = await jobs.liveJob(s.db, id, 'convert');
  if (live) {
    if (live.type === type && !q.flush) return present(s, live);
    return refuse(CaseErrors.converting);
  }
  if (!q.flush) {
    const latest = await jobs.latestJob(s.db, id, 'convert', type);
    if (latest) return present(s, latest);
  }
  const sources = await caseFiles.originalFiles(s.db, id);
  if (!sources.some((f) => isScan(f.format))) return refuse(CaseErrors.missingOriginalFormat);
  // The unique index on live jobs decides a race (two requests at once, on one process or two): the loser answers
  // the job the winner started when it asked for the same thing, as if it had come a moment later.
  const job = await jobs.insertJob(s.db, { caseId: id, kind: 'convert', type, requestedBy: s.actor.userId });
  if (!job) return present(s, await raceWinner(s, id, type, q.flush === true));
  await audit(s.db, s.ctx, caseAudit(s, 'case.convert', id, 'allowed', { type, job: job.id }));
  wake();
  return present(s, job);
}

/**
 * `POST /api/case/convert/result`: the case's latest conversion (to `type` when given), in whatever state, with its
 * files once done; null when there is none. Audited.
 */
export async function conversionResult(
  s: Scope,
  id: string,
  typeAsked: string | undefined,
): Promise<Conversion | null> {
  await convertible(s, id, 'case.convertResult');
  const type = typeAsked === undefined ? undefined : targetOf(typeAsked);
  const job = await jobs.latestJob(s.db, id, 'convert', type);
  await audit(s.db, s.ctx, caseAudit(s, 'case.convertResult', id, 'allowed', { type, job: job?.id }));
  return job ? present(s, job) : null;
}

/**
 * The case's preview image, for anyone with a copy of it (not audited: the list that shows it is). A case that has
 * none is still a case: `case.encryptedNoConversion` for encrypted data (never drawn), `case.converting` while it
 * is being drawn (or waits to be), `case.processingFailed` when the scan could not be drawn. `case.notFound` only
 * for a case the caller has no copy of.
 */
export async function thumbnail(s: Scope, id: string) {
  const row = await copyOf(s, id, 'case.thumbnail');
  if (!row.record.thumbnailKey) {
    if (row.record.crypto === 1) return refuse(CaseErrors.encryptedNoConversion);
    const job = await jobs.latestJob(s.db, id, 'thumbnail');
    const drawing = !job || job.state === 'queued' || job.state === 'running';
    return refuse(drawing ? CaseErrors.converting : CaseErrors.processingFailed);
  }
  const key = row.record.thumbnailKey;
  return { open: () => s.storage.get(key) };
}
