import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { heldScan } from '../../testing/held-scan-worker.ts';
import { until } from '../../testing/poll.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { backgroundThreads, startScanJobs, type ScanJobs } from './scans.jobs.ts';
import { queueMissingThumbnails, type BackfillCursor } from './scans.repository.ts';
import { JobPriority, scanJobs } from './scans.schema.ts';

/**
 * Issue 35, "work in the right order": what a person waits for is not stuck behind background work (the backfill of
 * older cases' preview images), and the backfill never fills the queue. The app takes no jobs itself (SCAN_THREADS 0):
 * each test starts a runner with real worker threads, as a process of its own would.
 */
let t: TestApp;
let f: Factories;
let clinic: OrgRef;
let device: Awaited<ReturnType<Factories['device']>>;
const runners: ScanJobs[] = [];

beforeAll(async () => {
  t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
  f = factories(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  clinic = await f.org();
  device = await f.device(clinic);
});

const db = () => t.app.platform.db;
const HELD = new URL('../../testing/held-scan-worker.ts', import.meta.url);
const runner = (threads: number, opts: { workerFile?: URL; backfillQueue?: number } = {}) => {
  const r = startScanJobs({
    db: db(),
    storage: t.app.platform.storage,
    log: t.app.log,
    threads,
    pollMs: 50,
    ...opts,
  });
  runners.push(r);
  return r;
};
const stopAll = async () => {
  while (runners.length) await runners.pop()!.stop();
};
const uuids = (ids: string[]) => `{${ids.join(',')}}`;

/** `n` cases copied from `template` with one SQL statement, each a second older (no files: a job for one fails at once). */
async function copies(template: string, n: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db(),
    sql`insert into cases (sender_cust_id, sender_user_id, device_id, device_serial, case_type, patient_name, created_at)
        select sender_cust_id, sender_user_id, device_id, device_serial, case_type, patient_name || ' ' || i,
               created_at - i * interval '1 second'
        from cases, generate_series(1, ${n}) i where id = ${template}
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Removes cases a test made in bulk (their jobs with them), so that no other test finds their queued jobs. */
const drop = (ids: string[]) => db().execute(sql`delete from cases where id = any(${uuids(ids)}::uuid[])`);

/** Background preview-image jobs for these cases, queued `ago` before now (as an earlier backfill or import did). */
async function queueBackground(ids: string[], ago: string) {
  await db().execute(
    sql`insert into scan_jobs (case_id, kind, priority, created_at)
        select id, 'thumbnail', ${JobPriority.background}, now() - ${ago}::interval
        from unnest(${uuids(ids)}::uuid[]) id`,
  );
}

/** How many background jobs of these cases are in each state. */
const background = async (caseIds: string[]) =>
  Object.fromEntries(
    (
      await rowsOf<{ state: string; n: number }>(
        db(),
        sql`select state, count(*)::int as n from scan_jobs
            where priority = ${JobPriority.background} and case_id = any(${uuids(caseIds)}::uuid[])
            group by state`,
      )
    ).map((r) => [r.state, r.n]),
  ) as Record<string, number>;

const jobOf = async (id: string) => (await db().select().from(scanJobs).where(eq(scanJobs.id, id)))[0]!;
const ended = (id: string) =>
  until(async () => {
    const j = await jobOf(id);
    return j.state === 'done' || j.state === 'failed' ? j : undefined;
  });

/**
 * A case whose preview image the held worker draws only once `release` exists, with the oldest background job of all:
 * the first background work a runner takes, which then keeps its thread busy.
 */
async function heldCase(release: string) {
  const id = await f.kase(device, clinic.owner, {
    files: [{ name: 'upper.ply', body: heldScan(sampleArchPly(), release) }],
  });
  // Its own preview image was queued as a new case's (a person waits for it); make it background work instead.
  await db().delete(scanJobs).where(eq(scanJobs.caseId, id));
  await queueBackground([id], '1 hour');
  return id;
}

/** A person's conversion, asked for through the API. */
const convert = async (id: string) => {
  const res = await clinic.owner.call('GET', `/api/caseRedis/convert/${id}?type=stl`);
  expect(res.body.success).toBe(true);
  return res.body.data as { id: string; state: string };
};

describe('a person does not wait behind background work', () => {
  it('keeps a thread for people: at most threads − 1 run background work (at least one)', () => {
    expect([1, 2, 4].map((n) => backgroundThreads(n, 'all'))).toEqual([1, 1, 3]);
    expect([1, 2, 4].map((n) => backgroundThreads(n, 'background'))).toEqual([1, 2, 4]);
    expect([0, 1, 4].map((n) => backgroundThreads(n, 'waited'))).toEqual([0, 0, 0]);
    expect(backgroundThreads(0, 'all')).toBe(0);
  });

  it('with 10,000 background jobs queued and one running, a conversion runs at once on the thread kept free', async () => {
    const release = path.join(t.dataDir, `release-${randomUUID()}`);
    const held = await heldCase(release);
    const backlog = await copies(held, 10_000);
    await queueBackground(backlog, '30 minutes');
    const person = await f.kase(device, clinic.owner);
    try {
      runner(2, { workerFile: HELD });
      // One background job runs (held: it keeps its thread); the new case's preview image is drawn on the other.
      await until(async () => (await background([held])).running === 1, {
        what: 'the held background job running',
      });
      const preview = await db()
        .select()
        .from(scanJobs)
        .where(and(eq(scanJobs.caseId, person), eq(scanJobs.kind, 'thumbnail')));
      expect((await ended(preview[0]!.id)).state).toBe('done');

      const job = await convert(person);
      const done = await until(
        async () => {
          const j = await jobOf(job.id);
          return j.state === 'done' || j.state === 'failed' ? j : undefined;
        },
        { timeoutMs: 60_000, what: 'the conversion (no free thread: it waits behind background work)' },
      );
      expect(done.state).toBe('done');
      // It ran while the background job queued before it still held its thread, and every other one still waited.
      expect(await background([held, ...backlog])).toEqual({ running: 1, queued: 10_000 });
      const [order] = await rowsOf<{ later: boolean }>(
        db(),
        sql`select ${done.createdAt.toISOString()}::timestamptz > max(created_at) as later
            from scan_jobs where priority = ${JobPriority.background}`,
      );
      expect(order?.later).toBe(true);
    } finally {
      await writeFile(release, '');
      await stopAll();
      await drop(backlog);
    }
  });

  it('with its one thread busy on background work, the conversion is the next job a process takes', async () => {
    const release = path.join(t.dataDir, `release-${randomUUID()}`);
    const held = await heldCase(release);
    const backlog = await copies(held, 10_000);
    await queueBackground(backlog, '30 minutes');
    const person = await f.kase(device, clinic.owner);
    await db().delete(scanJobs).where(eq(scanJobs.caseId, person)); // only its conversion
    try {
      runner(1, { workerFile: HELD });
      await until(async () => (await background([held])).running === 1, {
        what: 'the held background job running',
      });
      const job = await convert(person);
      // The one thread is busy: the conversion waits, first in line.
      expect((await jobOf(job.id)).state).toBe('queued');
      await writeFile(release, '');
      const done = await ended(job.id);
      expect(done.state).toBe('done');
      // Exactly one background job (the one running when it was asked for) ended before it.
      const [before] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from scan_jobs
            where priority = ${JobPriority.background} and case_id = any(${uuids([held, ...backlog])}::uuid[])
              and finished_at < ${done.finishedAt!.toISOString()}::timestamptz`,
      );
      expect(before?.n).toBe(1);
    } finally {
      await writeFile(release, '');
      await stopAll();
      await drop(backlog);
    }
  });
});

