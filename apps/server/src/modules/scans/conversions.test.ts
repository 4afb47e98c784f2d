import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import { readMesh, triangleCount } from '@archway/mesh';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { caseFiles, cases } from '../cases/cases.schema.ts';
import { scanJobs } from './scans.schema.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { MAX_ATTEMPTS, startScanJobs } from './scans.jobs.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('conversion and preview images (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '1' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Lab ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });

  const convert = (who: OrgRef, id: string, query: string) =>
    who.owner.call('GET', `/api/caseRedis/convert/${id}${query}`);
  const finished = (who: OrgRef, id: string, query: string) =>
    until(async () => {
      const res = await convert(who, id, query);
      expect(res.body.success).toBe(true);
      return ['done', 'failed'].includes(res.body.data.state) ? res.body.data : undefined;
    });
  const fetchFile = async (who: OrgRef, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.owner.headers });
    expect(res.statusCode).toBe(200);
    return new Uint8Array(res.rawPayload);
  };

  it('converts both jaws to STL on the lab side; the files join the case with their triangle counts', async () => {
    const upper = sampleArchPly({ seed: 3 });
    const lower = sampleArchPly({ seed: 4, along: 50 });
    const id = await f.kase(device, clinic.owner, {
      files: [
        { name: 'upper.ply', body: upper },
        { name: 'lower.ply', body: lower },
      ],
    });
    const started = await convert(lab, id, '?type=stl');
    expect(started.body.data).toMatchObject({ caseId: id, type: 'stl', files: [], error: null });
    expect(['queued', 'running', 'done']).toContain(started.body.data.state);

    const done = await finished(lab, id, '?type=stl');
    expect(done).toMatchObject({ id: started.body.data.id, state: 'done', progress: 1 });
    expect(done.files.map((x: { name: string }) => x.name).sort()).toEqual(['lower.stl', 'upper.stl']);
    for (const [name, source] of [
      ['upper.stl', upper],
      ['lower.stl', lower],
    ] as const) {
      const file = done.files.find((x: { name: string }) => x.name === name);
      const stl = await fetchFile(lab, file.url);
      // Binary STL: 80-byte header, the count, 50 bytes per triangle.
      const count = new DataView(stl.buffer, stl.byteOffset).getUint32(80, true);
      expect(count).toBe(triangleCount(readMesh(source)));
      expect(stl.length).toBe(84 + 50 * count);
      expect(file).toMatchObject({ format: 'stl', size: stl.length, triangles: count });
    }
    // The clinic sees the result too (the same case), and the detail lists the files.
    expect(
      (await clinic.owner.call('POST', '/api/case/convert/result', { id, type: 'stl' })).body.data,
    ).toEqual(done);
    const detail = (await clinic.owner.call('GET', `/detail/${id}`)).body.data;
    expect(detail.files.map((x: { name: string }) => x.name).sort()).toEqual([
      'lower.ply',
      'lower.stl',
      'upper.ply',
      'upper.stl',
    ]);
    // The preview keeps to the scans as uploaded.
    const preview = (await lab.owner.call('GET', `/api/case/previewStatus?id=${id}`)).body.data;
    expect(preview.files.map((x: { name: string }) => x.name).sort()).toEqual(['lower.ply', 'upper.ply']);

    // Asking again reports the same job; flush starts afresh and replaces the files (nothing left in storage).
    expect((await convert(lab, id, '?type=stl')).body.data.id).toBe(done.id);
    const again = await convert(lab, id, '?type=stl&flush=1');
    expect(again.body.data.id).not.toBe(done.id);
    const redone = await finished(lab, id, '?type=stl');
    const stlFiles = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, id));
    expect(
      stlFiles
        .filter((x) => x.conversionType === 'stl')
        .map((x) => x.id)
        .sort(),
    ).toEqual(redone.files.map((x: { id: string }) => x.id).sort());
    for (const old of done.files)
      expect((await lab.owner.call('GET', old.url)).body).toMatchObject({ errorCode: -6 });
  });

  it('STL → PLY texture welds the vertices; a PLY converted to PLY is named -converted', async () => {
    const id = await f.kase(device, clinic.owner, { files: [{ name: 'scan.ply', body: sampleArchPly() }] });
    await convert(clinic, id, '?type=stl');
    const stl = await finished(clinic, id, '?type=stl');
    // Now a case that holds only the STL: to PLY.
    const stlBytes = Buffer.from(await fetchFile(clinic, stl.files[0].url));
    const id2 = await f.kase(device, clinic.owner, { files: [{ name: 'jaw.stl', body: stlBytes }] });
    await convert(clinic, id2, '?type=plyTexture');
    const ply = await finished(clinic, id2, '?type=plyTexture');
    expect(ply.files).toMatchObject([{ name: 'jaw.ply', format: 'ply' }]);
    const mesh = readMesh(await fetchFile(clinic, ply.files[0].url));
    const source = readMesh(sampleArchPly());
    expect(triangleCount(mesh)).toBe(triangleCount(source));
    expect(mesh.positions.length).toBe(source.positions.length); // welded back to the original vertices

    await convert(clinic, id, '?type=plyTexture');
    expect((await finished(clinic, id, '?type=plyTexture')).files).toMatchObject([
      { name: 'scan-converted.ply' },
    ]);
  });

  it('refuses: no format, PLY colour, encrypted data, another organization, no certification, no scan', async () => {
    const id = await f.kase(device, clinic.owner);
    const refusal = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
    expect((await convert(clinic, id, '')).body).toMatchObject(refusal(-9, 'case.conversionNoFormat'));
    expect((await convert(clinic, id, '?type=plyColor')).body).toMatchObject(refusal(-2, 'case.parameter'));
    expect((await convert(clinic, id, '?type=obj')).body).toMatchObject(refusal(-2, 'case.parameter'));
    expect((await convert(clinic, 'nope', '?type=stl')).body).toMatchObject(refusal(-2, 'case.parameter'));
    expect((await convert(outsider, id, '?type=stl')).body).toMatchObject(refusal(-1, 'case.notFound'));
    expect((await convert(clinic, MISSING, '?type=stl')).body).toMatchObject(refusal(-1, 'case.notFound'));
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    expect((await convert(clinic, sealed, '?type=stl')).body).toMatchObject(
      refusal(-8, 'case.encryptedNoConversion'),
    );
    const noScan = await f.kase(device, clinic.owner, {
      files: [{ name: 'notes.txt', body: Buffer.from('not a scan') }],
    });
    expect((await convert(clinic, noScan, '?type=stl')).body).toMatchObject(
      refusal(-10, 'case.missingOriginalFormat'),
    );
    const review = await f.org({ custType: CustType.lab, status: CustStatus.underReview });
    const d = await f.device(clinic);
    await f.receiver(d, review, { caseType: 3 });
    const routed = await f.kase(d, clinic.owner, { caseType: 3 });
    expect((await convert(review, routed, '?type=stl')).body).toMatchObject(
      refusal(-13, 'case.certificationRequired'),
    );
    const result = (who: OrgRef, body: unknown) => who.owner.call('POST', '/api/case/convert/result', body);
    // No conversion yet: the result record is null, for one type or any.
    expect((await result(clinic, { id })).body).toMatchObject({ success: true, data: null });
    expect((await result(clinic, { id, type: 'stl' })).body).toMatchObject({ success: true, data: null });
    expect((await result(clinic, { id, type: 'plyColor' })).body).toMatchObject(
      refusal(-2, 'case.parameter'),
    );
    expect((await result(clinic, { id: sealed })).body).toMatchObject(
      refusal(-8, 'case.encryptedNoConversion'),
    );
    expect((await result(outsider, { id, type: 'stl' })).body).toMatchObject(refusal(-1, 'case.notFound'));
    // Nothing was queued by any of these.
    const queued = await t.app.platform.db.select().from(scanJobs).where(eq(scanJobs.kind, 'convert'));
    expect(queued.filter((j) => [id, sealed, noScan, routed].includes(j.caseId))).toEqual([]);
  });

  it('fails a job cleanly for a scan that does not parse and for an original gone from storage', async () => {
    const broken = await f.kase(device, clinic.owner, {
      files: [
        { name: 'upper.ply', body: Buffer.from('ply\nformat binary_little_endian 1.0\nelement vertex 99\n') },
      ],
    });
    expect((await convert(clinic, broken, '?type=stl')).body.success).toBe(true);
    expect(await finished(clinic, broken, '?type=stl')).toMatchObject({
      state: 'failed',
      error: { key: 'case.processingFailed', code: -5 },
      files: [],
    });
    const result = await clinic.owner.call('POST', '/api/case/convert/result', { id: broken });
    expect(result.body.data).toMatchObject({ type: 'stl', state: 'failed', error: { code: -5 } });

    const gone = await f.kase(device, clinic.owner);
    const [file] = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, gone));
    await t.app.platform.storage.delete(file!.storageKey);
    await convert(clinic, gone, '?type=stl');
    expect(await finished(clinic, gone, '?type=stl')).toMatchObject({
      state: 'failed',
      error: { key: 'case.originalMissing', code: -6 },
    });
    // A retry is allowed (flush) and fails the same way, never "in progress" for ever.
    expect((await convert(clinic, gone, '?type=stl&flush=1')).body.success).toBe(true);
    expect((await finished(clinic, gone, '?type=stl')).state).toBe('failed');
  });

  it('draws a preview image for each new case; encrypted cases get none', async () => {
    const id = await f.kase(device, clinic.owner);
    const row = async (who: OrgRef) =>
      (await who.owner.call('POST', '/getpaging', { pageSize: 100 })).body.data.records.find(
        (r: { id: string }) => r.id === id,
      );
    const url = await until(async () => (await row(clinic))?.thumbnail ?? undefined);
    expect(url).toMatch(new RegExp(`^/api/case/thumbnail/${id}\\?v=`));
    expect((await row(lab)).thumbnail).toBe(url);
    const png = await fetchFile(lab, url);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await outsider.owner.call('GET', url)).body).toMatchObject({ errorCode: -1 });

    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    const jobs = await t.app.platform.db.select().from(scanJobs).where(eq(scanJobs.caseId, sealed));
    expect(jobs).toEqual([]);
    expect((await clinic.owner.call('GET', `/api/case/thumbnail/${sealed}`)).body).toMatchObject({
      errorCode: -8,
      data: { key: 'case.encryptedNoConversion' },
    });
  });
});

