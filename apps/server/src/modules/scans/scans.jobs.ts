import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import {
  CaseErrors,
  conversionExt,
  RealtimeEvent,
  type CaseChangedMessage,
  type ConversionType,
  type ErrorDef,
} from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import { StorageNotFound, type Storage } from '../../platform/storage/storage.ts';
import * as caseFiles from '../cases/case-files.service.ts';
import type { OnCaseCreated } from '../cases/cases.service.ts';
import type { KnownKeys } from '../cases/cases.jobs.ts';
import * as jobs from './scans.repository.ts';
import type { ScanOutput, ScanResult, ScanTask } from './mesh.worker.ts';
import { JobFailure } from './job-failure.ts';
import { buildModelJob, compareJob, failedNotices, type JobDeps } from './models.jobs.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { JobOutcome, Metrics } from '../../platform/metrics/metrics.ts';
import { announce, type NoticeRow } from '../notices/notices.service.ts';
import { conversionEnded } from '../notices/task-notices.ts';
import { workerScript } from '../../platform/server-root.ts';

/** A running job's heartbeat; a job whose heartbeat is older than STALE_MS is another process's to take. */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;
/** A job whose worker died is tried this many times in all, then failed. */
export const MAX_ATTEMPTS = 3;
/** The preview image's size (the card shows it at half that, sharp on dense screens). */
export const THUMBNAIL = { width: 320, height: 240 };
/**
 * The backfill keeps at most this many preview images of older cases queued (every process's together): it tops the
 * queue up to it on the runner's tick once fewer than half remain, so background work never fills the queue.
 */
export const BACKFILL_QUEUE = 100;

/** Which scan jobs a process claims (config SCAN_JOBS): every kind, only what a person waits for, or only background work. */
export type ScanJobsKind = 'all' | 'waited' | 'background';

/**
 * How many of a process's `threads` may run background work at once: all but one when it runs every kind (so with two
 * threads or more one is always free for what a person waits for; with one, that job is simply claimed next), every
 * one when it runs only background work, none when it runs only what people wait for.
 */
export function backgroundThreads(threads: number, kind: ScanJobsKind): number {
  if (kind === 'waited' || threads === 0) return 0;
  return kind === 'background' ? threads : Math.max(1, threads - 1);
}

export interface ScanJobsOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Worker threads (config SCAN_THREADS); 0: this process claims no jobs. */
  threads: number;
  /** Which jobs this process claims (config SCAN_JOBS, default all); only one that runs background work backfills. */
  kind?: ScanJobsKind;
  /** The backfill's bound on queued background jobs (BACKFILL_QUEUE; tests make it small). */
  backfillQueue?: number;
  /** How often an idle runner looks for queued work that another process added. */
  pollMs?: number;
  staleMs?: number;
  heartbeatMs?: number;
  /** The worker module (tests swap in one that dies). */
  workerFile?: URL;
  /** Tells the person who started a conversion that it is done or failed (Task / Failed). */
  realtime?: Realtime;
  /** The app's metrics: the queue (read at scrape time, every process's jobs) and each job this process ends. */
  metrics?: Metrics;
}

