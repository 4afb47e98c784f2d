import { sql } from 'drizzle-orm';
import { migrationState, type Db } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';

/** What `GET /readyz` checks, in this order. */
export const READINESS_CHECKS = ['database', 'migrations', 'storage'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export interface Readiness {
  ready: boolean;
  /** Each check: `ok`, or `failed` (why goes to the log, not to the caller). */
  checks: Record<ReadinessCheck, 'ok' | 'failed'>;
  /** Why each failed check failed (for the log). */
  errors: Partial<Record<ReadinessCheck, string>>;
}

/** A check that has not answered after this long has failed. */
export const CHECK_TIMEOUT_MS = 2_000;
/** An all-ok answer is reused for this long (a burst of probes writes one object); a failure is never reused. */
export const READY_REUSE_MS = 1_000;
/** The object the storage check writes and removes (one key for every process, so nothing piles up). */
export const PROBE_KEY = 'health/ready-probe';

function within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Readiness: the database answers `select 1`, its newest applied migration is this code's newest, and the storage
 * back end takes a small object and lets it be removed. Concurrent callers share one run; an all-ok answer is reused
 * for READY_REUSE_MS, a failure never (the next call checks again).
 */
export function createReadiness(deps: {
  db: Db;
  storage: Storage;
  timeoutMs?: number;
}): () => Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  let running: Promise<Readiness> | undefined;
  let lastReady: number | undefined;
  let last: Readiness | undefined;

  const database = () =>
    within(timeoutMs, 'database', () => deps.db.execute(sql`select 1`)).then(() => undefined);
  const migrations = async () => {
    const state = await within(timeoutMs, 'migrations', () => migrationState(deps.db));
    if (state.applied !== state.expected)
      throw new Error(
        `the database's newest migration is ${state.applied ?? 'none'}, this code's is ${state.expected}`,
      );
  };
  /**
   * Writes the probe, reads its size back, removes it. The removal goes through the backup's deletion fence, which is
   * in the database (platform/backup/delete-guard.ts): when the database does not answer, a failed removal says
   * nothing about the storage, and the probe (one fixed key) is removed by the next check.
   */
  const storage = (databaseAnswers: Promise<boolean>) =>
    within(timeoutMs, 'storage', async () => {
      const body = Buffer.from(`ready ${new Date().toISOString()}\n`);
      await deps.storage.put(PROBE_KEY, body);
      const stored = await deps.storage.stat(PROBE_KEY);
      if (stored?.size !== body.length) throw new Error('the probe object was not there after writing it');
      try {
        await deps.storage.delete(PROBE_KEY);
      } catch (err) {
        if (await databaseAnswers) throw err;
      }
    });

  const run = async (): Promise<Readiness> => {
    const db = database();
    const answers = db.then(
      () => true,
      () => false,
    );
    const [d, m, s] = await Promise.allSettled([db, migrations(), storage(answers)]);
    const results: Record<ReadinessCheck, PromiseSettledResult<unknown>> = {
      database: d,
      migrations: m,
      storage: s,
    };
    const checks = {} as Readiness['checks'];
    const errors: Readiness['errors'] = {};
    for (const name of READINESS_CHECKS) {
      const r = results[name];
      checks[name] = r.status === 'fulfilled' ? 'ok' : 'failed';
      if (r.status === 'rejected') errors[name] = message(r.reason);
    }
    return { ready: READINESS_CHECKS.every((n) => checks[n] === 'ok'), checks, errors };
  };

  return () => {
    if (last && lastReady !== undefined && Date.now() - lastReady < READY_REUSE_MS)
      return Promise.resolve(last);
    running ??= run()
      .then((r) => {
        last = r;
        lastReady = r.ready ? Date.now() : undefined;
        return r;
      })
      .finally(() => (running = undefined));
    return running;
  };
}