describe('scan jobs across processes', () => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  beforeAll(async () => {
    // This process takes no scan jobs: each test runs its own runner, as another process of a scale-out would.
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organization and device.
  beforeEach(async () => {
    clinic = await f.org();
    device = await f.device(clinic);
  });

  const convert = (id: string, query: string) =>
    clinic.owner.call('GET', `/api/caseRedis/convert/${id}${query}`);
  const runner = (workerFile?: URL) =>
    startScanJobs({
      db: t.app.platform.db,
      storage: t.app.platform.storage,
      log: t.app.log,
      threads: 1,
      pollMs: 50,
      workerFile,
    });
  const jobOf = async (id: string) =>
    (await t.app.platform.db.select().from(scanJobs).where(eq(scanJobs.id, id)))[0]!;

  it('refuses a second conversion while one is queued; two requests at once start one job', async () => {
    const id = await f.kase(device, clinic.owner);
    const [a, b] = await Promise.all([convert(id, '?type=stl&flush=1'), convert(id, '?type=stl&flush=1')]);
    const bodies = [a.body, b.body];
    expect(bodies.filter((x) => x.success)).toHaveLength(1);
    expect(bodies.find((x) => !x.success)).toMatchObject({ errorCode: -7, data: { key: 'case.converting' } });
    const job = bodies.find((x) => x.success).data;
    expect(job.state).toBe('queued');
    // The same type without flush reports it; another type, or flush, is refused; its result record says queued.
    expect((await convert(id, '?type=stl')).body.data.id).toBe(job.id);
    expect((await convert(id, '?type=plyTexture')).body).toMatchObject({ errorCode: -7 });
    expect((await convert(id, '?type=stl&flush=1')).body).toMatchObject({ errorCode: -7 });
    expect((await clinic.owner.call('POST', '/api/case/convert/result', { id })).body.data).toMatchObject({
      id: job.id,
      state: 'queued',
    });
    const [concurrent1, concurrent2] = await Promise.all([
      convert(id, '?type=stl'),
      convert(id, '?type=stl'),
    ]);
    expect([concurrent1.body.data.id, concurrent2.body.data.id]).toEqual([job.id, job.id]);

    // Another process takes the job and finishes it.
    const other = runner();
    try {
      await until(async () => ((await jobOf(job.id)).state === 'done' ? true : undefined));
    } finally {
      await other.stop();
    }
    expect((await convert(id, '?type=stl')).body.data).toMatchObject({ state: 'done', progress: 1 });
  });

  it('retries a job whose worker thread dies, then fails it: never stuck in progress', async () => {
    const id = await f.kase(device, clinic.owner);
    const job = (await convert(id, '?type=stl')).body.data;
    const dying = runner(new URL('../../testing/dying-scan-worker.ts', import.meta.url));
    try {
      const failed = await until(async () => {
        const j = await jobOf(job.id);
        return j.state === 'failed' ? j : undefined;
      });
      expect(failed).toMatchObject({
        attempts: MAX_ATTEMPTS,
        errorKey: 'case.processingFailed',
        errorCode: -5,
      });
    } finally {
      await dying.stop();
    }
    expect((await convert(id, '?type=stl')).body.data).toMatchObject({
      state: 'failed',
      error: { key: 'case.processingFailed' },
    });
    // A retry on a healthy worker succeeds.
    expect((await convert(id, '?type=stl&flush=1')).body.success).toBe(true);
    const healthy = runner();
    try {
      await until(async () =>
        (await convert(id, '?type=stl')).body.data.state === 'done' ? true : undefined,
      );
    } finally {
      await healthy.stop();
    }
  });

  it('draws the missing preview images of cases from before they existed, not of encrypted ones', async () => {
    const { db } = t.app.platform;
    const old = await f.kase(device, clinic.owner);
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    await db.delete(scanJobs).where(eq(scanJobs.caseId, old)); // as if made before preview images
    const thumbnailOf = async (id: string) =>
      (await db.select({ key: cases.thumbnailKey }).from(cases).where(eq(cases.id, id)))[0]!.key;
    expect(await thumbnailOf(old)).toBeNull();
    const backfiller = runner();
    try {
      await until(async () => (await thumbnailOf(old)) ?? undefined);
    } finally {
      await backfiller.stop();
    }
    expect(await thumbnailOf(sealed)).toBeNull();
    expect(await db.select().from(scanJobs).where(eq(scanJobs.caseId, sealed))).toEqual([]);
  });

  it('takes over a running job whose process died (its heartbeat went stale)', async () => {
    const id = await f.kase(device, clinic.owner);
    const job = (await convert(id, '?type=stl')).body.data;
    const { db } = t.app.platform;
    await db
      .update(scanJobs)
      .set({
        state: 'running',
        claimedBy: 'dead-process',
        attempts: 1,
        heartbeatAt: new Date(Date.now() - 3_600_000),
      })
      .where(eq(scanJobs.id, job.id));
    expect((await convert(id, '?type=stl')).body.data.state).toBe('running');
    const survivor = runner();
    try {
      const done = await until(async () => {
        const j = await jobOf(job.id);
        return j.state === 'done' ? j : undefined;
      });
      expect(done.attempts).toBe(2);
      expect(done.claimedBy).not.toBe('dead-process');
    } finally {
      await survivor.stop();
    }
  });
});
