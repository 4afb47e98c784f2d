import path from 'node:path';
import type { BackupList, BackupRow, BackupTrigger } from '@archway/contract';
import type { Db } from '../db/client.ts';
import { runClaimed } from '../jobs/jobs.ts';
import type { Storage } from '../storage/storage.ts';
import { startBackup, type BackupOptions } from './backup.ts';
import { listBackups } from './manifest.ts';

/** The nightly claim lasts this long: a second process firing at the same minute finds it taken and skips. */
const NIGHTLY_CLAIM_MS = 12 * 3600_000;

export interface BackupsOptions {
  databaseUrl: string;
  storage: Storage;
  db: Db;
  directory: string;
  /** UTC `HH:MM`, or null: no nightly backup. */
  schedule: string | null;
  keep: number;
  log: { info(msg: string): void; warn(msg: string): void };
}

/** The backups of a running Archway: the console's list and start, and the nightly schedule. */
export interface Backups {
  list(): Promise<BackupList>;
  /** Starts one (answers its row, `running`); throws BackupRefusal when one runs or the directory is not writable. */
  start(trigger: BackupTrigger): Promise<BackupRow>;
  /** The next nightly run, or undefined when the schedule is off. */
  nextRun(): Date | undefined;
  /** What the timer runs at the scheduled minute (tests): claims the nightly job, then backs up and waits. */
  runNightly(): Promise<void>;
  /** Stops the schedule and a backup this process is writing (it counts as failed), and waits for it. */
  stop(): Promise<void>;
}

/** The next instant `HH:MM` UTC strictly after `now`. */
export function nextTime(schedule: string, now = new Date()): Date {
  const [h, m] = schedule.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

export function createBackups(opts: BackupsOptions): Backups {
  const directory = path.resolve(opts.directory);
  const abort = new AbortController();
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let next: Date | undefined;

  const base = (trigger: BackupTrigger): BackupOptions => ({
    databaseUrl: opts.databaseUrl,
    storage: opts.storage,
    directory,
    trigger,
    keep: opts.keep,
    signal: abort.signal,
    log: opts.log,
  });

  async function start(trigger: BackupTrigger): Promise<BackupRow> {
    const job = await startBackup(base(trigger));
    const tracked = job.done.catch(() => undefined).finally(() => running.delete(tracked));
    running.add(tracked);
    return {
      name: job.name,
      state: 'running',
      trigger,
      startedAt: job.startedAt.toISOString(),
      finishedAt: null,
      sizeBytes: null,
      rows: null,
      files: null,
      error: null,
    };
  }

  async function nightly(): Promise<void> {
    // One process of several runs it: the jobs table's claim (taken for 12 hours), then the backup's own run lock.
    await runClaimed(opts.db, 'backup.nightly', NIGHTLY_CLAIM_MS, async () => {
      const job = await startBackup(base('schedule'));
      const tracked = job.done.catch(() => undefined);
      running.add(tracked);
      try {
        await job.done;
      } finally {
        running.delete(tracked);
      }
    });
  }

  function arm(): void {
    if (!opts.schedule || abort.signal.aborted) return;
    next = nextTime(opts.schedule);
    // setTimeout holds at most ~24.8 days; a day is far below.
    timer = setTimeout(() => {
      void nightly()
        .catch((err: unknown) => opts.log.warn(`the nightly backup did not run: ${(err as Error).message}`))
        .finally(arm);
    }, next.getTime() - Date.now());
    timer.unref();
  }
  arm();

  return {
    async list() {
      return { backups: await listBackups(directory), directory, schedule: opts.schedule, keep: opts.keep };
    },
    start,
    nextRun: () => next,
    runNightly: nightly,
    async stop() {
      if (timer) clearTimeout(timer);
      abort.abort();
      await Promise.all([...running]);
    },
  };
}
