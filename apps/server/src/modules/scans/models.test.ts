import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import { archJaw, checkMesh, readMesh, writePly } from '@archway/mesh';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { notices } from '../notices/notices.schema.ts';
import { caseFiles } from '../cases/cases.schema.ts';
import { scanJobs } from './scans.schema.ts';

const jaw = (seed = 1) => Buffer.from(writePly(archJaw({ triangles: 6000, seed })));
const refusal = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });

describe.each(engines)('model builder (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

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

  const start = (who: OrgRef, id: string, body: unknown) =>
    who.owner.call('POST', `/api/case/model/${id}`, body);
  const state = (who: OrgRef, id: string) => who.owner.call('GET', `/api/case/model/${id}`);
  const finished = (who: OrgRef, id: string) =>
    until(async () => {
      const res = await state(who, id);
      expect(res.body.success).toBe(true);
      return ['done', 'failed'].includes(res.body.data.state) ? res.body.data : undefined;
    });
  const fetchFile = async (who: OrgRef, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.owner.headers });
    expect(res.statusCode).toBe(200);
    return new Uint8Array(res.rawPayload);
  };

  it('builds a watertight model of an open jaw; the file joins the case; the starter gets a Task notice', async () => {
    const id = await f.kase(device, clinic.owner, { files: [{ name: 'lower.ply', body: jaw() }] });
    expect((await state(clinic, id)).body.data).toEqual({
      state: 'none',
      progress: 0,
      errorKey: null,
      baseHeight: 5,
      baseKind: 'horseshoe',
      files: [],
    });
    const started = await start(lab, id, { baseHeight: 4, baseKind: 'solid' });
    expect(started.body).toMatchObject({
      success: true,
      data: { baseHeight: 4, baseKind: 'solid', files: [] },
    });
    expect(['queued', 'running']).toContain(started.body.data.state);

    const done = await finished(lab, id);
    expect(done).toMatchObject({
      state: 'done',
      progress: 1,
      errorKey: null,
      baseHeight: 4,
      baseKind: 'solid',
    });
    expect(done.files).toHaveLength(1);
    expect(done.files[0]).toMatchObject({
      name: 'lower-model.stl',
      url: `/api/case/file/${id}/${done.files[0].id}`,
    });
    const stl = await fetchFile(lab, done.files[0].url);
    expect(stl.length).toBe(done.files[0].size);
    const check = checkMesh(readMesh(stl, { weld: true }));
    expect(check.watertight).toBe(true);
    expect(check.volume).toBeGreaterThan(0);
    // The clinic sees the same model (the same case); the file is recorded as a model of the scan.
    expect((await state(clinic, id)).body.data.files).toEqual(done.files);
    const [row] = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.id, done.files[0].id));
    const [source] = await t.app.platform.db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.caseId, id), eq(caseFiles.name, 'lower.ply')));
    expect(row).toMatchObject({ conversionType: 'model', format: 'stl', convertedFrom: source!.id });

    // The lab's owner, who started it, is told (a Task notice that opens the model builder).
    const told = await t.app.platform.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, lab.owner.userId), eq(notices.caseId, id)));
    expect(told.map((n) => [n.kind, n.payload])).toEqual([['task', { reason: 'model' }]]);
    const list = await lab.owner.call('GET', '/api/notice/list?pageIndex=1&pageSize=50');
    const item = list.body.data.records.find((n: { caseId: string }) => n.caseId === id);
    expect(item).toMatchObject({ path: `/caseBuilder?id=${id}`, titleKey: 'realtime.notice.taskModel' });

    // A new build replaces the model file (the old one is gone).
    await start(clinic, id, {});
    const again = await finished(clinic, id);
    expect(again).toMatchObject({ state: 'done', baseHeight: 5, baseKind: 'horseshoe' });
    expect(again.files[0].id).not.toBe(done.files[0].id);
    expect((await clinic.owner.call('GET', done.files[0].url)).body).toMatchObject({ success: false });
  });

  it('builds one model per scan, or only the chosen one', async () => {
    const id = await f.kase(device, clinic.owner, {
      files: [
        { name: 'lower.ply', body: jaw(2) },
        { name: 'upper.ply', body: Buffer.from(writePly(archJaw({ triangles: 4000, upper: true }))) },
      ],
    });
    await start(clinic, id, { baseHeight: 3 });
    const both = await finished(clinic, id);
    expect(both.files.map((x: { name: string }) => x.name).sort()).toEqual([
      'lower-model.stl',
      'upper-model.stl',
    ]);
    const files = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, id));
    const upper = files.find((x) => x.name === 'upper.ply')!;
    await start(clinic, id, { fileId: upper.id });
    const one = await finished(clinic, id);
    expect(one.files.map((x: { name: string }) => x.name)).toEqual(['upper-model.stl']);
  });

  it('refuses: parameters, another organization, encrypted data, no scan, a second build, no certification', async () => {
    const id = await f.kase(device, clinic.owner, { files: [{ name: 'jaw.ply', body: jaw(3) }] });
    for (const body of [
      { baseHeight: 0 },
      { baseHeight: 31 },
      { baseHeight: 'high' },
      { baseKind: 'round' },
      { fileId: 'nope' },
    ])
      expect((await start(clinic, id, body)).body).toMatchObject(refusal(-1, 'model.parameter'));
    expect((await start(outsider, id, {})).body).toMatchObject(refusal(-1, 'case.notFound'));
    expect((await state(outsider, id)).body).toMatchObject(refusal(-1, 'case.notFound'));
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    expect((await start(clinic, sealed, {})).body).toMatchObject(refusal(-5, 'model.encrypted'));
    const noScan = await f.kase(device, clinic.owner, {
      files: [{ name: 'notes.txt', body: Buffer.from('not a scan') }],
    });
    expect((await start(clinic, noScan, {})).body).toMatchObject(refusal(-3, 'model.noScan'));
    const [other] = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, noScan));
    expect((await start(clinic, id, { fileId: other!.id })).body).toMatchObject(refusal(-3, 'model.noScan'));

    // A second start while one runs (here: held by another process, its heartbeat fresh), whoever asks.
    const [held] = await t.app.platform.db
      .insert(scanJobs)
      .values({
        caseId: id,
        kind: 'model',
        state: 'running',
        claimedBy: 'elsewhere',
        heartbeatAt: new Date(),
      })
      .returning();
    expect((await state(clinic, id)).body.data).toMatchObject({ state: 'running' });
    expect((await start(clinic, id, {})).body).toMatchObject(refusal(-2, 'model.running'));
    expect((await start(lab, id, {})).body).toMatchObject(refusal(-2, 'model.running'));
    await t.app.platform.db.update(scanJobs).set({ state: 'failed' }).where(eq(scanJobs.id, held!.id));
    expect((await start(lab, id, {})).body.success).toBe(true);
    expect(await finished(clinic, id)).toMatchObject({ state: 'done' });

    const review = await f.org({ custType: CustType.lab, status: CustStatus.underReview });
    const d = await f.device(clinic);
    await f.receiver(d, review, { caseType: 3 });
    const routed = await f.kase(d, clinic.owner, { caseType: 3, files: [{ name: 'jaw.ply', body: jaw(4) }] });
    expect((await start(review, routed, {})).body).toMatchObject(refusal(-13, 'case.certificationRequired'));
  });

  it('fails cleanly for a scan that does not parse, and tells the starter', async () => {
    const broken = await f.kase(device, clinic.owner, {
      files: [
        { name: 'jaw.ply', body: Buffer.from('ply\nformat binary_little_endian 1.0\nelement vertex 99\n') },
      ],
    });
    await start(clinic, broken, {});
    expect(await finished(clinic, broken)).toMatchObject({
      state: 'failed',
      errorKey: 'model.failed',
      files: [],
    });
    const told = await t.app.platform.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, clinic.owner.userId), eq(notices.caseId, broken)));
    expect(told.map((n) => [n.kind, n.payload])).toEqual([
      ['failed', { reason: 'model', error: 'model.failed' }],
    ]);
  });
});
