import { randomUUID } from 'node:crypto';
import { CaseErrors, CompareErrors, ModelErrors, type ErrorDef } from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { announce } from '../notices/notices.service.ts';
import { modelEnded } from '../notices/task-notices.ts';
import * as caseFiles from '../cases/case-files.service.ts';
import * as jobs from './scans.repository.ts';
import { JobFailure } from './job-failure.ts';
import type { ScanOutput, ScanTask } from './mesh.worker.ts';

/**
 * The model builder's and the comparison's job bodies (kinds `model` and `compare` of the scan job runner,
 * scan.jobs.ts). The heavy work runs in a worker thread (model-ops.ts); these read the scans from storage, store
 * what the worker wrote and record it in the transaction that marks the job done.
 */
export interface JobDeps {
  db: Db;
  storage: Storage;
  /** This runner's claim name (only the worker that still holds a job records it). */
  worker: string;
  realtime?: Realtime;
  /** Runs a task in a worker thread; a scan that does not parse fails the job with `failure`. */
  run(
    task: ScanTask,
    transfer: ArrayBuffer[],
    failure: ErrorDef,
    onProgress?: (f: number) => void,
  ): Promise<ScanOutput>;
  /** A stored file's bytes; gone from storage: `case.originalMissing`. */
  read(key: string): Promise<Uint8Array>;
}

export interface ModelParams {
  baseHeight: number;
  baseKind: 'horseshoe' | 'solid';
  fileId?: string;
}

export interface CompareParams {
  caseB: string;
  fileA: string;
  fileB: string;
}

/** What a finished comparison records in `scan_jobs.result`. */
export interface CompareResult {
  key: string;
  name: string;
  size: number;
  transform: number[];
  rotationDegrees: number;
  translation: number[];
  mean: number;
  rms: number;
  max: number;
  range: number;
  histogram: { edges: number[]; counts: number[] };
}

const isMeshFormat = (format: string) => ['ply', 'stl', 'obj'].includes(format);
const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'scan';
const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length);

/**
 * Builds a model of each chosen original scan of the case (`<scan>-model.stl`, conversion type `model`); the files
 * replace the case's earlier model files, and the person who started it gets a `task` notice (reason `model`).
 */
export async function buildModelJob(d: JobDeps, job: jobs.ScanJob, progress: (p: number) => void) {
  const params = job.params as unknown as ModelParams;
  const sources = (await caseFiles.originalFiles(d.db, job.caseId)).filter(
    (f) => isMeshFormat(f.format) && (!params.fileId || f.id === params.fileId),
  );
  if (!sources.length) throw new JobFailure(ModelErrors.noScan);
  const written: {
    key: string;
    size: number;
    sha256: string;
    name: string;
    from: string;
    triangles: number;
  }[] = [];
  try {
    for (const [i, f] of sources.entries()) {
      const bytes = await d.read(f.storageKey);
      const out = await d.run(
        { op: 'model', bytes, baseHeight: params.baseHeight, baseKind: params.baseKind },
        [bytes.buffer as ArrayBuffer],
        ModelErrors.failed,
        (p) => progress((i + 0.95 * p) / sources.length),
      );
      const key = `cases/${randomUUID()}`;
      const stored = await d.storage.put(key, buffer(out.bytes));
      written.push({
        key,
        ...stored,
        name: `${baseName(f.name)}-model.stl`,
        from: f.id,
        triangles: out.triangles,
      });
    }
    const now = new Date();
    const { old, told } = await d.db.transaction(async (tx) => {
      const replaced = await caseFiles.replaceConvertedFiles(
        tx,
        job.caseId,
        'model',
        written.map((w) => ({
          caseId: job.caseId,
          storageKey: w.key,
          name: w.name,
          size: w.size,
          sha256: w.sha256,
          format: 'stl',
          convertedFrom: w.from,
          conversionType: 'model',
          triangles: w.triangles,
          createdAt: now,
        })),
      );
      if (!(await jobs.finishJob(tx, job.id, d.worker, { state: 'done' }))) throw new Error('job taken over');
      const notices = await modelEnded(tx, { caseId: job.caseId, userId: job.requestedBy, jobId: job.id });
      return { old: replaced, told: notices };
    });
    if (d.realtime) announce({ realtime: d.realtime }, told);
    await Promise.all(old.map((k) => d.storage.delete(k).catch(() => undefined)));
  } catch (err) {
    await Promise.all(written.map((w) => d.storage.delete(w.key).catch(() => undefined)));
    throw err;
  }
}

/**
 * Aligns file B onto file A and colours B by its distance from A: the coloured PLY is stored under
 * `compare/<uuid>.ply` and the figures in the job's `result`.
 */
export async function compareJob(d: JobDeps, job: jobs.ScanJob, progress: (p: number) => void) {
  const params = job.params as unknown as CompareParams;
  const [fa, fb] = await Promise.all([
    caseFiles.fileById(d.db, params.fileA),
    caseFiles.fileById(d.db, params.fileB),
  ]);
  if (!fa || !fb) throw new JobFailure(CaseErrors.originalMissing);
  const a = await d.read(fa.storageKey);
  const b = await d.read(fb.storageKey);
  progress(0.05);
  const out = await d.run(
    { op: 'compare', a, b },
    [a.buffer as ArrayBuffer, b.buffer as ArrayBuffer],
    CompareErrors.failed,
    (p) => progress(0.05 + 0.9 * p),
  );
  const key = `compare/${randomUUID()}.ply`;
  const stored = await d.storage.put(key, buffer(out.bytes));
  const result: CompareResult = {
    ...(out.stats as Omit<CompareResult, 'key' | 'name' | 'size'>),
    key,
    name: `${baseName(fb.name)}-compared.ply`,
    size: stored.size,
  };
  try {
    await d.db.transaction(async (tx) => {
      if (!(await jobs.setJobResult(tx, job.id, d.worker, { ...result }))) throw new Error('job taken over');
      if (!(await jobs.finishJob(tx, job.id, d.worker, { state: 'done' }))) throw new Error('job taken over');
    });
  } catch (err) {
    await d.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** The notices a failed job of these kinds makes (a model: a `failed` notice to whoever started it). */
export const failedNotices = (tx: Parameters<typeof modelEnded>[0], job: jobs.ScanJob, def: ErrorDef) =>
  job.kind === 'model'
    ? modelEnded(tx, { caseId: job.caseId, userId: job.requestedBy, jobId: job.id, errorKey: def.key })
    : Promise.resolve([]);