export interface ScanJobs {
  /** Look for work now (a job was just queued in this process). */
  wake(): void;
  /** The worker pool (tests end its threads to play a worker dying). */
  readonly pool: Piscina;
  stop(): Promise<void>;
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Runs the scan jobs of the `scan_jobs` table in worker threads: any number of server processes each run one of
 * these, and each job is claimed by exactly one of them. A job's claim is kept fresh while it runs; if its process
 * dies, another takes it over once the heartbeat is stale. A worker thread that dies (out of memory, killed) gives
 * the job back to the queue, up to MAX_ATTEMPTS tries; a malformed scan fails the job at once. What a person waits
 * for is claimed first, and background work never holds every thread (`backgroundThreads`); the backfill of older
 * cases' preview images keeps only a few jobs queued (`BACKFILL_QUEUE`).
 */
export function startScanJobs(opts: ScanJobsOptions): ScanJobs {
  const { db, storage, log } = opts;
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  opts.metrics?.source('scanQueue', () => jobs.queueFigures(db));
  const threads = opts.threads;
  const kind = opts.kind ?? 'all';
  const maxBackground = backgroundThreads(threads, kind);
  const backfillQueue = opts.backfillQueue ?? BACKFILL_QUEUE;
  const staleMs = opts.staleMs ?? STALE_MS;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const pool = new Piscina({
    ...workerScript('modules/scans/mesh.worker.ts', opts.workerFile),
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    idleTimeout: 60_000,
  });

  let stopped = false;
  let active = 0;
  /** Of the `active` jobs, those of background priority. */
  let activeBackground = 0;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();

  /** Runs a task in a worker thread; its progress (model, compare) comes back over a message port. */
  const runTask = async (
    task: ScanTask,
    transfer: ArrayBuffer[],
    failure: ErrorDef = CaseErrors.processingFailed,
    onProgress?: (f: number) => void,
  ): Promise<ScanOutput> => {
    const channel = onProgress ? new MessageChannel() : undefined;
    if (channel) {
      channel.port1.on('message', (f: number) => onProgress!(f));
      (task as { port?: unknown }).port = channel.port2;
    }
    try {
      const transferList = [...transfer, ...(channel ? [channel.port2] : [])];
      const result = (await pool.run(task, {
        transferList: transferList as unknown as ArrayBuffer[],
      })) as ScanResult;
      if ('error' in result) {
        log.info({ reason: result.error }, 'scan could not be read');
        throw new JobFailure(failure);
      }
      return result;
    } finally {
      channel?.port1.close();
    }
  };

  const read = async (key: string) => {
    try {
      return await readAll(await storage.get(key));
    } catch (err) {
      if (err instanceof StorageNotFound) throw new JobFailure(CaseErrors.originalMissing);
      throw err;
    }
  };

  /** Converts every original scan of the case; the results replace an earlier conversion to the same type. */
  const convertCase = async (job: jobs.ScanJob, progress: (p: number) => void) => {
    const type = job.type as ConversionType;
    const ext = conversionExt[type];
    const sources = (await caseFiles.originalFiles(db, job.caseId)).filter((f) =>
      ['ply', 'stl', 'obj'].includes(f.format),
    );
    if (!sources.length) throw new JobFailure(CaseErrors.missingOriginalFormat);
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
        const bytes = await read(f.storageKey);
        progress((i + 0.25) / sources.length);
        const out = await runTask({ op: 'convert', bytes, to: ext }, [bytes.buffer as ArrayBuffer]);
        progress((i + 0.8) / sources.length);
        const key = `cases/${randomUUID()}`;
        const stored = await storage.put(
          key,
          Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.length),
        );
        const base = f.name.replace(/\.[^.]*$/, '') || 'scan';
        const name = f.format === ext ? `${base}-converted.${ext}` : `${base}.${ext}`;
        written.push({ key, ...stored, name, from: f.id, triangles: out.triangles });
      }
      const now = new Date();
      let told: NoticeRow[] = [];
      const old = await db.transaction(async (tx) => {
        const replaced = await caseFiles.replaceConvertedFiles(
          tx,
          job.caseId,
          type,
          written.map((w) => ({
            caseId: job.caseId,
            storageKey: w.key,
            name: w.name,
            size: w.size,
            sha256: w.sha256,
            format: ext,
            convertedFrom: w.from,
            conversionType: type,
            triangles: w.triangles,
            createdAt: now,
          })),
        );
        // Only the worker that still holds the job records it: one taken over meanwhile rolls back.
        if (!(await jobs.finishJob(tx, job.id, worker, { state: 'done' }))) throw new Error('job taken over');
        told = await conversionEnded(tx, {
          caseId: job.caseId,
          userId: job.requestedBy,
          type,
          jobId: job.id,
        });
        return replaced;
      });
      if (opts.realtime) announce({ realtime: opts.realtime }, told);
      await Promise.all(old.map((k) => storage.delete(k).catch(() => undefined)));
    } catch (err) {
      await Promise.all(written.map((w) => storage.delete(w.key).catch(() => undefined)));
      throw err;
    }
  };

  /** Draws the case's scans into its preview image. */
  const drawThumbnail = async (job: jobs.ScanJob) => {
    const sources = (await caseFiles.originalFiles(db, job.caseId)).filter((f) =>
      ['ply', 'stl', 'obj'].includes(f.format),
    );
    if (!sources.length) throw new JobFailure(CaseErrors.missingOriginalFormat);
    const files = await Promise.all(sources.map((f) => read(f.storageKey)));
    const out = await runTask(
      { op: 'thumbnail', files, ...THUMBNAIL },
      files.map((f) => f.buffer as ArrayBuffer),
    );
    const key = `thumbs/${randomUUID()}.png`;
    await storage.put(key, Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.length), {
      contentType: 'image/png',
    });
    try {
      const old = await db.transaction(async (tx) => {
        const before = await caseFiles.setCaseThumbnail(tx, job.caseId, key);
        if (!(await jobs.finishJob(tx, job.id, worker, { state: 'done' }))) throw new Error('job taken over');
        return before;
      });
      if (old) await storage.delete(old).catch(() => undefined);
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
    // Open case lists of every organization holding the case swap the placeholder for the image, without a reload.
    if (opts.realtime) {
      const message: CaseChangedMessage = { id: job.caseId, reason: 'thumbnail' };
      for (const custId of await caseFiles.caseHolders(db, job.caseId))
        opts.realtime.toOrg(custId, RealtimeEvent.caseChanged, message);
    }
  };

  const deps: JobDeps = { db, storage, worker, realtime: opts.realtime, run: runTask, read };

  /** Fails the job; a failed conversion is told to the person who started it (a `failed` notice, `Failed`). */
  const failJob = async (job: jobs.ScanJob, def: ErrorDef) => {
    const told = await db.transaction(async (tx) => {
      const mine = await jobs.finishJob(tx, job.id, worker, {
        state: 'failed',
        errorKey: def.key,
        errorCode: def.code,
      });
      if (!mine) return [];
      if (job.kind !== 'convert') return failedNotices(tx, job, def);
      const c = { caseId: job.caseId, userId: job.requestedBy, type: job.type, jobId: job.id };
      return conversionEnded(tx, { ...c, errorKey: def.key });
    });
    if (opts.realtime) announce({ realtime: opts.realtime }, told);
  };

  const runJob = async (job: jobs.ScanJob) => {
    const started = performance.now();
    let outcome: JobOutcome = 'done';
    let progress = 0;
    const beat = setInterval(() => {
      jobs
        .heartbeat(db, job.id, worker, progress)
        .catch((err) => log.warn({ err }, 'scan job heartbeat failed'));
    }, heartbeatMs);
    try {
      // Progress is recorded at once when it moved by 5 % or more, otherwise with the next heartbeat.
      let recorded = 0;
      const report = (p: number) => {
        progress = p;
        if (p - recorded < 0.05) return;
        recorded = p;
        void jobs.heartbeat(db, job.id, worker, p).catch(() => undefined);
      };
      if (job.kind === 'convert') await convertCase(job, report);
      else if (job.kind === 'model') await buildModelJob(deps, job, report);
      else if (job.kind === 'compare') await compareJob(deps, job, report);
      else await drawThumbnail(job);
    } catch (err) {
      if (err instanceof JobFailure) {
        outcome = 'failed';
        await failJob(job, err.def);
      } else if (job.attempts < MAX_ATTEMPTS && !stopped) {
        outcome = 'requeued';
        log.warn({ err, job: job.id }, 'scan job interrupted; queued again');
        await jobs.requeueJob(db, job.id, worker);
      } else {
        outcome = 'failed';
        log.error({ err, job: job.id }, 'scan job failed');
        await failJob(job, CaseErrors.processingFailed);
      }
    } finally {
      clearInterval(beat);
      opts.metrics?.scanJob(job.kind, outcome, (performance.now() - started) / 1000);
    }
  };

  /** Which jobs a free thread may take now: background work only while fewer than `maxBackground` threads run it. */
  const claimable = (): jobs.ClaimWhich => {
    if (kind !== 'all') return kind;
    return activeBackground < maxBackground ? 'all' : 'waited';
  };

  /** Claims and starts jobs while there are free threads and queued work. */
  const fill = async () => {
    while (!stopped && active < threads) {
      const job = await jobs.claimJob(db, worker, staleMs, claimable());
      if (!job) return;
      const background = jobs.isBackground(job);
      active++;
      if (background) activeBackground++;
      const p = runJob(job)
        .catch((err) => log.error({ err, job: job.id }, 'scan job could not be recorded'))
        .finally(() => {
          active--;
          if (background) activeBackground--;
          running.delete(p);
          wake();
        });
      running.add(p);
    }
  };

  let filling: Promise<void> | undefined;
  let again = false;
  const wake = () => {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((err) => log.warn({ err }, 'scan job claim failed'))
      .finally(() => {
        filling = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  // Cases from before preview images existed get theirs, a few at a time, by the processes that run background work:
  // on each tick, once fewer than half of `backfillQueue` remain queued, the queue is topped up to it. The walk over
  // the cases goes on from where this process left it (newest first) and ends once it has seen them all.
  let cursor: jobs.BackfillCursor | null = null;
  let backfillDone = maxBackground === 0 || backfillQueue <= 0;
  let backfilling: Promise<void> | undefined;
  const backfill = async () => {
    const queued = await db.transaction(async (tx) => {
      // One process at a time tops up, so two together never queue past the bound.
      if (!(await jobs.lockBackfill(tx))) return 0;
      const waiting = await jobs.queuedBackground(tx);
      if (waiting * 2 >= backfillQueue) return 0;
      let added = 0;
      // A walk past many cases that already have a job (failed ones keep no image) may take a few slices.
      for (let slices = 0; slices < 10 && !backfillDone && waiting + added < backfillQueue; slices++) {
        const step = await jobs.queueMissingThumbnails(tx, backfillQueue - waiting - added, {
          after: cursor,
        });
        added += step.queued;
        cursor = step.cursor;
        if (!cursor) backfillDone = true;
      }
      return added;
    });
    if (queued) wake();
  };
  const topUp = () => {
    if (backfillDone || backfilling || stopped) return;
    backfilling = backfill()
      .catch((err) => log.warn({ err }, 'preview image backfill failed'))
      .finally(() => {
        backfilling = undefined;
      });
  };

  const tick = () => {
    if (threads === 0) return;
    topUp();
    wake();
    timer = setTimeout(tick, opts.pollMs ?? 2_000);
    timer.unref();
  };
  tick();

  return {
    wake,
    pool,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await backfilling;
      await filling;
      await Promise.allSettled([...running]);
      await pool.destroy();
    },
  };
}

/**
 * Queues the preview image of a case just made, in the transaction that makes it (sealed data cannot be drawn):
 * handed to cases.service `createCase` by app.ts, the demo data and the test factories.
 */
export const queuePreview: OnCaseCreated = async (tx, made) => {
  if (!made.crypto) await jobs.insertJob(tx, { caseId: made.caseId, kind: 'thumbnail' });
};

/** The storage keys of comparisons' coloured scans among these: handed to the orphan cleanup (cases.jobs) by app.ts. */
export const comparisonKeys: KnownKeys = (db, keys) => jobs.knownCompareKeys(db, keys);

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's scan job runner. */
    scanJobs: ScanJobs;
  }
}
