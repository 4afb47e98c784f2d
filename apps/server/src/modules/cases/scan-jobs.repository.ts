import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { caseBoxes, caseFiles, cases, scanJobs } from './cases.schema.ts';

export type ScanJob = typeof scanJobs.$inferSelect;
export type ScanJobKind = 'convert' | 'thumbnail' | 'model' | 'compare';

/** The files a conversion or a preview image reads: the case's own scans, not earlier conversions' results. */
export const originalFiles = (db: Queryable, caseId: string) =>
  db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), isNull(caseFiles.convertedFrom)))
    .orderBy(caseFiles.createdAt, caseFiles.name);

/** The files a conversion wrote, newest conversion first. */
export const convertedFiles = (db: Queryable, caseId: string, type: string) =>
  db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.conversionType, type)))
    .orderBy(caseFiles.name);

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
 * Claims the oldest job that is queued, or running with a heartbeat older than `staleMs` (its process died), for
 * `worker`: running, one more attempt, heartbeat now. Answers it, or undefined when there is nothing to do.
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
          order by created_at
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
export const fileById = async (db: Queryable, id: string) =>
  (await db.select().from(caseFiles).where(eq(caseFiles.id, id)).limit(1))[0];

/** One job by its id. */
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

/** Replaces the files of the case's earlier conversion to `type` by `files`; answers the old ones' storage keys. */
export async function replaceConverted(
  db: Queryable,
  caseId: string,
  type: string,
  files: (typeof caseFiles.$inferInsert)[],
): Promise<string[]> {
  const old = await db
    .delete(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.conversionType, type)))
    .returning({ key: caseFiles.storageKey });
  if (files.length) await db.insert(caseFiles).values(files);
  return old.map((o) => o.key);
}

/** Sets the case's preview image; answers the one it replaces (to remove from storage). */
export async function setThumbnail(db: Queryable, caseId: string, key: string): Promise<string | null> {
  const [before] = await rowsOf<{ key: string | null }>(
    db,
    sql`select thumbnail_key as key from cases where id = ${caseId} for update`,
  );
  await db.update(cases).set({ thumbnailKey: key }).where(eq(cases.id, caseId));
  return before?.key ?? null;
}

/** The organizations that hold a copy of the case (box or bin, not emptied): whose open lists show its image. */
export const caseHolders = async (db: Queryable, caseId: string): Promise<string[]> =>
  (
    await db
      .select({ custId: caseBoxes.custId })
      .from(caseBoxes)
      .where(and(eq(caseBoxes.caseId, caseId), isNull(caseBoxes.deletedAt)))
  ).map((r) => r.custId);

export const thumbnailOf = async (db: Queryable, caseId: string) =>
  (await db.select({ key: cases.thumbnailKey }).from(cases).where(eq(cases.id, caseId)))[0]?.key ?? null;

/**
 * Queues a preview image for up to `limit` cases that have none and never had a job for one (cases from before
 * preview images existed); encrypted cases are left out. Answers how many were queued.
 */
export async function queueMissingThumbnails(db: Queryable, limit: number): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into scan_jobs (case_id, kind)
        select c.id, 'thumbnail' from cases c
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
