import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { claimJob, insertJob, queueMissingThumbnails } from './scans.repository.ts';
import { JobPriority, scanJobs } from './scans.schema.ts';

let t: TestApp;
// No runner (SCAN_THREADS 0): this test claims the jobs itself, in the order any process would.
beforeAll(async () => {
  t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
});
afterAll(() => t.close());

it('claims what a person waits for before the backfill queued earlier, then the backfill', async () => {
  const db = t.app.platform.db;
  const f = factories(t.app);
  const clinic = await f.org();
  const device = await f.device(clinic);
  const older = [await f.kase(device, clinic.owner), await f.kase(device, clinic.owner)];
  // Cases from before preview images: no job yet, so the backfill queues theirs (in the background).
  await db.delete(scanJobs).where(inArray(scanJobs.caseId, older));
  expect((await queueMissingThumbnails(db, 10)).queued).toBe(2);
  const backfill = await db.select().from(scanJobs).where(inArray(scanJobs.caseId, older));
  expect(backfill.map((j) => j.priority)).toEqual([JobPriority.background, JobPriority.background]);

  // Then a dentist asks for a conversion, and a new case arrives (its preview image is queued with it).
  const conversion = await insertJob(db, { caseId: older[0]!, kind: 'convert', type: 'stl' });
  const fresh = await f.kase(device, clinic.owner);

  const claimed = [];
  for (let job = await claimJob(db, 'w', 30_000); job; job = await claimJob(db, 'w', 30_000))
    claimed.push(
      `${job.kind} ${older.indexOf(job.caseId) >= 0 ? `older ${older.indexOf(job.caseId)}` : 'new'}`,
    );
  expect(conversion?.priority).toBe(JobPriority.waited);
  // The backfill's two were queued by one statement, at one time: either may go first.
  expect(claimed.slice(0, 2)).toEqual(['convert older 0', 'thumbnail new']);
  expect(claimed.slice(2).sort()).toEqual(['thumbnail older 0', 'thumbnail older 1']);
  expect(fresh).toBeTruthy();
});
