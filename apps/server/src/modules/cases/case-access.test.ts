import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseErrors, CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import type { Actor } from '../../platform/auth.ts';
import { copiesOf } from './cases.access.ts';

/**
 * The case access layer (cases.access.ts): what each organization holding a copy SEES it may do (the row's
 * `actions`, the design's `actions`), the same rules the services refuse with, and a page's rights in one query.
 */
describe.each(engines)('case access: what each holder may do (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const rowOf = async (who: OrgRef, id: string, recycle = false) => {
    const res = await who.owner.call('POST', '/getpaging', { pageSize: 100, recycle });
    return (res.body.data.records as any[]).find((r) => r.id === id);
  };
  const actorOf = (org: OrgRef, custType: number): Actor => ({
    userId: org.owner.userId,
    username: org.owner.username,
    custId: org.custId,
    custType,
    isAdmin: false,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Acc Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Acc Lab ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Acc Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Acc Stranger ${Date.now()}` });
    device = await f.device(clinic);
    await f.receiver(device, lab);
    const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId });
    await third.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true });
  });

  it('each holder sees its own actions on the row, the detail and the design: sender, lab, third party', async () => {
    const id = await f.kase(device, clinic.owner);
    expect(
      (await lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId })).body.success,
    ).toBe(true);
    const seen = {
      clinic: (await rowOf(clinic, id)).actions,
      lab: (await rowOf(lab, id)).actions,
      third: (await rowOf(third, id)).actions,
    };
    expect(seen).toEqual({
      clinic: ['preview', 'download', 'detail', 'convert', 'cancel', 'comment', 'recycle'],
      // Forwarded already: no second forward.
      lab: ['preview', 'download', 'detail', 'convert', 'status', 'comment', 'recycle'],
      third: ['preview', 'download', 'detail', 'convert', 'status', 'comment', 'recycle'],
    });
    for (const [who, org] of [
      ['clinic', clinic],
      ['lab', lab],
      ['third', third],
    ] as const) {
      const detail = await org.owner.call('GET', `/detail/${id}`);
      expect(detail.body.data.actions).toEqual(seen[who]);
    }
    const design = async (org: OrgRef) =>
      (await org.owner.call('GET', `/api/case/design/${id}`)).body.data.actions;
    expect(await design(clinic)).toEqual({ edit: true, answer: false });
    expect(await design(lab)).toEqual({ edit: false, answer: true });
    expect(await design(third)).toEqual({ edit: false, answer: true });
    expect((await stranger.owner.call('GET', `/api/case/design/${id}`)).body).toMatchObject({
      errorCode: CaseErrors.notFound.code,
    });
  });

  it('a copy in the bin offers only detail, restore and purge, its design no change, and its preview is refused', async () => {
    const id = await f.kase(device, clinic.owner);
    expect((await lab.owner.call('PUT', `/api/case/recycle/move/?id=${id}`)).body.data).toEqual({ moved: 1 });
    expect((await rowOf(lab, id, true)).actions).toEqual(['detail', 'restore', 'purge']);
    expect((await lab.owner.call('GET', `/detail/${id}`)).body.data.actions).toEqual([
      'detail',
      'restore',
      'purge',
    ]);
    // The design still reads (as the detail does), but nothing on it can be changed from the bin.
    const design = await lab.owner.call('GET', `/api/case/design/${id}`);
    expect(design.body.data.actions).toEqual({ edit: false, answer: false });
    const note = await lab.owner.call('PUT', '/api/case/design/note', { caseId: id, note: 'from the bin' });
    expect(note.body).toMatchObject({ errorCode: CaseErrors.notFound.code, data: { key: 'case.notFound' } });
    // No button offered, no door open: the preview of a binned copy is refused like its download.
    const preview = await lab.owner.call('GET', `/api/case/previewStatus?id=${id}`);
    expect(preview.body).toMatchObject({
      errorCode: CaseErrors.notFound.code,
      data: { key: 'case.notFound' },
    });
    // The clinic's copy is untouched.
    expect((await rowOf(clinic, id)).actions).toContain('preview');
  });

  it('offers comment while the thread takes new comments: not in the bin, within the 90 days', async () => {
    const fresh = await f.kase(device, clinic.owner);
    const old = await f.kase(device, clinic.owner, { createdAt: new Date(Date.now() - 100 * 86_400_000) });
    expect((await rowOf(clinic, fresh)).actions).toContain('comment');
    expect((await rowOf(lab, fresh)).actions).toContain('comment');
    // Past the window the thread still reads, but no comment is offered, and one is refused.
    expect((await rowOf(lab, old)).actions).not.toContain('comment');
    const late = await lab.owner.call('POST', '/api/case/comment', { caseId: old, text: 'late' });
    expect(late.body).toMatchObject({ success: false, data: { key: 'comment.expired' } });
    await lab.owner.call('PUT', `/api/case/recycle/move/?id=${fresh}`);
    expect((await rowOf(lab, fresh, true)).actions).not.toContain('comment');
  });

  it('answers the rights on a whole page of cases in one call: own copies (bin too), never another organization’s', async () => {
    const kept = await f.kase(device, clinic.owner);
    const binned = await f.kase(device, clinic.owner);
    const foreignDevice = await f.device(stranger);
    const foreign = await f.kase(foreignDevice, stranger.owner);
    await lab.owner.call('PUT', `/api/case/recycle/move/?id=${binned}`);
    const page = await copiesOf(t.app.platform.db, actorOf(lab, CustType.lab), [kept, binned, foreign]);
    expect([...page.keys()].sort()).toEqual([kept, binned].sort());
    expect(page.get(kept)!.access.rights).toEqual(
      expect.arrayContaining(['preview', 'download', 'status', 'forward', 'designNote', 'comment']),
    );
    expect(page.get(kept)!.access.rights).not.toContain('design');
    expect(page.get(binned)!.access.rights).toEqual(['detail', 'restore', 'purge']);
    const sender = await copiesOf(t.app.platform.db, actorOf(clinic, CustType.clinic), [kept, foreign]);
    expect([...sender.keys()]).toEqual([kept]);
    expect(sender.get(kept)!.access.rights).toEqual(expect.arrayContaining(['cancel', 'design']));
    expect(sender.get(kept)!.access.rights).not.toContain('forward');
    // No organization: no copies.
    expect(
      (await copiesOf(t.app.platform.db, { ...actorOf(lab, CustType.lab), custId: null }, [kept])).size,
    ).toBe(0);
  });
});
