import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseErrors, CustStatus, CustType, ForwardErrors } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { caseBoxes } from './cases.schema.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('forwarding a case to a third party (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(res.status).toBe(def.status);
  };
  const cooperate = async (a: OrgRef, b: OrgRef) => {
    const applied = await a.owner.call('POST', '/api2/cust/cooperation', { custId: b.custId });
    const accepted = await b.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, {
      accept: true,
    });
    expect(accepted.body.data.state).toBe(1);
    return applied.body.data.id as string;
  };
  const rowOf = async (who: OrgRef, id: string) => {
    const res = await who.owner.call('POST', '/getpaging', { pageSize: 100 });
    return (res.body.data.records as any[]).find((r) => r.id === id);
  };
  const forward = (who: OrgRef, id: string, custId: string) =>
    who.owner.call('POST', '/api/case/forward', { id, custId });

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Fwd Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Fwd Lab ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Fwd Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Fwd Stranger ${Date.now()}` });
    device = await f.device(clinic);
    await f.receiver(device, lab);
    await cooperate(lab, third);
  });

  it('forwards a received case: the third party sees it in its box and may open it, the lab and sender see its name', async () => {
    const id = await f.kase(device, clinic.owner, { patientName: 'Grace Hopper' });
    expect((await rowOf(lab, id)).actions).toContain('forward');
    expect(await rowOf(third, id)).toBeUndefined();

    const res = await forward(lab, id, third.custId);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      id,
      thirdPartyName: third.name,
      forwardedByName: null,
      isSend: false,
    });
    expect(res.body.data.actions).not.toContain('forward');

    // The lab's card shows the third party's name after the status; so does its detail.
    expect(await rowOf(lab, id)).toMatchObject({ thirdPartyName: third.name, receviceName: lab.name });
    const labDetail = await lab.owner.call('GET', `/detail/${id}`);
    expect(labDetail.body.data).toMatchObject({ thirdPartyName: third.name });
    expect(labDetail.body.data.receivers.map((r: any) => r.custId)).toEqual([lab.custId]);

    // The third party: a received copy (lab progress 1), the sender as it was, the lab that forwarded it.
    const theirs = await rowOf(third, id);
    expect(theirs).toMatchObject({
      isSend: false,
      sendId: clinic.custId,
      sendName: clinic.name,
      receviceId: third.custId,
      receviceName: third.name,
      processStatus: 1,
      thirdPartyName: null,
      forwardedByName: lab.name,
      patientName: 'Grace Hopper',
    });
    expect(theirs.actions).toEqual([
      'preview',
      'download',
      'detail',
      'convert',
      'status',
      'comment',
      'recycle',
    ]);
    expect(Object.keys(theirs.downloadStatus).sort()).toEqual([clinic.custId, third.custId].sort());
    const received = await third.owner.call('POST', '/getpaging', { isSend: false, keyword: 'Grace' });
    expect(received.body.data.records.map((r: any) => r.id)).toEqual([id]);
    // …and previews, downloads and sets progress like any receiver.
    const preview = await third.owner.call('GET', `/api/case/previewStatus?id=${id}`);
    expect(preview.body.data.files).toHaveLength(1);
    const info = await third.owner.call('GET', `/download/${id}`);
    expect(info.body.success).toBe(true);
    const file = await t.app.inject({
      method: 'GET',
      url: info.body.data.files[0].url,
      headers: third.owner.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(info.body.data.files[0].size);
    const progress = await third.owner.call('PUT', `/processStatus?id=${id}&status=2`);
    expect(progress.body.data).toMatchObject({ processStatus: 2, forwardedByName: lab.name });

    // The sender sees where its case went (thirdPartyName), not the third party among its receivers.
    const sent = await rowOf(clinic, id);
    expect(sent).toMatchObject({
      receviceId: lab.custId,
      receviceName: lab.name,
      thirdPartyName: third.name,
    });
    expect(Object.keys(sent.downloadStatus)).not.toContain(third.custId);
    const sentDetail = await clinic.owner.call('GET', `/detail/${id}`);
    expect(sentDetail.body.data.receivers.map((r: any) => r.custId)).toEqual([lab.custId]);
    // Each side finds it by the third party's name.
    for (const who of [lab, clinic]) {
      const found = await who.owner.call('POST', '/getpaging', { keyword: third.name });
      expect(found.body.data.records.map((r: any) => r.id)).toContain(id);
    }

    // Nobody else sees anything new.
    expect(await rowOf(stranger, id)).toBeUndefined();

    const entries = await t.app.platform.db
      .select({ outcome: auditLog.outcome, detail: auditLog.detail, cust: auditLog.actorCustId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.forward'), eq(auditLog.objectId, id)));
    expect(entries).toEqual([{ outcome: 'allowed', detail: { to: third.custId }, cust: lab.custId }]);

    // Forwarded once only; the third party cannot pass it on.
    refusedWith(await forward(lab, id, third.custId), ForwardErrors.already);
    await cooperate(third, stranger);
    refusedWith(await forward(third, id, stranger.custId), ForwardErrors.notReceived);

    // Closing the cooperation leaves the forwarded case with the third party.
    const coop = (await lab.owner.call('GET', '/api2/cust/cooperation?state=1')).body.data.records.find(
      (r: any) => r.custId === third.custId,
    );
    await lab.owner.call('DELETE', `/api2/cust/cooperation/${coop.id}`);
    expect(await rowOf(third, id)).toMatchObject({ forwardedByName: lab.name });
    await cooperate(lab, third);
  });

  it('refuses with each catalogue code, audited, and changes nothing', async () => {
    const id = await f.kase(device, clinic.owner);
    // Not a lab: the clinic (its own sent case).
    refusedWith(await forward(clinic, id, third.custId), ForwardErrors.notLab);
    // Not the caller's case, or a missing one: exactly the same answer.
    const theirs = await forward(stranger, id, third.custId);
    refusedWith(theirs, CaseErrors.notFound);
    expect(theirs.body).toEqual((await forward(stranger, MISSING, third.custId)).body);
    // No open cooperation: a stranger, an unknown organization, the lab itself, an applied-only cooperation.
    refusedWith(await forward(lab, id, stranger.custId), ForwardErrors.noCooperation);
    refusedWith(await forward(lab, id, MISSING), ForwardErrors.noCooperation);
    refusedWith(await forward(lab, id, lab.custId), ForwardErrors.noCooperation);
    const pending = await f.org({ custType: CustType.lab });
    await lab.owner.call('POST', '/api2/cust/cooperation', { custId: pending.custId });
    refusedWith(await forward(lab, id, pending.custId), ForwardErrors.noCooperation);
    // The third party already holds the case: its sender, for one.
    await cooperate(lab, clinic);
    refusedWith(await forward(lab, id, clinic.custId), ForwardErrors.alreadyHolds);
    // Parameters.
    refusedWith(
      await lab.owner.call('POST', '/api/case/forward', { id: 'nope', custId: third.custId }),
      ForwardErrors.parameter,
    );
    // Encrypted data and a cancelled case.
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    expect((await rowOf(lab, sealed)).actions).not.toContain('forward');
    refusedWith(await forward(lab, sealed, third.custId), ForwardErrors.encrypted);
    const cancelled = await f.kase(device, clinic.owner);
    await clinic.owner.call('PUT', `/status/${cancelled}?status=5`);
    refusedWith(await forward(lab, cancelled, third.custId), ForwardErrors.cancelled);
    // In the lab's bin: as missing.
    const binned = await f.kase(device, clinic.owner);
    await lab.owner.call('PUT', `/api/case/recycle/move/?id=${binned}`);
    refusedWith(await forward(lab, binned, third.custId), CaseErrors.notFound);
    // A lab that sent the case itself (its own device): not received.
    const labDevice = await f.device(lab);
    const labSent = await f.kase(labDevice, lab.owner);
    refusedWith(await forward(lab, labSent, third.custId), ForwardErrors.notReceived);

    const copies = await t.app.platform.db
      .select({ cust: caseBoxes.custId, to: caseBoxes.forwardedTo })
      .from(caseBoxes)
      .where(eq(caseBoxes.caseId, id));
    expect(copies.every((c) => c.to === null)).toBe(true);
    expect(copies.map((c) => c.cust).sort()).toEqual([clinic.custId, lab.custId].sort());
    const refused = await t.app.platform.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'case.forward'), eq(auditLog.objectId, id), eq(auditLog.outcome, 'refused')),
      );
    expect(refused.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a lab that is not verified, and lets one of two concurrent forwards through', async () => {
    const id = await f.kase(device, clinic.owner);
    await t.app.platform.db
      .update(customers)
      .set({ status: CustStatus.underReview })
      .where(eq(customers.id, lab.custId));
    refusedWith(await forward(lab, id, third.custId), CaseErrors.certificationRequired);
    await t.app.platform.db
      .update(customers)
      .set({ status: CustStatus.authorized })
      .where(eq(customers.id, lab.custId));

    const other = await f.org({ custType: CustType.lab });
    await cooperate(lab, other);
    const results = await Promise.all([forward(lab, id, third.custId), forward(lab, id, other.custId)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    refusedWith(
      results.find((r) => !r.body.success)!,
      ForwardErrors.already,
    );
    const copies = await t.app.platform.db
      .select({ cust: caseBoxes.custId })
      .from(caseBoxes)
      .where(eq(caseBoxes.caseId, id));
    expect(copies).toHaveLength(3);
  });
});
