import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustType } from '@archway/contract';
import { archJaw, readMesh, writePly, type Mesh } from '@archway/mesh';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { caseFiles, cases } from '../cases/cases.schema.ts';
import { scanJobs } from './scans.schema.ts';
import { cleanUpOrphans } from '../cases/cases.jobs.ts';
import { comparisonKeys } from './scans.jobs.ts';

/** The mesh turned `degrees` about z and shifted by `shift` mm along x. */
function moved(mesh: Mesh, degrees: number, shift: number): Mesh {
  const a = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  const p = mesh.positions.slice();
  for (let i = 0; i < p.length; i += 3) {
    const [x, y] = [p[i]!, p[i + 1]!];
    p[i] = c * x - s * y + shift;
    p[i + 1] = s * x + c * y;
  }
  return { ...mesh, positions: p };
}

const refusal = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });

describe.each(engines)('model comparison (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;
  const jaw = archJaw({ triangles: 8000, seed: 5 });

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '1' });
    f = factories(t.app);
    // Building the app (migrations) is slow on a shared machine.
  }, 180_000);
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Lab ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });

  const start = (who: OrgRef, body: unknown) => who.owner.call('POST', '/api/case/compare', body);
  const read = (who: OrgRef, job: string) => who.owner.call('GET', `/api/case/compare/${job}`);
  const finished = (who: OrgRef, job: string) =>
    until(async () => {
      const res = await read(who, job);
      expect(res.body.success).toBe(true);
      return ['done', 'failed'].includes(res.body.data.state) ? res.body.data : undefined;
    });

  it('aligns a moved copy of a jaw onto it: small rms, a full histogram, a coloured PLY', async () => {
    const caseA = await f.kase(device, clinic.owner, {
      patientName: 'Compare Alpha',
      files: [{ name: 'before.ply', body: Buffer.from(writePly(jaw)) }],
    });
    const caseB = await f.kase(device, clinic.owner, {
      patientName: 'Compare Beta',
      files: [{ name: 'after.ply', body: Buffer.from(writePly(moved(jaw, 5, 2))) }],
    });
    const started = await start(lab, { caseA, caseB });
    expect(started.body.success).toBe(true);
    expect(['queued', 'running']).toContain(started.body.data.state);
    const job = started.body.data.job;

    const done = await finished(lab, job);
    expect(done).toMatchObject({
      job,
      state: 'done',
      progress: 1,
      errorKey: null,
      caseA,
      caseB,
      fileA: { name: 'before.ply' },
      fileB: { name: 'after.ply' },
    });
    expect(done.rms).toBeLessThan(0.05);
    expect(Math.abs(done.mean)).toBeLessThan(0.05);
    expect(done.max).toBeGreaterThanOrEqual(done.rms);
    expect(done.range).toBeGreaterThan(0);
    expect(done.rotationDegrees).toBeCloseTo(5, 0);
    expect(done.translation).toHaveLength(3);
    const { edges, counts } = done.histogram;
    expect(edges.length).toBe(counts.length + 1);
    const vertices = readMesh(writePly(jaw)).positions.length / 3;
    expect(counts.reduce((a: number, b: number) => a + b, 0)).toBe(vertices);

    const res = await t.app.inject({ method: 'GET', url: done.file.url, headers: lab.owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('after-compared.ply');
    const ply = new Uint8Array(res.rawPayload);
    expect(ply.length).toBe(done.file.size);
    const coloured = readMesh(ply);
    expect(coloured.colors).toBeDefined();
    expect(coloured.positions.length / 3).toBe(vertices);
    // Stored under compare/ (a server-made key), not as a case file.
    const [row] = await t.app.platform.db.select().from(scanJobs).where(eq(scanJobs.id, job));
    expect((row!.result as { key: string }).key).toMatch(/^compare\/[0-9a-f-]{36}\.ply$/);
    expect(
      (await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, caseB))).map(
        (x) => x.name,
      ),
    ).toEqual(['after.ply']);

    // Only the organization that started it reads it: the clinic holds both cases but did not start it.
    for (const who of [clinic, outsider]) {
      expect((await read(who, job)).body).toMatchObject(refusal(-3, 'compare.notFound'));
      expect((await who.owner.call('GET', `/api/case/compare/${job}/file`)).body).toMatchObject(
        refusal(-3, 'compare.notFound'),
      );
    }

    // The coloured scan is kept while its job exists, and goes (as an orphan) with case A.
    const { db, storage, uploads } = t.app.platform;
    const later = new Date(Date.now() + 2 * 3600_000);
    const key = (row!.result as { key: string }).key;
    await db.execute(`update jobs set run_at = now() where name = 'cases.orphans'` as never);
    await cleanUpOrphans(db, storage, uploads, later, comparisonKeys);
    expect((await storage.stat(key))?.size).toBe(done.file.size);

    // The picker lists the lab's comparable cases, with their scans; a keyword narrows it.
    const picked = (await lab.owner.call('GET', '/api/case/compare/cases?keyword=Compare%20Alpha')).body.data;
    expect(picked).toEqual([
      expect.objectContaining({
        id: caseA,
        patientName: 'Compare Alpha',
        files: [expect.objectContaining({ name: 'before.ply', format: 'ply' })],
      }),
    ]);
  });

  it('a deleted case A takes its comparisons, and the orphaned coloured scan is cleaned up', async () => {
    const caseA = await f.kase(device, clinic.owner, {
      files: [{ name: 'a.ply', body: Buffer.from(writePly(jaw)) }],
    });
    const caseB = await f.kase(device, clinic.owner, {
      files: [{ name: 'b.ply', body: Buffer.from(writePly(moved(jaw, 2, 1))) }],
    });
    const { job } = (await start(clinic, { caseA, caseB })).body.data;
    await finished(clinic, job);
    const { db, storage, uploads } = t.app.platform;
    const [row] = await db.select().from(scanJobs).where(eq(scanJobs.id, job));
    const key = (row!.result as { key: string }).key;
    await db.delete(cases).where(eq(cases.id, caseA));
    // Two hours later (the cleanup is due again once its interval has passed).
    await db.execute(`update jobs set run_at = now() where name = 'cases.orphans'` as never);
    expect(
      await cleanUpOrphans(db, storage, uploads, new Date(Date.now() + 2 * 3600_000), comparisonKeys),
    ).toBeGreaterThanOrEqual(1);
    expect(await storage.stat(key)).toBeUndefined();
    expect((await read(clinic, job)).body).toMatchObject(refusal(-3, 'compare.notFound'));
  });

  it('compares two files, of one case; refuses what it cannot compare', async () => {
    const both = await f.kase(device, clinic.owner, {
      files: [
        { name: 'a.ply', body: Buffer.from(writePly(jaw)) },
        { name: 'b.ply', body: Buffer.from(writePly(moved(jaw, 3, 1))) },
      ],
    });
    const files = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, both));
    const a = files.find((x) => x.name === 'a.ply')!;
    const b = files.find((x) => x.name === 'b.ply')!;

    expect((await start(clinic, {})).body).toMatchObject(refusal(-1, 'compare.parameter'));
    expect((await start(clinic, { caseA: both })).body).toMatchObject(refusal(-1, 'compare.parameter'));
    expect((await start(clinic, { caseA: both, caseB: both, fileA: a.id, fileB: b.id })).body).toMatchObject(
      refusal(-1, 'compare.parameter'),
    );
    expect((await start(clinic, { fileA: a.id, fileB: a.id })).body).toMatchObject(
      refusal(-2, 'compare.sameScan'),
    );
    expect((await start(clinic, { caseA: both, caseB: both })).body).toMatchObject(
      refusal(-2, 'compare.sameScan'),
    );
    expect((await start(outsider, { fileA: a.id, fileB: b.id })).body).toMatchObject(
      refusal(-3, 'compare.notFound'),
    );
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    expect((await start(clinic, { caseA: both, caseB: sealed })).body).toMatchObject(
      refusal(-4, 'compare.encrypted'),
    );
    const noScan = await f.kase(device, clinic.owner, {
      files: [{ name: 'notes.txt', body: Buffer.from('not a scan') }],
    });
    expect((await start(clinic, { caseA: noScan, caseB: both })).body).toMatchObject(
      refusal(-7, 'compare.noScan'),
    );

    // One live comparison per case A (here one held by another process).
    const [held] = await t.app.platform.db
      .insert(scanJobs)
      .values({
        caseId: both,
        kind: 'compare',
        state: 'running',
        claimedBy: 'elsewhere',
        heartbeatAt: new Date(),
      })
      .returning();
    expect((await start(clinic, { fileA: a.id, fileB: b.id })).body).toMatchObject(
      refusal(-6, 'compare.running'),
    );
    await t.app.platform.db.update(scanJobs).set({ state: 'failed' }).where(eq(scanJobs.id, held!.id));

    const started = await start(clinic, { fileA: a.id, fileB: b.id });
    const done = await finished(clinic, started.body.data.job);
    expect(done).toMatchObject({
      state: 'done',
      caseA: both,
      caseB: both,
      fileA: { id: a.id },
      fileB: { id: b.id },
    });
    expect(done.rms).toBeLessThan(0.05);
    expect(done.rotationDegrees).toBeCloseTo(3, 0);
  });
});
