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

/** Whether a job is background work (JobPriority.background), which never holds every thread of a process. */
export const isBackground = (job: ScanJob) => job.priority === JobPriority.background;

/** Which jobs a claim may take: any, only what a person waits for, or only background work (JobPriority). */
export type ClaimWhich = 'all' | 'waited' | 'background';

/**
 * Claims the job that is queued, or running with a heartbeat older than `staleMs` (its process died), that a person
 * waits for first (`priority`), the oldest among those, for `worker`: running, one more attempt, heartbeat now.
 * `which` narrows the claim to one priority (a thread kept free for people, a process that runs only one kind).
 * Answers it, or undefined when there is nothing to do.
 */
export async function claimJob(
  db: Queryable,
  worker: string,
  staleMs: number,
  which: ClaimWhich = 'all',
): Promise<ScanJob | undefined> {
  const only =
    which === 'all'
      ? sql``
      : sql`and priority = ${which === 'waited' ? JobPriority.waited : JobPriority.background}`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update scan_jobs set state = 'running', attempts = attempts + 1, claimed_by = ${worker},
          heartbeat_at = now()
        where id = (
          select id from scan_jobs
          where (state = 'queued'
             or (state = 'running' and heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})))
            ${only}
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

/** Where the preview-image backfill's walk over the cases stands: the last case it looked at (newest first). */
export interface BackfillCursor {
  /** `created_at` as PostgreSQL prints it (microseconds kept: a JS Date would round them away). */
  createdAt: string;
  id: string;
}

/**
 * Queues a preview image (background priority) for up to `limit` cases that have none and never had a job for one
 * (cases from before preview images existed); encrypted cases are left out. Walks the cases still without an image,
 * newest first, from `after` on, looking at no more than `scan` of them (index `cases_thumbnail_missing`, migration
 * 0033; each case checked against `scan_jobs_case`), so one call stays cheap however many cases there are and
 * however many already have a job. Answers how many it queued and where the walk stands (`cursor` null: at the end).
 */
export async function queueMissingThumbnails(
  db: Queryable,
  limit: number,
  opts: { after?: BackfillCursor | null; scan?: number } = {},
): Promise<{ queued: number; cursor: BackfillCursor | null }> {
  const scan = Math.max(limit, opts.scan ?? 2_000);
  const after = opts.after
    ? sql`and (c.created_at, c.id) < (${opts.after.createdAt}::timestamptz, ${opts.after.id}::uuid)`
    : sql``;
  const [row] = await rowsOf<{
    queued: number;
    examined: number;
    picked: number;
    pickedAt: string | null;
    pickedId: string | null;
    lastAt: string | null;
    lastId: string | null;
  }>(
    db,
    sql`with slice as (
          select c.id, c.created_at from cases c
          where c.thumbnail_key is null and c.crypto = 0 ${after}
          order by c.created_at desc, c.id desc
          limit ${scan}),
        picked as (
          select s.id, s.created_at from slice s
          where not exists (select 1 from scan_jobs j where j.case_id = s.id and j.kind = 'thumbnail')
          order by s.created_at desc, s.id desc
          limit ${limit}),
        queued as (
          insert into scan_jobs (case_id, kind, priority)
          select id, 'thumbnail', ${JobPriority.background} from picked
          on conflict do nothing
          returning id),
        last_picked as (select id, created_at from picked order by created_at, id limit 1),
        last_seen as (select id, created_at from slice order by created_at, id limit 1)
        select (select count(*) from queued)::int as queued,
               (select count(*) from slice)::int as examined,
               (select count(*) from picked)::int as picked,
               (select created_at::text from last_picked) as "pickedAt",
               (select id from last_picked) as "pickedId",
               (select created_at::text from last_seen) as "lastAt",
               (select id from last_seen) as "lastId"`,
  );
  if (!row) return { queued: 0, cursor: null };
  // Full: the cases after the last one queued are looked at again next time. Otherwise the whole slice was seen;
  // a slice shorter than asked reached the end.
  const cursor =
    row.picked >= limit && row.pickedAt && row.pickedId
      ? { createdAt: row.pickedAt, id: row.pickedId }
      : row.examined >= scan && row.lastAt && row.lastId
        ? { createdAt: row.lastAt, id: row.lastId }
        : null;
  return { queued: row.queued, cursor };
}

/** Background jobs queued (every process's): the backfill tops the queue up only when few remain. */
export async function queuedBackground(db: Queryable): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from scan_jobs where state = 'queued' and priority = ${JobPriority.background}`,
  );
  return row?.n ?? 0;
}

/** Any constant: one process at a time tops up the backfill, so two never both add up to the bound. */
const BACKFILL_LOCK = 0x5ca4_b0f1;

/** Takes the backfill's lock for the transaction `tx`; false when another process holds it (it is topping up). */
export async function lockBackfill(tx: Queryable): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${BACKFILL_LOCK}) as ok`,
  );
  return row?.ok === true;
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
