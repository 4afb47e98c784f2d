import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { JobPriority, scanJobs } from './scans.schema.ts';

export type ScanJob = typeof scanJobs.$inferSelect;
export type ScanJobKind = 'convert' | 'thumbnail' | 'model' | 'compare';

export const latestJob = async (db: Queryable, caseId: string, kind: ScanJobKind, type?: string) =>
  (
    await db
      .select()
      .from(scanJobs)
      .where(
        and(
          eq(scanJobs.caseId, caseId),
          eq(scanJobs.kind, kind),
          type === undefined ? undefined : eq(scanJobs.type, type),
        ),
      )
      .orderBy(desc(scanJobs.createdAt))
      .limit(1)
  )[0];

/** The case's live (queued or running) job of a kind, if any. */
export const liveJob = async (db: Queryable, caseId: string, kind: ScanJobKind) =>
  (
    await db
      .select()
      .from(scanJobs)
      .where(
        and(
          eq(scanJobs.caseId, caseId),
          eq(scanJobs.kind, kind),
          inArray(scanJobs.state, ['queued', 'running']),
        ),
      )
      .limit(1)
  )[0];

/**
 * Queues a job; answers it, or undefined when the case already has a live job of that kind (index `scan_jobs_live`
 * decides, so two requests at once cannot both start one).
 */
export const insertJob = async (
  db: Queryable,
  values: {
    caseId: string;
    kind: ScanJobKind;
    type?: string;
    requestedBy?: string | null;
    requestedCust?: string | null;
    params?: Record<string, unknown>;
  },
) => (await db.insert(scanJobs).values(values).onConflictDoNothing().returning())[0];

/**
 * Claims the job that is queued, or running with a heartbeat older than `staleMs` (its process died), that a person
 * waits for first (`priority`), the oldest among those, for `worker`: running, one more attempt, heartbeat now. Answers it, or undefined when there is nothing to do.
 */
export async function claimJob(db: Queryable, worker: string, staleMs: number): Promise<ScanJob | undefined> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update scan_jobs set state = 'running', attempts = attempts + 1, claimed_by = ${worker},
          heartbeat_at = now()
        where id = (
          select id from scan_jobs
          where state = 'queued'
             or (state = 'running' and heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))
          order by priority, created_at
          for update skip locked
          limit 1)
        returning id`,
  );
  if (!rows[0]) return undefined;
  return (await db.select().from(scanJobs).where(eq(scanJobs.id, rows[0].id)))[0];
}

const mine = (id: string, worker: string) =>
  and(eq(scanJobs.id, id), eq(scanJobs.claimedBy, worker), eq(scanJobs.state, 'running'));

/** Keeps a running job's claim fresh and records its progress; false when the job is no longer this worker's. */
export async function heartbeat(db: Queryable, id: string, worker: string, progress: number) {
  const rows = await db
    .update(scanJobs)
    .set({ heartbeatAt: sql`now()`, progress })
    .where(mine(id, worker))
    .returning({ id: scanJobs.id });
  return rows.length > 0;
}

/** Ends a job this worker holds (done or failed); false when it is no longer this worker's. */
export async function finishJob(
  db: Queryable,
  id: string,
  worker: string,
  outcome: { state: 'done' } | { state: 'failed'; errorKey: string; errorCode: number },
) {
  const rows = await db
    .update(scanJobs)
    .set({
      state: outcome.state,
      progress: outcome.state === 'done' ? 1 : sql`${scanJobs.progress}`,
      errorKey: outcome.state === 'failed' ? outcome.errorKey : null,
      errorCode: outcome.state === 'failed' ? outcome.errorCode : null,
      finishedAt: sql`now()`,
    })
    .where(mine(id, worker))
    .returning({ id: scanJobs.id });
  return rows.length > 0;
}

/** One case file by its id. */
export const findJob = async (db: Queryable, id: string) =>
  (await db.select().from(scanJobs).where(eq(scanJobs.id, id)).limit(1))[0];

/** Records what a job this worker holds answers (a comparison's figures); false when it is no longer its own. */
export async function setJobResult(
  db: Queryable,
  id: string,
  worker: string,
  result: Record<string, unknown>,
) {
  const rows = await db
    .update(scanJobs)
    .set({ result })
    .where(mine(id, worker))
    .returning({ id: scanJobs.id });
  return rows.length > 0;
}

/** Gives a job back to the queue (its worker died; it will be tried again). */
export const requeueJob = (db: Queryable, id: string, worker: string) =>
  db
    .update(scanJobs)
    .set({ state: 'queued', claimedBy: null, heartbeatAt: null, progress: 0 })
    .where(mine(id, worker));

/**
 * Queues a preview image for up to `limit` cases that have none and never had a job for one (cases from before
 * preview images existed); encrypted cases are left out. Background work: whatever a person waits for goes first.
 * Answers how many were queued.
 */
export async function queueMissingThumbnails(db: Queryable, limit: number): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into scan_jobs (case_id, kind, priority)
        select c.id, 'thumbnail', ${JobPriority.background} from cases c
        where c.thumbnail_key is null and c.crypto = 0
          and not exists (select 1 from scan_jobs j where j.case_id = c.id and j.kind = 'thumbnail')
        limit ${limit}
        on conflict do nothing
        returning id`,
  );
  return rows.length;
}

/** Jobs queued and running (every process's) and when the oldest queued one was queued: `/metrics` at scrape time. */
export async function queueFigures(
  db: Queryable,
): Promise<{ queued: number; running: number; oldestQueuedAt: Date | null }> {
  const [row] = await rowsOf<{ queued: number; running: number; oldest: Date | string | null }>(
    db,
    sql`select count(*) filter (where state = 'queued')::int as queued,
               count(*) filter (where state = 'running')::int as running,
               min(created_at) filter (where state = 'queued') as oldest
        from scan_jobs where state in ('queued', 'running')`,
  );
  return {
    queued: row?.queued ?? 0,
    running: row?.running ?? 0,
    oldestQueuedAt: row?.oldest == null ? null : new Date(row.oldest),
  };
}

/** Which of these storage keys a comparison's coloured scan (`compare/…`) is, named in its job's result. */
export async function knownCompareKeys(db: Queryable, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select result->>'key' as key from scan_jobs
        where kind = 'compare' and result->>'key' in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => r.key);
}