describe('the preview-image backfill', () => {
  it('never has more than its bound queued, on two processes together, and reaches every case', async () => {
    const template = await f.kase(device, clinic.owner);
    const older = await copies(template, 60); // from before preview images: no job, no image, no scan
    const bound = 10;
    let most = 0;
    try {
      runner(2, { backfillQueue: bound });
      runner(1, { backfillQueue: bound });
      // Each job fails at once (no scan), so the queue is topped up again and again until every case had one.
      await until(async () => {
        const now = await background(older);
        most = Math.max(most, now.queued ?? 0);
        return (now.failed ?? 0) === older.length;
      });
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(bound);
      // One job per case, never two.
      const [dupes] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from (select case_id from scan_jobs where kind = 'thumbnail'
            and case_id = any(${uuids(older)}::uuid[]) group by case_id having count(*) > 1) d`,
      );
      expect(dupes?.n).toBe(0);
    } finally {
      await stopAll();
      await drop(older);
    }
  });

  it('walks the cases without an image newest first, a bounded slice per call, each case once', async () => {
    const template = await f.kase(device, clinic.owner);
    const older = await copies(template, 25);
    const sealed = await copies(template, 3);
    await db().execute(sql`update cases set crypto = 1 where id = any(${uuids(sealed)}::uuid[])`);
    const callOf = new Map<string, number>();
    let cursor: BackfillCursor | null = null;
    let calls = 0;
    try {
      do {
        const step: { queued: number; cursor: BackfillCursor | null } = await queueMissingThumbnails(
          db(),
          4,
          {
            after: cursor,
            scan: 6,
          },
        );
        expect(step.queued).toBeLessThanOrEqual(4);
        const all = await rowsOf<{ id: string }>(
          db(),
          sql`select case_id as id from scan_jobs where priority = ${JobPriority.background}`,
        );
        for (const r of all) if (!callOf.has(r.id)) callOf.set(r.id, calls);
        cursor = step.cursor;
        calls++;
      } while (cursor && calls < 100);
      // Every case of this test without an image, once (the template's has its job); the encrypted ones never.
      expect(older.filter((id) => callOf.has(id))).toEqual(older);
      expect(sealed.filter((id) => callOf.has(id))).toEqual([]);
      // Newest first: a newer case is queued by the same call as an older one, or an earlier one.
      const byAge = await rowsOf<{ id: string }>(
        db(),
        sql`select id from cases where id = any(${uuids(older)}::uuid[]) order by created_at desc, id desc`,
      );
      const order = byAge.map((r) => callOf.get(r.id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(new Set(order).size).toBeGreaterThan(5); // 25 cases, at most 4 a call
    } finally {
      await drop([...older, ...sealed]);
    }
  });
});

describe('two processes asked for one conversion at once', () => {
  it('both answer the one job', async () => {
    const other = await t.sibling();
    const id = await f.kase(device, clinic.owner);
    const url = `/api/caseRedis/convert/${id}?type=stl`;
    // Both requests find no conversion, then both insert one: hold their inserts on the live-job index until both
    // wait there, so that they race for real (an uncommitted live job the requests cannot see yet, then rolled back).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const holder = db()
      .transaction(async (tx) => {
        await tx.insert(scanJobs).values({ caseId: id, kind: 'convert', type: 'stl' });
        await gate;
        tx.rollback();
      })
      .catch(() => undefined);
    const waiting = async () =>
      (
        await rowsOf<{ n: number }>(
          db(),
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    await until(async () => (await waiting()) === 0 || undefined);
    const asked = [t.app, other].map((app) =>
      app.inject({ method: 'GET', url, headers: clinic.owner.headers }).then((res) => res.json()),
    );
    try {
      await until(async () => (await waiting()) === 2, {
        what: 'both inserts waiting on the live-job index',
      });
    } finally {
      release();
      await holder;
    }
    const [a, b] = await Promise.all(asked);
    expect(a).toMatchObject({ success: true, data: { caseId: id, type: 'stl', state: 'queued' } });
    expect(b).toMatchObject({ success: true, data: { caseId: id, type: 'stl', state: 'queued' } });
    expect(b.data.id).toBe(a.data.id);
    const jobs = await db().select().from(scanJobs).where(eq(scanJobs.caseId, id));
    expect(jobs.filter((j) => j.kind === 'convert').map((j) => j.id)).toEqual([a.data.id]);
  });
});
