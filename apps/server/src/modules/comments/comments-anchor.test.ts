import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseErrors, CommentErrors, CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { notices } from '../notices/notices.schema.ts';
import { caseFiles } from '../cases/cases.schema.ts';
import { caseComments } from './comments.schema.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';

/** Remarks pinned to the scan (issue 25 item 5): a comment that carries its anchor. */
describe.each(engines)('comments pinned to the scan (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let stranger: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;
  let caseId: string;
  let upperId: string;
  let lowerId: string;

  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(res.status).toBe(def.status);
  };
  const anchorOn = (fileId: string, over: Record<string, unknown> = {}) => ({
    fileId,
    point: [1.5, -2.25, 10],
    normal: [0, 0, 2],
    camera: { position: [0, -60, 40], target: [1.5, -2.25, 10], up: [0, 0, 1] },
    ...over,
  });
  const pin = (who: PersonRef, id: string, text: string | undefined, anchor: unknown) =>
    who.call('POST', '/api/case/comment', { caseId: id, ...(text === undefined ? {} : { text }), anchor });
  const pinWithImage = async (who: PersonRef, id: string, fields: Record<string, string>) => {
    const form = formData(
      { caseId: id, ...fields },
      { field: 'image', name: 'shot.png', bytes: sample.png(1024), type: 'image/png' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/case/comment',
      headers: { ...form.headers, ...who.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const thread = async (who: PersonRef, id: string) =>
    (await who.call('GET', `/api/case/comment/list?caseId=${id}`)).body;
  const commentsOf = (id: string) =>
    t.app.platform.db.select().from(caseComments).where(eq(caseComments.caseId, id));
  const filesOf = async (id: string) =>
    new Map(
      (await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, id))).map((r) => [
        r.name,
        r.id,
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  }, 180_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    clinic = await f.org({ name: `Pin Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Pin Lab ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Pin Stranger ${Date.now()}` });
    device = await f.device(clinic);
    await f.receiver(device, lab);
    caseId = await f.kase(device, clinic.owner, {
      files: [
        { name: 'scan-upper.ply', body: sampleArchPly({ seed: 3 }) },
        { name: 'scan-lower.ply', body: sampleArchPly({ seed: 4 }) },
        { name: 'notes.txt', body: Buffer.from('not a scan') },
      ],
    });
    const files = await filesOf(caseId);
    upperId = files.get('scan-upper.ply')!;
    lowerId = files.get('scan-lower.ply')!;
  });

  it('a pinned remark as JSON: stored with a unit normal, in the thread of both parties, notified and audited', async () => {
    const res = await pin(lab.owner, caseId, '  Check the margin on 16  ', anchorOn(upperId));
    expect(res.body.success).toBe(true);
    const expected = {
      fileId: upperId,
      point: [1.5, -2.25, 10],
      normal: [0, 0, 1],
      camera: { position: [0, -60, 40], target: [1.5, -2.25, 10], up: [0, 0, 1] },
    };
    expect(res.body.data).toMatchObject({ text: 'Check the margin on 16', anchor: expected, mine: true });
    // A plain comment carries anchor null.
    const plain = await lab.owner.call('POST', '/api/case/comment', { caseId, text: 'and the shade' });
    expect(plain.body.data.anchor).toBeNull();

    // The other party sees the pin in its thread, and gets its reply notice as for any comment.
    const theirs = await thread(clinic.owner, caseId);
    expect(theirs.data.map((c: any) => [c.text, c.anchor, c.mine])).toEqual([
      ['Check the margin on 16', expected, false],
      ['and the shade', null, false],
    ]);
    const replies = await t.app.platform.db
      .select()
      .from(notices)
      .where(and(eq(notices.caseId, caseId), eq(notices.kind, 'reply')));
    expect(replies.map((n) => n.objectId)).toContain(res.body.data.id);
    expect(replies.every((n) => n.userId === clinic.owner.userId)).toBe(true);
    const unread = (await clinic.owner.call('GET', '/api/case/comment/unread')).body.data;
    expect(unread.list).toContainEqual({ caseId, sendId: lab.custId, count: 2 });
    const audited = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, caseId), eq(auditLog.action, 'case.comment')));
    expect(audited.map((a) => (a.detail as { pinnedTo?: string }).pinnedTo)).toContain(upperId);

    // A normal of any length is stored at unit length.
    const slanted = await pin(clinic.owner, caseId, 'buccal wall', anchorOn(lowerId, { normal: [3, 0, -4] }));
    expect(slanted.body.data.anchor.normal).toEqual([0.6, 0, -0.8]);
    const [row] = (await commentsOf(caseId)).filter((c) => c.id === slanted.body.data.id);
    expect(row!.anchor).toMatchObject({ fileId: lowerId, normal: [0.6, 0, -0.8] });
  });

  it('a pinned remark in a multipart form with an image (the anchor as JSON text in field `anchor`)', async () => {
    const res = await pinWithImage(clinic.owner, caseId, {
      text: 'see here',
      anchor: JSON.stringify(anchorOn(lowerId)),
    });
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      text: 'see here',
      image: { name: 'shot.png' },
      anchor: { fileId: lowerId, normal: [0, 0, 1] },
    });
    expect((await thread(lab.owner, caseId)).data[0].anchor).toMatchObject({ fileId: lowerId });
    // An empty anchor field is a plain comment.
    const plain = await pinWithImage(clinic.owner, caseId, { text: 'plain', anchor: '' });
    expect(plain.body.data.anchor).toBeNull();
    // Text that is not JSON, or JSON that is no anchor, is a parameter error; an anchor without text is empty.
    refusedWith(
      await pinWithImage(clinic.owner, caseId, { text: 'x', anchor: '{oops' }),
      CommentErrors.parameter,
    );
    refusedWith(
      await pinWithImage(clinic.owner, caseId, { text: 'x', anchor: '{"fileId":"x"}' }),
      CommentErrors.parameter,
    );
    refusedWith(
      await pinWithImage(clinic.owner, caseId, { anchor: JSON.stringify(anchorOn(lowerId)) }),
      CommentErrors.empty,
    );
    expect(await commentsOf(caseId)).toHaveLength(2);
  });

  it('refuses bad anchors and a pin without a remark; nothing is written', async () => {
    const bad: unknown[] = [
      anchorOn(upperId, { point: [1, 2] }),
      anchorOn(upperId, { point: [1, 2, 3, 4] }),
      anchorOn(upperId, { point: ['1', 2, 3] }),
      anchorOn(upperId, { point: [1, 2, 100_000.5] }),
      anchorOn(upperId, { point: [-1e6, 0, 0] }),
      anchorOn(upperId, { point: [null, 0, 0] }),
      anchorOn(upperId, { normal: [0, 0, 0] }),
      anchorOn(upperId, { normal: 'up' }),
      anchorOn(upperId, { camera: { position: [0, 0, 1], target: [0, 0, 1], up: [0, 1, 0] } }),
      anchorOn(upperId, { camera: { position: [0, 0, 9], target: [0, 0, 1], up: [0, 0, 0] } }),
      anchorOn(upperId, { camera: { position: [0, 0, 9], target: [0, 0, 1] } }),
      anchorOn('not-a-uuid'),
      { point: [0, 0, 0], normal: [0, 0, 1] },
      'pin',
    ];
    for (const anchor of bad) refusedWith(await pin(lab.owner, caseId, 'x', anchor), CommentErrors.parameter);
    // JSON has no NaN or Infinity: written out they are not JSON at all, and a number too large to hold is.
    for (const raw of ['NaN', 'Infinity', '1e400']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/case/comment',
        headers: { ...lab.owner.headers, 'content-type': 'application/json' },
        payload: `{"caseId":"${caseId}","text":"x","anchor":{"fileId":"${upperId}","point":[${raw},0,0],"normal":[0,0,1],"camera":{"position":[0,0,9],"target":[0,0,0],"up":[0,1,0]}}}`,
      });
      refusedWith({ status: res.statusCode, body: res.json() }, CommentErrors.parameter);
    }
    // A pin needs its remark.
    refusedWith(await pin(lab.owner, caseId, undefined, anchorOn(upperId)), CommentErrors.empty);
    refusedWith(await pin(lab.owner, caseId, '   ', anchorOn(upperId)), CommentErrors.empty);
    expect(await commentsOf(caseId)).toHaveLength(0);
    const stray = await t.app.platform.db.select().from(notices).where(eq(notices.caseId, caseId));
    expect(stray).toHaveLength(0);
  });

  it("refuses a file that is not one of this case's scans, another organization's case, an expired case", async () => {
    // Another case's scan (of the same organizations), a file of this case that is no scan, a file that does not exist.
    const other = await f.kase(device, clinic.owner, {
      files: [{ name: 'other.ply', body: sampleArchPly() }],
    });
    const otherScan = (await filesOf(other)).get('other.ply')!;
    const notes = (await filesOf(caseId)).get('notes.txt')!;
    for (const fileId of [otherScan, notes, '00000000-0000-4000-8000-00000000abcd'])
      refusedWith(await pin(lab.owner, caseId, 'margin', anchorOn(fileId)), CommentErrors.parameter);
    refusedWith(await pin(clinic.owner, other, 'margin', anchorOn(upperId)), CommentErrors.parameter);
    // A stranger's post is refused as for any comment: the case does not exist for it, whatever the anchor.
    refusedWith(await pin(stranger.owner, caseId, 'margin', anchorOn(upperId)), CaseErrors.notFound);
    // The 90-day rule holds for pins too.
    const old = await f.kase(device, clinic.owner, {
      createdAt: new Date(Date.now() - 91 * 86400_000),
      files: [{ name: 'old-upper.ply', body: sampleArchPly() }],
    });
    const oldScan = (await filesOf(old)).get('old-upper.ply')!;
    refusedWith(await pin(lab.owner, old, 'too late', anchorOn(oldScan)), CommentErrors.expired);
    for (const id of [caseId, other, old]) expect(await commentsOf(id)).toHaveLength(0);
  });

  it('a third organization sees no pin: the thread answers case not found', async () => {
    await pin(lab.owner, caseId, 'Check the margin on 16', anchorOn(upperId));
    refusedWith(
      await stranger.owner.call('GET', `/api/case/comment/list?caseId=${caseId}`),
      CaseErrors.notFound,
    );
    const page = await stranger.owner.call('POST', '/api/case/comment/page', {});
    expect(JSON.stringify(page.body)).not.toContain('Check the margin');
    expect((await stranger.owner.call('GET', '/api/case/comment/unread')).body.data.total).toBe(0);
  });
});
