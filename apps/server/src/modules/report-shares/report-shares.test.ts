import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { CustType } from '@archway/contract';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { caseFiles } from '../cases/cases.schema.ts';
import { caseComments } from '../comments/comments.schema.ts';
import { caseDesigns } from '../cases/designs.schema.ts';
import { reportShares } from './report-shares.schema.ts';
import { setShareExpiry } from './report-shares.repository.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { createHash } from 'node:crypto';

const expired = { success: false, errorCode: -2, data: { key: 'shareLink.expired' } };

describe.each(engines)('report share links (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;
  let caseId: string;
  let otherCase: string;
  let logoId: string;

  /** A call without any token. */
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    // Building the app (migrations) is slow on a shared machine.
  }, 180_000);
  afterAll(() => t.close());
  // Every test its own organizations, logo and cases (a test's links and revocations reach no other).
  beforeEach(async () => {
    clinic = await f.org({ name: `Smile Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Lab ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
    const db = t.app.platform.db;
    await db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, clinic.owner.userId), eq(memberships.custId, clinic.custId)));
    const form = formData({ type: '0' }, { field: 'logo', name: 'logo.png', bytes: sample.png(300) });
    const logo = await t.app.inject({
      method: 'POST',
      url: '/user/add/logo',
      headers: { ...form.headers, ...clinic.owner.headers },
      payload: form.payload,
    });
    logoId = logo.json().data.id;
    await db
      .update(customers)
      .set({ introduction: 'We make smiles.' })
      .where(eq(customers.id, clinic.custId));
    // The organization's colour, as its settings set it (type 3).
    expect(
      (await clinic.owner.call('POST', '/cust/clinic/setting', { type: 3, fontColor: '#7a1f5c' })).body
        .success,
    ).toBe(true);
    caseId = await f.kase(device, clinic.owner, {
      patientName: 'Ada Share',
      doctor: 'Dr Who',
      files: [
        { name: 'upper.ply', body: sampleArchPly({ seed: 2 }) },
        { name: 'notes.txt', body: Buffer.from('not a scan') },
      ],
    });
    otherCase = await f.kase(device, clinic.owner, { files: [{ name: 'other.ply', body: sampleArchPly() }] });
    await db.insert(caseDesigns).values({
      caseId,
      teeth: [{ tooth: 14, kind: 'AnatomicCrown', shade: 'A2' }],
      bridges: [],
      note: 'Light occlusion',
    });
  });

  const share = (who: OrgRef, body: unknown) => who.owner.call('POST', '/api/case/report/share', body);

  it('makes a link that opens the report without an account, with the scans and the logo', async () => {
    const made = await share(clinic, { caseId, days: 7 });
    expect(made.body.success).toBe(true);
    const { id, token, url, expiresAt } = made.body.data;
    expect(url).toBe(`${PUBLIC_URL}/v5/report/${token}`);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is kept.
    const [row] = await t.app.platform.db.select().from(reportShares).where(eq(reportShares.id, id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await anonymous(`/api/report/${token}`);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      case: { id: caseId, patientName: 'Ada Share', doctor: 'Dr Who', caseType: 3 },
      org: {
        name: clinic.name,
        introduction: 'We make smiles.',
        // The header is the organization's colour (its text black or white by contrast on the page).
        shareColor: '#7a1f5c',
        fontColor: null,
        logoUrl: `/api/report/${token}/asset/${logoId}`,
        backgroundUrl: null,
        pictures: [],
        videoUrl: null,
      },
      design: {
        teeth: [{ tooth: 14, kind: 'AnatomicCrown', shade: 'A2' }],
        bridges: [],
        note: 'Light occlusion',
      },
    });
    expect(report.files.map((x: { name: string }) => x.name)).toEqual(['upper.ply']);
    const scan = await anonymous(report.files[0].url);
    expect(scan.statusCode).toBe(200);
    expect(scan.rawPayload.length).toBe(report.files[0].size);
    const logo = await anonymous(report.org.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    // The lab (which holds the case too) shares it under its own name; it has no customization.
    const labLink = (await share(lab, { caseId })).body.data;
    const labReport = (await anonymous(`/api/report/${labLink.token}`)).json().data;
    expect(labReport.org).toMatchObject({
      name: lab.name,
      logoUrl: null,
      introduction: '',
      shareColor: null,
    });
    expect(Date.parse(labLink.expiresAt) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  });

  it("streams only the report's own files and assets", async () => {
    const { token } = (await share(clinic, { caseId })).body.data;
    const files = await t.app.platform.db.select().from(caseFiles);
    const foreign = files.find((x) => x.caseId === otherCase)!;
    const notes = files.find((x) => x.caseId === caseId && x.name === 'notes.txt')!;
    expect((await anonymous(`/api/report/${token}/file/${foreign.id}`)).json()).toMatchObject(expired);
    expect((await anonymous(`/api/report/${token}/file/${notes.id}`)).json()).toMatchObject(expired);
    // Another organization's logo is not this report's asset.
    const { token: labToken } = (await share(lab, { caseId })).body.data;
    expect((await anonymous(`/api/report/${labToken}/asset/${logoId}`)).json()).toMatchObject(expired);
    expect((await anonymous(`/api/report/${labToken}/file/${notes.id}`)).json()).toMatchObject(expired);
  });

  it('lists without tokens, revokes (its own only), expires; unknown, revoked and expired answer alike', async () => {
    const a = (await share(clinic, { caseId, days: 1 })).body.data;
    const b = (await share(clinic, { caseId, days: 365 })).body.data;
    const list = await clinic.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`);
    expect(list.body.success).toBe(true);
    const rows = list.body.data;
    expect(rows.slice(0, 2).map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(rows[0]).toMatchObject({ active: true, revokedAt: null, createdByName: expect.any(String) });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'active',
      'createdAt',
      'createdByName',
      'expiresAt',
      'id',
      'pins',
      'revokedAt',
    ]);
    expect(JSON.stringify(rows)).not.toContain(a.token);
    // The lab lists its own links only; an outsider holds no copy.
    const labRows = (await lab.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body.data;
    expect(labRows.map((r: { id: string }) => r.id)).not.toContain(a.id);
    expect((await outsider.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body).toMatchObject(
      {
        success: false,
        data: { key: 'case.notFound' },
      },
    );

    // Another organization cannot revoke it.
    expect((await lab.owner.call('DELETE', `/api/case/report/share/${a.id}`)).body).toMatchObject(expired);
    expect((await anonymous(`/api/report/${a.token}`)).statusCode).toBe(200);
    const revoked = await clinic.owner.call('DELETE', `/api/case/report/share/${a.id}`);
    expect(revoked.body).toMatchObject({ success: true, data: { id: a.id } });
    expect((await anonymous(`/api/report/${a.token}`)).json()).toMatchObject(expired);
    const [ra] = (
      await clinic.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)
    ).body.data.filter((r: { id: string }) => r.id === a.id);
    expect(ra).toMatchObject({ active: false, revokedAt: expect.any(String) });

    // Expiry: the link ran out yesterday.
    await setShareExpiry(t.app.platform.db, b.id, new Date(Date.now() - 86_400_000));
    expect((await anonymous(`/api/report/${b.token}`)).json()).toMatchObject(expired);
    expect((await anonymous(`/api/report/${b.token}/file/${caseId}`)).json()).toMatchObject(expired);
    expect((await anonymous('/api/report/not-a-token')).json()).toMatchObject(expired);
  });

  it('audits every anonymous read through a link: the report, a scan, an asset, and a live link probing others', async () => {
    const { id: shareId, token } = (await share(clinic, { caseId })).body.data;
    const ip = '203.0.113.9';
    const from = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress: ip, headers });
    const report = (await from(`/api/report/${token}`)).json().data;
    await from(report.files[0].url, { range: 'bytes=0-99' });
    await from(report.org.logoUrl);
    const files = await t.app.platform.db.select().from(caseFiles);
    const foreign = files.find((x) => x.caseId === otherCase)!;
    await from(`/api/report/${token}/file/${foreign.id}`);

    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'case.report.shared.%'), eq(auditLog.objectId, caseId)))
      .orderBy(asc(auditLog.id));
    expect(
      rows.map((r) => [r.action, r.outcome, r.actorUserId, r.ip, (r.detail as { share?: string }).share]),
    ).toEqual([
      ['case.report.shared.read', 'allowed', null, ip, shareId],
      ['case.report.shared.file', 'allowed', null, ip, shareId],
      ['case.report.shared.asset', 'allowed', null, ip, shareId],
      ['case.report.shared.file', 'refused', null, ip, shareId],
    ]);
    expect(rows[1]!.detail).toMatchObject({
      file: report.files[0].id,
      range: 'bytes=0-99',
      sharedBy: clinic.custId,
    });
    expect(rows[2]!.detail).toMatchObject({ asset: logoId });
    expect(rows[3]!.detail).toMatchObject({ file: foreign.id });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("shows the patient only the pins the sharer chose, read-only: internal by default, no person's name, no image", async () => {
    const files = await t.app.platform.db.select().from(caseFiles);
    const upper = files.find((x) => x.caseId === caseId && x.name === 'upper.ply')!;
    const notes = files.find((x) => x.caseId === caseId && x.name === 'notes.txt')!;
    const foreign = files.find((x) => x.caseId === otherCase)!;
    const camera = { position: [0, -50, 30], target: [0, 0, 5], up: [0, 0, 1] };
    const anchor = (fileId: string) => ({ fileId, point: [1, 2, 3], normal: [0, 0, 1], camera });
    const say = (who: OrgRef, id: string, text: string, pinned?: string) =>
      who.owner.call('POST', '/api/case/comment', {
        caseId: id,
        text,
        ...(pinned ? { anchor: anchor(pinned) } : {}),
      });
    const first = await say(lab, caseId, 'Check the margin on 16', upper.id);
    expect(first.body.success).toBe(true);
    const plain = await say(clinic, caseId, 'a plain remark');
    const internal = await say(lab, caseId, 'please rescan distal', upper.id);
    const second = await say(clinic, caseId, 'Rescanned the distal side', upper.id);
    const elsewhere = await say(clinic, otherCase, "another case's pin", foreign.id);
    // A pin whose file the share does not show (stored by hand: the API refuses a file that is no scan).
    const [onNotes] = await t.app.platform.db
      .insert(caseComments)
      .values({
        caseId,
        custId: lab.custId,
        userId: lab.owner.userId,
        text: 'on the notes',
        anchor: { ...anchor(notes.id), point: [0, 0, 0] } as never,
      })
      .returning();

    // By default every remark is internal: the anonymous patient receives none of them, not even their text.
    const byDefault = (await share(lab, { caseId })).body.data;
    const hidden = (await anonymous(`/api/report/${byDefault.token}`)).json().data;
    expect(hidden.pins).toEqual([]);
    for (const text of [
      'please rescan distal',
      'Check the margin on 16',
      'Rescanned the distal side',
      'plain remark',
    ])
      expect(JSON.stringify(hidden)).not.toContain(text);
    expect(
      (await lab.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body.data.map(
        (r: { pins: string[] }) => r.pins,
      ),
    ).toEqual([[]]);

    // A link shows the remarks its sharer chose (any writer's, duplicates once), never the others.
    const chosen = [first.body.data.id, second.body.data.id, second.body.data.id];
    const made = await share(clinic, { caseId, pins: chosen });
    expect(made.body.success).toBe(true);
    const { id: shareId, token } = made.body.data;
    const res = await anonymous(`/api/report/${token}`);
    const report = res.json().data;
    expect(report.pins).toEqual([
      {
        id: first.body.data.id,
        text: 'Check the margin on 16',
        anchor: anchor(upper.id),
        custName: lab.name,
        createTime: first.body.data.createTime,
      },
      {
        id: second.body.data.id,
        text: 'Rescanned the distal side',
        anchor: anchor(upper.id),
        custName: clinic.name,
        createTime: second.body.data.createTime,
      },
    ]);
    expect(res.body).not.toContain('please rescan distal');
    expect(res.body).not.toContain(internal.body.data.id);
    expect(
      (await clinic.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body.data[0].pins,
    ).toEqual([first.body.data.id, second.body.data.id]);

    // Only a remark pinned to one of the report's scans can be chosen: a plain one, another case's, one on a file
    // the report does not show, or no id at all is refused and no link is made.
    const before = (await clinic.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body.data
      .length;
    for (const pins of [
      [plain.body.data.id],
      [elsewhere.body.data.id],
      [onNotes!.id],
      ['nope'],
      [first.body.data.id, ''],
    ])
      expect((await share(clinic, { caseId, pins })).body).toMatchObject({
        success: false,
        data: { key: 'generic.validation' },
      });
    expect((await share(clinic, { caseId, pins: 'all' })).body).toMatchObject({
      success: false,
      data: { key: 'shareLink.parameter' },
    });
    expect(
      (await clinic.owner.call('GET', `/api/case/report/shares?caseId=${caseId}`)).body.data,
    ).toHaveLength(before);
    const [person] = await t.app.platform.db.select().from(users).where(eq(users.id, lab.owner.userId));
    expect(JSON.stringify(report)).not.toContain(person!.username);
    expect(JSON.stringify(report.pins)).not.toContain(lab.owner.userId);
    // The pins come with the one audited read of the report.
    const reads = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.report.shared.read'), eq(auditLog.objectId, caseId)));
    expect(reads.map((r) => r.detail)).toEqual([
      expect.objectContaining({ share: byDefault.id, pins: 0 }),
      expect.objectContaining({ share: shareId, pins: 2 }),
    ]);

    // A revoked link gives the same refusal as before, pins or not.
    await clinic.owner.call('DELETE', `/api/case/report/share/${shareId}`);
    expect((await anonymous(`/api/report/${token}`)).json()).toMatchObject(expired);
    // An encrypted case shows no scans, so no pins.
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    const sealedFile = (await t.app.platform.db.select().from(caseFiles)).find((x) => x.caseId === sealed)!;
    const sealedPin = await say(lab, sealed, 'sealed pin', sealedFile.id);
    expect((await share(clinic, { caseId: sealed, pins: [sealedPin.body.data.id] })).body).toMatchObject({
      success: false,
      data: { key: 'generic.validation' },
    });
    const sealedReport = (
      await anonymous(`/api/report/${(await share(clinic, { caseId: sealed })).body.data.token}`)
    ).json().data;
    expect(sealedReport).toMatchObject({ files: [], pins: [] });
  });

  it('refuses: days out of range, a case the caller does not hold', async () => {
    for (const days of [0, 366, 1.5, 'week'])
      expect((await share(clinic, { caseId, days })).body).toMatchObject({
        success: false,
        data: { key: 'shareLink.parameter' },
      });
    expect((await share(outsider, { caseId })).body).toMatchObject({
      success: false,
      data: { key: 'case.notFound' },
    });
    expect((await share(clinic, { caseId: 'nope' })).body).toMatchObject({
      success: false,
      data: { key: 'shareLink.parameter' },
    });
    // Signed-in calls need a token.
    expect((await anonymous(`/api/case/report/shares?caseId=${caseId}`)).statusCode).toBe(401);
  });
});
