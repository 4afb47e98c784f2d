import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseErrors, CommentErrors, CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { attachments } from '../attachments/attachments.schema.ts';
import { notices } from '../notices/notices.schema.ts';
import { caseComments } from './comments.schema.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('comments on a case (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let labMember: PersonRef;
  let clinicMember: PersonRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(res.status).toBe(def.status);
  };
  const say = (who: PersonRef, caseId: string, text?: string) =>
    who.call('POST', '/api/case/comment', { caseId, ...(text === undefined ? {} : { text }) });
  const sayWithImage = async (
    who: PersonRef,
    caseId: string,
    bytes: Uint8Array,
    text?: string,
    name = 'shot.png',
  ) => {
    const form = formData(
      { caseId, ...(text === undefined ? {} : { text }) },
      { field: 'image', name, bytes, type: 'image/png' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/case/comment',
      headers: { ...form.headers, ...who.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const thread = (who: PersonRef, caseId: string) =>
    who.call('GET', `/api/case/comment/list?caseId=${caseId}`);
  const unread = async (who: PersonRef) => (await who.call('GET', '/api/case/comment/unread')).body.data;
  const commentsOf = (caseId: string) =>
    t.app.platform.db.select().from(caseComments).where(eq(caseComments.caseId, caseId));

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations (their unread counts are exact): a clinic whose device sends to lab, lab
  // cooperating with third, and a stranger.
  beforeEach(async () => {
    clinic = await f.org({ name: `Cm Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Cm Lab ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Cm Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Cm Stranger ${Date.now()}` });
    labMember = await f.user(lab);
    clinicMember = await f.user(clinic);
    device = await f.device(clinic);
    await f.receiver(device, lab);
    const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId });
    await third.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true });
  });

  it('a text comment by the lab reaches the clinic: thread, reply notices for every clinic member, audit', async () => {
    const id = await f.kase(device, clinic.owner, { patientName: 'Ada Comment' });
    const res = await say(lab.owner, id, '  margin unclear on 36, please rescan  ');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      caseId: id,
      custId: lab.custId,
      custName: lab.name,
      userId: lab.owner.userId,
      text: 'margin unclear on 36, please rescan',
      image: null,
      mine: true,
    });

    // Both sides read the same thread; `mine` tells whose side wrote.
    const theirs = await thread(clinic.owner, id);
    expect(theirs.body.data).toHaveLength(1);
    expect(theirs.body.data[0]).toMatchObject({ custName: lab.name, mine: false });
    expect((await thread(lab.owner, id)).body.data[0].mine).toBe(true);

    // A reply notice (caseId, sendId = the lab) for each clinic member, none for the lab's own members.
    for (const who of [clinic.owner, clinicMember]) {
      expect(await unread(who)).toEqual({ total: 1, list: [{ caseId: id, sendId: lab.custId, count: 1 }] });
    }
    expect((await unread(labMember)).total).toBe(0);
    const stored = await t.app.platform.db
      .select()
      .from(notices)
      .where(and(eq(notices.caseId, id), eq(notices.kind, 'reply')));
    expect(stored.map((n) => n.userId).sort()).toEqual([clinic.owner.userId, clinicMember.userId].sort());

    // Opening the thread clears the count for that person only.
    const read = await clinic.owner.call('PUT', `/api/case/comment/read?caseId=${id}`);
    expect(read.body.data).toEqual({ cleared: 1 });
    expect((await unread(clinic.owner)).total).toBe(0);
    expect((await unread(clinicMember)).total).toBe(1);

    const audited = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'case.comment')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorUserId: lab.owner.userId, outcome: 'allowed' });
    const reads = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'case.comments')));
    expect(reads.length).toBe(2);
  });

  it('an image comment: checked by content, stored, readable at its link; unsupported and oversized refused', async () => {
    const id = await f.kase(device, clinic.owner);
    const png = sample.png(2048);
    const res = await sayWithImage(clinic.owner, id, png, 'see the screenshot');
    expect(res.body.success).toBe(true);
    expect(res.body.data.text).toBe('see the screenshot');
    expect(res.body.data.image).toMatchObject({ name: 'shot.png', size: 2048 });
    const file = await t.app.inject({
      method: 'GET',
      url: res.body.data.image.url,
      headers: lab.owner.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(png))).toBe(0);
    // An organization that does not hold the case is told the image does not exist.
    const foreign = await t.app.inject({
      method: 'GET',
      url: res.body.data.image.url,
      headers: stranger.owner.headers,
    });
    expect(foreign.json()).toMatchObject({ success: false, data: { key: 'generic.objectNotFound' } });
    // An image alone is a message; gif and jpg too.
    const alone = await sayWithImage(lab.owner, id, sample.gif(), undefined, 'a.gif');
    expect(alone.body.data).toMatchObject({ text: '', image: { name: 'a.gif' } });
    expect((await sayWithImage(lab.owner, id, sample.jpg(), '', 'b.jpg')).body.success).toBe(true);

    // A pdf or text renamed .png is not an image.
    refusedWith(await sayWithImage(lab.owner, id, sample.pdf(), 'x', 'fake.png'), CommentErrors.imageFormat);
    refusedWith(await sayWithImage(lab.owner, id, sample.text(), 'x', 'fake.png'), CommentErrors.imageFormat);
    refusedWith(
      await sayWithImage(lab.owner, id, sample.png(10 * 1024 * 1024 + 1), 'x'),
      CommentErrors.imageTooLarge,
    );
    expect(await commentsOf(id)).toHaveLength(3);
    const images = await t.app.platform.db.select().from(attachments).where(eq(attachments.kind, 'comment'));
    expect(images).toHaveLength(3);
  });

  it('refuses an empty message, a case older than 90 days, bad parameters', async () => {
    const id = await f.kase(device, clinic.owner);
    refusedWith(await say(lab.owner, id), CommentErrors.empty);
    refusedWith(await say(lab.owner, id, '   '), CommentErrors.empty);
    // A form without an image is empty too (text-only comments come as JSON).
    const form = formData({ caseId: id, text: 'hello' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/case/comment',
      headers: { ...form.headers, ...lab.owner.headers },
      payload: form.payload,
    });
    refusedWith({ status: res.statusCode, body: res.json() }, CommentErrors.empty);
    refusedWith(
      await lab.owner.call('POST', '/api/case/comment', { caseId: 'nope', text: 'x' }),
      CommentErrors.parameter,
    );
    refusedWith(await say(lab.owner, id, 'x'.repeat(2001)), CommentErrors.parameter);

    const old = await f.kase(device, clinic.owner, { createdAt: new Date(Date.now() - 91 * 86400_000) });
    refusedWith(await say(lab.owner, old, 'too late'), CommentErrors.expired);
    refusedWith(await sayWithImage(clinic.owner, old, sample.png(), 'too late'), CommentErrors.expired);
    // …but its old thread can still be read.
    expect((await thread(lab.owner, old)).body.data).toEqual([]);
    const recent = await f.kase(device, clinic.owner, { createdAt: new Date(Date.now() - 89 * 86400_000) });
    expect((await say(lab.owner, recent, 'just in time')).body.success).toBe(true);
    expect(await commentsOf(id)).toHaveLength(0);
    expect(await commentsOf(old)).toHaveLength(0);
  });

  it('another organization can neither read nor post nor clear: it is told the case does not exist', async () => {
    const id = await f.kase(device, clinic.owner);
    await say(lab.owner, id, 'private');
    for (const res of [
      await say(stranger.owner, id, 'hello'),
      await sayWithImage(stranger.owner, id, sample.png()),
      await thread(stranger.owner, id),
      await stranger.owner.call('PUT', `/api/case/comment/read?caseId=${id}`),
      await thread(stranger.owner, MISSING),
      await say(lab.owner, MISSING, 'hello'),
    ])
      refusedWith(res, CaseErrors.notFound);
    const page = await stranger.owner.call('POST', '/api/case/comment/page', {});
    expect(page.body.data.records.map((r: any) => r.caseId)).not.toContain(id);
    expect(await commentsOf(id)).toHaveLength(1);
    const refused = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.outcome, 'refused')));
    expect(refused.length).toBeGreaterThanOrEqual(4);
  });

  it('a third party the case was forwarded to joins the thread; replies reach both other organizations', async () => {
    const id = await f.kase(device, clinic.owner);
    const fwd = await lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId });
    expect(fwd.body.success).toBe(true);
    const before = { clinic: (await unread(clinic.owner)).total, lab: (await unread(lab.owner)).total };
    const res = await say(third.owner, id, 'we will mill it');
    expect(res.body.success).toBe(true);
    expect((await unread(clinic.owner)).total).toBe(before.clinic + 1);
    expect((await unread(lab.owner)).total).toBe(before.lab + 1);
    expect((await unread(lab.owner)).list).toContainEqual({ caseId: id, sendId: third.custId, count: 1 });
    expect((await thread(clinic.owner, id)).body.data.map((c: any) => c.custName)).toEqual([third.name]);
  });

  it('the /caseComment page: cases with comments, newest comment first, paged, unread per case, by commenter', async () => {
    const org = await f.org({ name: `Cm Page Clinic ${Date.now()}` });
    const lab2 = await f.org({ custType: CustType.lab, name: `Cm Page Lab ${Date.now()}` });
    const d = await f.device(org);
    await f.receiver(d, lab2);
    const a = await f.kase(d, org.owner, { patientName: 'Page A' });
    const b = await f.kase(d, org.owner, { patientName: 'Page B' });
    const c = await f.kase(d, org.owner, { patientName: 'Page C' });
    const none = await f.kase(d, org.owner, { patientName: 'Page None' });
    await say(lab2.owner, a, 'first');
    await say(org.owner, b, 'second');
    await say(lab2.owner, c, 'third');
    await say(lab2.owner, a, 'fourth');

    const page = await org.owner.call('POST', '/api/case/comment/page', { pageSize: 2, currentPage: 1 });
    expect(page.body.data).toMatchObject({ totalRecords: 3, pageSize: 2, pageIndex: 1 });
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.records[0]).toMatchObject({
      caseId: a,
      patientName: 'Page A',
      senderName: org.name,
      comments: 2,
      lastText: 'fourth',
      lastCustName: lab2.name,
      unread: 2,
      canComment: true,
    });
    expect(page.body.data.records[1]).toMatchObject({ caseId: c, unread: 1 });
    const second = await org.owner.call('POST', '/api/case/comment/page', { pageSize: 2, currentPage: 2 });
    expect(second.body.data.records.map((r: any) => r.caseId)).toEqual([b]);
    expect(second.body.data.records[0].unread).toBe(0);
    const asc = await org.owner.call('POST', '/api/case/comment/page', { sorter: 'lastTime asc' });
    expect(asc.body.data.records.map((r: any) => r.caseId)).toEqual([b, c, a]);
    expect(asc.body.data.records.map((r: any) => r.caseId)).not.toContain(none);
    // The "case comment customer id": only cases that organization commented on.
    const byOrg = await lab2.owner.call('POST', '/api/case/comment/page', { custId: org.custId });
    expect(byOrg.body.data.records.map((r: any) => r.caseId)).toEqual([b]);
    const byKeyword = await lab2.owner.call('POST', '/api/case/comment/page', { keyword: 'page c' });
    expect(byKeyword.body.data.records.map((r: any) => r.caseId)).toEqual([c]);
    refusedWith(
      await org.owner.call('POST', '/api/case/comment/page', { pageSize: 1000 }),
      CommentErrors.parameter,
    );
  });

  it('send failed: storage or database failing leaves nothing half saved', async () => {
    const id = await f.kase(device, clinic.owner);
    const { storage, db } = t.app.platform;
    const countImages = async () =>
      (await db.select().from(attachments).where(eq(attachments.kind, 'comment'))).length;
    const imagesBefore = await countImages();

    // Each failure is injected into the comment's own call only, told apart by what it does: the case's preview job
    // stores and commits meanwhile, and must not take it.
    const originalPut = storage.put.bind(storage);
    let diskFull = 0;
    const put = vi.spyOn(storage, 'put').mockImplementation(((key: string, ...rest: unknown[]) => {
      if (!key.startsWith('attachments/comment/')) return (originalPut as any)(key, ...rest);
      diskFull++;
      return Promise.reject(new Error('disk full'));
    }) as any);
    refusedWith(await sayWithImage(lab.owner, id, sample.png(), 'x'), CommentErrors.sendFailed);
    put.mockRestore();
    expect(diskFull).toBe(1);

    // The database fails after the image was stored: the file is removed again, no row stays. Only the transaction
    // that wrote this comment (text 'y' on this case) fails, at its commit.
    const del = vi.spyOn(storage, 'delete');
    const original = db.transaction.bind(db);
    let lost = 0;
    const tx = vi.spyOn(db, 'transaction').mockImplementation((async (fn: any, ...rest: any[]) =>
      original(
        async (inner: any) => {
          const result = await fn(inner);
          const wrote = await inner
            .select({ id: caseComments.id })
            .from(caseComments)
            .where(and(eq(caseComments.caseId, id), eq(caseComments.text, 'y')));
          if (!wrote.length) return result;
          lost++;
          throw new Error('connection lost');
        },
        ...rest,
      )) as any);
    refusedWith(await sayWithImage(lab.owner, id, sample.png(), 'y'), CommentErrors.sendFailed);
    tx.mockRestore();
    expect(lost).toBe(1);
    expect(del.mock.calls.some(([key]) => String(key).startsWith('attachments/comment/'))).toBe(true);
    del.mockRestore();

    expect(await commentsOf(id)).toHaveLength(0);
    expect(await countImages()).toBe(imagesBefore);
    const replies = await db.select().from(notices).where(eq(notices.caseId, id));
    expect(replies).toHaveLength(0);
  });
});
