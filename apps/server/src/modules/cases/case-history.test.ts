import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseErrors, CustType, type CaseEvent } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { historyEvents, COLLAPSE_MS } from './case-history.presenter.ts';
import type { AuditEvent } from './case-history.repository.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('the case history (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const historyOf = async (who: OrgRef, id: string): Promise<CaseEvent[]> => {
    const res = await who.owner.call('GET', `/api/case/history?id=${id}`);
    expect(res.body.success).toBe(true);
    return res.body.data.list as CaseEvent[];
  };
  /** The events as `kind org` lines, oldest first (easier to read than the answer's newest-first order). */
  const lines = (events: CaseEvent[]) => [...events].reverse().map((e) => `${e.kind} ${e.org ?? '-'}`);
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const res = await p;
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Hist Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Hist Lab ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Hist Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Hist Stranger ${Date.now()}` });
    device = await f.device(clinic);
    await f.receiver(device, lab);
    const applied = await ok(lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId }));
    await ok(third.owner.call('PUT', `/api2/cust/cooperation/${applied.id}`, { accept: true }));
  });

  /**
   * A case uploaded by the clinic's device to the lab: the lab downloads it (links, archive, finished: one event),
   * converts it, sets progress, makes a share link that is read; the clinic comments; the lab forwards it to the
   * third party, which downloads it and sets its own progress; the clinic moves its copy to the bin.
   */
  async function story() {
    const id = await f.kase(device, clinic.owner, { patientName: 'History Patient' });
    await ok(lab.owner.call('GET', `/download/${id}`));
    const archive = await t.app.inject({
      method: 'GET',
      url: `/api/case/download/archive/${id}`,
      headers: lab.owner.headers,
    });
    expect(archive.statusCode).toBe(200);
    await ok(lab.owner.call('GET', `/download/callback?id=${id}`));
    await ok(lab.owner.call('GET', `/api/caseRedis/convert/${id}?type=stl`));
    await ok(lab.owner.call('PUT', `/processStatus?id=${id}&status=2`));
    const link = await ok(lab.owner.call('POST', '/api/case/report/share', { caseId: id, days: 7 }));
    const read = await t.app.inject({ method: 'GET', url: `/api/report/${link.token}` });
    expect(read.statusCode).toBe(200);
    await ok(clinic.owner.call('POST', '/api/case/comment', { caseId: id, text: 'Please hurry' }));
    await ok(lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId }));
    await ok(third.owner.call('GET', `/download/${id}`));
    await ok(third.owner.call('GET', `/download/callback?id=${id}`));
    await ok(third.owner.call('PUT', `/processStatus?id=${id}&status=2`));
    expect((await ok(clinic.owner.call('PUT', `/api/case/recycle/move/?id=${id}`))).moved).toBe(1);
    return id;
  }

  it('the clinic sees its own events and the lab’s course, never the lab’s forward, conversion or share', async () => {
    const id = await story();
    const events = await historyOf(clinic, id);
    expect(lines(events)).toEqual([
      `uploaded ${clinic.name}`,
      `received ${lab.name}`,
      `downloaded ${lab.name}`,
      `status ${lab.name}`,
      `commented ${clinic.name}`,
      `recycled ${clinic.name}`,
    ]);
    const [recycled, commented, status, downloaded, received, uploaded] = events;
    expect(uploaded).toMatchObject({
      kind: 'uploaded',
      by: clinic.owner.username,
      org: clinic.name,
      own: true,
      detail: { device: device.serial },
    });
    expect(received).toMatchObject({ by: null, org: lab.name, own: false });
    expect(downloaded).toMatchObject({ by: lab.owner.username, org: lab.name, own: false });
    expect(status).toMatchObject({ by: lab.owner.username, own: false, detail: { status: 2 } });
    expect(commented).toMatchObject({ by: clinic.owner.username, own: true });
    expect(recycled).toMatchObject({ by: clinic.owner.username, own: true });
    // Nothing names the third party: not its receipt, download or progress, nor the lab's forward.
    expect(JSON.stringify(events)).not.toContain(third.name);
  });

  it('the lab sees its own work (forward, conversion, share and its read) and the clinic’s upload and comment, not its bin', async () => {
    const id = await story();
    const events = await historyOf(lab, id);
    expect(lines(events)).toEqual([
      `uploaded ${clinic.name}`,
      `received ${lab.name}`,
      `downloaded ${lab.name}`,
      `converted ${lab.name}`,
      `status ${lab.name}`,
      `shared ${lab.name}`,
      `shareRead -`,
      `commented ${clinic.name}`,
      `forwarded ${lab.name}`,
      `downloaded ${third.name}`,
      `status ${third.name}`,
    ]);
    const byKind = (kind: string, org: string | null) => events.find((e) => e.kind === kind && e.org === org);
    expect(byKind('uploaded', clinic.name)).toMatchObject({ by: clinic.owner.username, own: false });
    expect(byKind('received', lab.name)).toMatchObject({ by: null, own: true });
    expect(byKind('downloaded', lab.name)).toMatchObject({ by: lab.owner.username, own: true });
    expect(byKind('converted', lab.name)).toMatchObject({ own: true, detail: { type: 'stl' } });
    expect(byKind('forwarded', lab.name)).toMatchObject({
      by: lab.owner.username,
      own: true,
      detail: { to: third.name },
    });
    expect(byKind('shareRead', null)).toMatchObject({ by: null, own: false });
    expect(byKind('commented', clinic.name)).toMatchObject({ by: clinic.owner.username, own: false });
    expect(byKind('downloaded', third.name)).toMatchObject({ by: third.owner.username, own: false });
  });

  it('the third party sees its own receipt and work, the clinic’s upload, not the clinic’s bin nor the lab’s private work', async () => {
    const id = await story();
    const events = await historyOf(third, id);
    expect(lines(events)).toEqual([
      `uploaded ${clinic.name}`,
      `downloaded ${lab.name}`,
      `status ${lab.name}`,
      `commented ${clinic.name}`,
      `received ${third.name}`,
      `downloaded ${third.name}`,
      `status ${third.name}`,
    ]);
    expect(events.find((e) => e.kind === 'received')).toMatchObject({ org: third.name, own: true, by: null });
    expect(events.some((e) => e.kind === 'recycled')).toBe(false);
  });

  it('answers newest first, and a restore after the bin shows both', async () => {
    const id = await story();
    const copy = await ok(clinic.owner.call('POST', '/getpaging', { recycle: true, pageSize: 100 }));
    const row = copy.records.find((r: any) => r.id === id);
    await ok(clinic.owner.call('GET', `/user/addservice?id=${id}&recycleId=${row.recycleId}`));
    for (const who of [clinic, lab, third]) {
      const at = (await historyOf(who, id)).map((e) => Date.parse(e.at));
      expect(at.every((v, i) => i === 0 || at[i - 1]! >= v)).toBe(true);
    }
    const [latest, before] = await historyOf(clinic, id);
    expect(latest).toMatchObject({ kind: 'restored', own: true });
    expect(before).toMatchObject({ kind: 'recycled', own: true });
  });

  it('refuses another organization’s case as not found, and a bad id with the parameter code', async () => {
    const id = await f.kase(device, clinic.owner);
    for (const url of [`/api/case/history?id=${id}`, `/api/case/history?id=${MISSING}`]) {
      const res = await stranger.owner.call('GET', url);
      expect(res.status).toBe(CaseErrors.notFound.status);
      expect(res.body).toMatchObject({ success: false, errorCode: CaseErrors.notFound.code });
    }
    for (const url of ['/api/case/history?id=not-a-uuid', '/api/case/history']) {
      const res = await clinic.owner.call('GET', url);
      expect(res.status).toBe(CaseErrors.parameter.status);
      expect(res.body).toMatchObject({ success: false, errorCode: CaseErrors.parameter.code });
    }
    // A case just uploaded: the upload and the receipt, the receipt after it.
    expect(lines(await historyOf(clinic, id))).toEqual([`uploaded ${clinic.name}`, `received ${lab.name}`]);
    expect(lines(await historyOf(lab, id))).toEqual([`uploaded ${clinic.name}`, `received ${lab.name}`]);
  });
});

describe('collapsing downloads', () => {
  const base = new Date('2026-12-01T10:00:00Z').getTime();
  let id = 0;
  const entry = (action: AuditEvent['action'], ms: number, userId = 'u1'): AuditEvent => ({
    id: ++id,
    at: new Date(base + ms),
    action,
    userId,
    userName: userId,
    custId: 'lab',
    custName: 'Lab',
    detail: {},
    toName: null,
  });
  const kinds = (entries: AuditEvent[]) =>
    historyEvents(
      { createdAt: new Date(base - 1000), senderCustId: 'clinic', deviceSerial: 'S1' },
      { name: 'Clinic', uploadedBy: 'nurse' },
      [],
      entries,
    ).map((e) => `${e.kind} ${e.by} ${e.at.getTime() - base}`);

  it('one person’s download entries within a minute are one event at the last one; later or another person’s are their own', () => {
    expect(
      kinds([
        entry('case.download', 0),
        entry('case.archive', 5_000),
        entry('case.downloaded', 20_000),
        entry('case.download', 10_000, 'u2'),
        entry('case.download', COLLAPSE_MS + 1_000),
      ]),
    ).toEqual([
      `downloaded u1 ${COLLAPSE_MS + 1_000}`,
      'downloaded u1 20000',
      'downloaded u2 10000',
      'uploaded nurse -1000',
    ]);
  });
});
