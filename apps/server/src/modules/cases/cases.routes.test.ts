import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CaseStatus, CustStatus, CustType, NO_RECEIVER } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { caseBoxes, caseFiles, cases } from './cases.schema.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('cases (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let lab2: OrgRef;
  let outsider: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', CASE_MAX_DOWNLOADS: '3' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Lab A ${Date.now()}` });
    lab2 = await f.org({ custType: CustType.lab, name: `Lab B ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 2 });
    await f.receiver(device, lab2, { caseType: 2 });
    await f.receiver(device, lab, { caseType: 3 });
  });

  const page = async (who: OrgRef, body: Record<string, unknown> = {}) => {
    const res = await who.owner.call('POST', '/getpaging', { pageSize: 100, ...body });
    expect(res.body.success).toBe(true);
    return res.body.data as { records: any[]; totalRecords: number; pageIndex: number };
  };
  const rowOf = async (who: OrgRef, id: string, body: Record<string, unknown> = {}) =>
    (await page(who, body)).records.find((r) => r.id === id);

  it('routes a case to the device receivers of its type; the card row is exactly calls-and-errors §3 plus ours', async () => {
    const id = await f.kase(device, clinic.owner, {
      caseType: 2,
      patientName: 'Ada Lovelace',
      doctor: 'Dr Who',
    });
    const sent = await rowOf(clinic, id);
    expect(Object.keys(sent).sort()).toEqual(
      [
        'id',
        'receviceId',
        'sendId',
        'sendName',
        'receviceName',
        'patientName',
        'dentist',
        'caseType',
        'isSend',
        'edit',
        'time',
        'crypto',
        'ext',
        'downloadStatus',
        'isPreview',
        'status',
        'processStatus',
        'recycleId',
        'actions',
        'thumbnail',
        'thirdPartyName',
        'forwardedByName',
      ].sort(),
    );
    expect(sent).toMatchObject({
      sendId: clinic.custId,
      sendName: clinic.name,
      receviceId: expect.stringMatching(new RegExp(`^(${lab.custId}|${lab2.custId})$`)),
      patientName: 'Ada Lovelace',
      dentist: 'Dr Who',
      caseType: 2,
      isSend: true,
      edit: '--',
      crypto: 0,
      ext: 'ply',
      isPreview: false,
      status: CaseStatus.awaitingLab,
      downloadStatus: { [clinic.custId]: false, [lab.custId]: false, [lab2.custId]: false },
      actions: ['preview', 'download', 'detail', 'convert', 'cancel', 'comment', 'recycle'],
    });
    expect(sent.receviceName.split(', ').sort()).toEqual([lab.name, lab2.name].sort());
    // Each lab sees itself as the receiver, never the other lab.
    const received = await rowOf(lab, id);
    expect(received).toMatchObject({
      receviceId: lab.custId,
      receviceName: lab.name,
      isSend: false,
      processStatus: 1,
      downloadStatus: { [clinic.custId]: false, [lab.custId]: false },
      // A lab may forward a case it received to a third party (forwarding.test.ts).
      actions: ['preview', 'download', 'detail', 'convert', 'status', 'forward', 'comment', 'recycle'],
    });
    expect(Object.keys(received.downloadStatus)).not.toContain(lab2.custId);
    expect(await rowOf(outsider, id)).toBeUndefined();
  });

  it('with no receiver for the type, receviceId is all zeros, the sender name shows, and only the sender sees it', async () => {
    const id = await f.kase(device, clinic.owner, { caseType: 1 });
    expect(await rowOf(clinic, id)).toMatchObject({ receviceId: NO_RECEIVER, receviceName: clinic.name });
    expect(await rowOf(lab, id)).toBeUndefined();
  });

  it('sends nothing to a receiver whose routing expired or whose audit failed', async () => {
    const d = await f.device(clinic);
    const failed = await f.org({ custType: CustType.lab, status: CustStatus.auditFailed });
    await f.receiver(d, failed, { caseType: 3 });
    await f.receiver(d, lab2, { caseType: 3, expiresAt: new Date(Date.now() - 1000) });
    const id = await f.kase(d, clinic.owner, { caseType: 3 });
    expect(await rowOf(clinic, id)).toMatchObject({ receviceId: NO_RECEIVER });
    expect(await rowOf(failed, id)).toBeUndefined();
    expect(await rowOf(lab2, id)).toBeUndefined();
  });

  it('refuses an upload with a device the sender may not use', async () => {
    await expect(f.kase(device, outsider.owner)).rejects.toMatchObject({
      def: { key: 'case.deviceNotUsable' },
    });
    const borrowed = await f.device(outsider);
    await f.lending(borrowed, clinic);
    expect(await f.kase(borrowed, clinic.owner)).toEqual(expect.any(String));
  });

  it('finds a name in any script by any part of it (CJK, accents, case)', async () => {
    const org = await f.org();
    const d = await f.device(org);
    const cjk = await f.kase(d, org.owner, { patientName: '王小明', doctor: '李医生' });
    const accented = await f.kase(d, org.owner, { patientName: 'Zoë Müller' });
    const ids = async (keyword: string) => (await page(org, { keyword })).records.map((r) => r.id);
    expect(await ids('小明')).toEqual([cjk]);
    expect(await ids('医生')).toEqual([cjk]);
    expect(await ids('MÜLLER')).toEqual([accented]);
    expect(await ids('zoë mü')).toEqual([accented]);
    expect(await ids('明小')).toEqual([]);
  });

  it('finds a case by its short number (with or without the dash, any case), in the own box only', async () => {
    // Two cases whose ids share their first eight hex digits, one in another organization's box: the column's
    // default is set for this test only (the database is this file's own).
    const prefix = '5ca1ab1e';
    const withPrefix = async <T>(make: () => Promise<T>) => {
      await t.app.platform.db.execute(
        sql.raw(
          `alter table cases alter column id set default ('${prefix}' || substr(gen_random_uuid()::text, 9))::uuid`,
        ),
      );
      try {
        return await make();
      } finally {
        await t.app.platform.db.execute(
          sql.raw('alter table cases alter column id set default gen_random_uuid()'),
        );
      }
    };
    const org = await f.org();
    const d = await f.device(org);
    const other = await f.org();
    const otherDevice = await f.device(other);
    const mine = await withPrefix(() => f.kase(d, org.owner, { patientName: 'Number Seeker' }));
    const theirs = await withPrefix(() => f.kase(otherDevice, other.owner, { patientName: 'Number Seeker' }));
    const unrelated = await f.kase(d, org.owner, { patientName: '5CA1AB1E Pattern' });
    expect(mine.slice(0, 8)).toBe(prefix);
    expect(theirs.slice(0, 8)).toBe(prefix);
    const ids = async (keyword: string) => (await page(org, { keyword })).records.map((r) => r.id);
    expect(await ids('5CA1-AB1E')).toEqual([mine]);
    expect(await ids('5ca1-ab1e')).toEqual([mine]);
    expect(await ids(' 5ca1-AB1E ')).toEqual([mine]);
    // Without the dash the digits are also text: the patient named with them is found too.
    expect(await ids('5ca1ab1e')).toEqual([unrelated, mine]);
    // The other organization finds its own copy by the same number, and only that.
    expect((await page(other, { keyword: '5CA1-AB1E' })).records.map((r) => r.id)).toEqual([theirs]);
    // A number that is no case of the box, and a shape that is no case number.
    expect(await ids('FFFF-FFFE')).toEqual([]);
    expect(await ids('5CA1-AB1')).toEqual([]);
    expect(await ids('5CA1-AB1E-')).toEqual([]);
  });

  it('filters the box by type, direction, keyword (patient, doctor, the other party), dates and download', async () => {
    const org = await f.org();
    const d = await f.device(org);
    const partner = await f.org({ custType: CustType.lab, name: `Partner Zebra ${Date.now()}` });
    await f.receiver(d, partner, { caseType: 3 });
    const old = await f.kase(d, org.owner, {
      caseType: 3,
      patientName: 'Old Timer',
      createdAt: new Date('2026-01-10T10:00:00Z'),
    });
    const fresh = await f.kase(d, org.owner, { caseType: 1, patientName: 'Fresh Face', doctor: 'Dr Quill' });
    const ids = async (body: Record<string, unknown>) => (await page(org, body)).records.map((r) => r.id);
    expect(await ids({})).toEqual([fresh, old]);
    expect(await ids({ caseType: 3 })).toEqual([old]);
    expect(await ids({ isSend: false })).toEqual([]);
    expect(await ids({ isSend: 'true' })).toEqual([fresh, old]);
    expect(await ids({ keyword: 'timer' })).toEqual([old]);
    expect(await ids({ keyword: 'quill' })).toEqual([fresh]);
    expect(await ids({ keyword: 'zebra' })).toEqual([old]);
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({ startTime: '2026-01-10', endTime: '2026-01-10' })).toEqual([old]);
    expect(await ids({ sorter: 'registTime asc' })).toEqual([old, fresh]);
    expect((await page(partner, { keyword: org.name })).records.map((r) => r.id)).toEqual([old]);
    // A page past the end: no rows, the right total.
    const past = await page(org, { pageIndex: 3, pageSize: 1 });
    expect({ n: past.records.length, total: past.totalRecords }).toEqual({ n: 0, total: 2 });
    // Downloaded or not, per organization.
    expect((await partner.owner.call('GET', `/download/callback?id=${old}`)).body.success).toBe(true);
    expect((await page(partner, { notDownload: true })).records).toEqual([]);
    expect(await ids({ notDownload: true })).toEqual([fresh, old]);
    expect((await rowOf(org, old)).downloadStatus).toEqual({ [org.custId]: false, [partner.custId]: true });
  });

  it('shows the detail of product §2, audited; another organization gets exactly "not found"', async () => {
    const id = await f.kase(device, clinic.owner, {
      caseType: 3,
      patientName: 'Grace Hopper',
      sex: 'female',
      age: 85,
      clinic: 'Main Street',
      phone: '+1 555 0100',
      dueDate: '2026-12-24',
      remark: 'Handle with care',
      teeth: [21, 11, 11],
      upperJaw: true,
      material: 'zirconia',
      toothColor: 'A2',
      restorationType: 'crown',
      softwareVersion: '3.2.1',
    });
    const res = await lab.owner.call('GET', `/detail/${id}`);
    expect(res.body.data).toMatchObject({
      id,
      patientName: 'Grace Hopper',
      sex: 'female',
      age: 85,
      clinic: 'Main Street',
      phone: '+1 555 0100',
      dueDate: '2026-12-24',
      remark: 'Handle with care',
      deviceNumber: device.serial,
      softwareVersion: '3.2.1',
      teeth: [11, 21],
      upperJaw: true,
      lowerJaw: false,
      material: 'zirconia',
      toothColor: 'A2',
      restorationType: 'crown',
      receivers: [{ custId: lab.custId, custName: lab.name, processStatus: 1 }],
      files: [{ name: 'upper.ply', format: 'ply', size: expect.any(Number) }],
    });
    expect(res.body.data.firstUpload).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const foreign = await outsider.owner.call('GET', `/detail/${id}`);
    const missing = await outsider.owner.call('GET', `/detail/${MISSING}`);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toMatchObject({ success: false, errorCode: -1, data: { key: 'case.notFound' } });
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.read'), eq(auditLog.objectId, id)));
    expect(rows.map((r) => [r.actorCustId, r.outcome]).sort()).toEqual(
      [
        [lab.custId, 'allowed'],
        [outsider.custId, 'refused'],
      ].sort(),
    );
  });

  it('lets a receiver set lab progress (5 only from 1), the case status follows; the sender cancels before that', async () => {
    const id = await f.kase(device, clinic.owner, { caseType: 3 });
    const progress = (who: OrgRef, status: number) =>
      who.owner.call('PUT', `/processStatus?id=${id}&status=${status}`);
    expect((await progress(clinic, 2)).body).toMatchObject({
      errorCode: -16,
      data: { key: 'case.statusNotAllowed' },
    });
    expect((await progress(outsider, 2)).body).toMatchObject({ errorCode: -1 });
    expect((await progress(lab, 7)).body).toMatchObject({ success: false, errorCode: -2 });
    expect((await progress(lab, 5)).body.data).toMatchObject({
      processStatus: 5,
      status: CaseStatus.awaitingLab,
    });
    expect((await progress(lab, 5)).body).toMatchObject({ errorCode: -16 });
    expect((await progress(lab, 2)).body.data).toMatchObject({
      processStatus: 2,
      status: CaseStatus.processing,
    });
    expect((await rowOf(clinic, id)).processStatus).toBe(2);
    // Once a lab works on it, the sender can no longer cancel.
    expect((await clinic.owner.call('PUT', `/status/${id}?status=5`)).body).toMatchObject({ errorCode: -16 });
    expect((await progress(lab, 4)).body.data).toMatchObject({
      processStatus: 4,
      status: CaseStatus.finished,
    });

    const other = await f.kase(device, clinic.owner, { caseType: 3 });
    expect((await lab.owner.call('PUT', `/status/${other}?status=5`)).body).toMatchObject({ errorCode: -16 });
    expect((await clinic.owner.call('PUT', `/status/${other}?status=4`)).body).toMatchObject({
      errorCode: -2,
    });
    const cancelled = await clinic.owner.call('PUT', `/status/${other}?status=5`);
    expect(cancelled.body.data).toMatchObject({
      status: CaseStatus.cancelled,
      actions: ['preview', 'download', 'detail', 'convert', 'comment', 'recycle'],
    });
    expect((await lab.owner.call('PUT', `/processStatus?id=${other}&status=2`)).body).toMatchObject({
      errorCode: -16,
    });
  });

  it('never restores a copy already emptied from the bin', async () => {
    const id = await f.kase(device, clinic.owner, { caseType: 3 });
    expect((await lab.owner.call('PUT', `/api/case/recycle/move/?id=${id}`)).body.data).toEqual({ moved: 1 });
    const { recycleId } = await rowOf(lab, id, { recycle: true });
    expect(recycleId).toEqual(expect.any(String));
    expect((await lab.owner.call('DELETE', `/api/case/recycle/${id}`)).body.data).toEqual({ deleted: 1 });
    // The bin's old handle no longer brings it back.
    const again = await lab.owner.call('GET', `/user/addservice?id=${id}&recycleId=${recycleId}`);
    expect(again.body).toMatchObject({ success: false, errorCode: -1, data: { key: 'case.notFound' } });
    expect(await rowOf(lab, id)).toBeUndefined();
    expect(await rowOf(lab, id, { recycle: true })).toBeUndefined();
    expect((await lab.owner.call('GET', `/detail/${id}`)).body).toMatchObject({ errorCode: -1 });
    const [copy] = await t.app.platform.db
      .select()
      .from(caseBoxes)
      .where(and(eq(caseBoxes.caseId, id), eq(caseBoxes.custId, lab.custId)));
    expect(copy).toMatchObject({ deletedAt: expect.any(Date), recycledAt: expect.any(Date) });
    // The clinic's copy is untouched.
    expect(await rowOf(clinic, id)).toMatchObject({ id, recycleId: null });
  });

  it('refuses lab progress, received downloads and their preview to an organization without certification', async () => {
    const review = await f.org({ custType: CustType.lab, status: CustStatus.underReview });
    const d = await f.device(clinic);
    await f.receiver(d, review, { caseType: 3 });
    const id = await f.kase(d, clinic.owner, { caseType: 3 });
    expect(await rowOf(review, id)).toBeDefined();
    const refusal = { errorCode: -13, data: { key: 'case.certificationRequired' } };
    expect((await review.owner.call('PUT', `/processStatus?id=${id}&status=2`)).body).toMatchObject(refusal);
    expect((await review.owner.call('GET', `/download/${id}`)).body).toMatchObject(refusal);
    expect((await review.owner.call('GET', `/api/case/previewStatus?id=${id}`)).body).toMatchObject(refusal);
    expect((await review.owner.call('GET', `/detail/${id}`)).body.success).toBe(true);
  });

  it('keeps a bin per organization: move, restore, delete, empty; files go when nobody keeps the case', async () => {
    const a = await f.kase(device, clinic.owner, { caseType: 3 });
    const b = await f.kase(device, clinic.owner, { caseType: 3 });
    const moved = await lab.owner.call('PUT', `/api/case/recycle/move/?id=${a},${b},${MISSING}`);
    expect(moved.body.data).toEqual({ moved: 2 });
    expect(await rowOf(lab, a)).toBeUndefined();
    const binned = await rowOf(lab, a, { recycle: true });
    expect(binned).toMatchObject({ recycleId: expect.any(String), actions: ['detail', 'restore', 'purge'] });
    // The clinic keeps its copy.
    expect(await rowOf(clinic, a)).toMatchObject({ recycleId: null });
    expect((await lab.owner.call('PUT', `/api/case/recycle/move/?id=${MISSING}`)).body).toMatchObject({
      errorCode: -1,
    });
    expect((await lab.owner.call('PUT', `/api/case/recycle/move/?id=nope`)).body).toMatchObject({
      errorCode: -2,
    });
    expect((await lab.owner.call('GET', `/user/addservice?id=${a}&recycleId=${MISSING}`)).body).toMatchObject(
      {
        errorCode: -1,
      },
    );
    const restored = await lab.owner.call('GET', `/user/addservice?id=${a}&recycleId=${binned.recycleId}`);
    expect(restored.body.data).toMatchObject({ id: a, recycleId: null });

    // b: the lab deletes it for good; the clinic still has it, and its file.
    const [file] = await t.app.platform.db.select().from(caseFiles).where(eq(caseFiles.caseId, b));
    expect((await lab.owner.call('DELETE', `/api/case/recycle/${b}`)).body.data).toEqual({ deleted: 1 });
    expect(await rowOf(lab, b, { recycle: true })).toBeUndefined();
    expect((await lab.owner.call('GET', `/detail/${b}`)).body).toMatchObject({ errorCode: -1 });
    expect(await t.app.platform.storage.stat(file!.storageKey)).toBeDefined();
    // The clinic bins it and empties its bin: nobody keeps it, the case and its file are gone.
    await clinic.owner.call('PUT', `/api/case/recycle/move/?id=${b}`);
    expect((await clinic.owner.call('DELETE', '/api/case/recycle')).body.data.deleted).toBeGreaterThanOrEqual(
      1,
    );
    expect(await t.app.platform.db.select().from(cases).where(eq(cases.id, b))).toEqual([]);
    expect(await t.app.platform.storage.stat(file!.storageKey)).toBeUndefined();
    expect((await outsider.owner.call('DELETE', `/api/case/recycle/${a}`)).body).toMatchObject({
      errorCode: -1,
    });
    // The totals (kept by a trigger for the whole box and bin) agree with the rows, on every side.
    for (const who of [clinic, lab, lab2])
      for (const recycle of [false, true]) {
        const all = await page(who, { recycle });
        const byDirection =
          (await page(who, { recycle, isSend: true })).totalRecords +
          (await page(who, { recycle, isSend: false })).totalRecords;
        expect({ total: all.totalRecords, rows: all.records.length }).toEqual({
          total: byDirection,
          rows: Math.min(byDirection, 100),
        });
      }
  });

  it('downloads: the list of files, a valid zip, ranges; the callback counts up to the maximum', async () => {
    const body = Buffer.from('ply\nformat ascii 1.0\nelement vertex 0\nend_header\n' + 'x'.repeat(1000));
    const stl = Buffer.from('solid a\nfacet normal 0 0 1\nendsolid a\n');
    const id = await f.kase(device, clinic.owner, {
      caseType: 3,
      patientName: 'Zip Me',
      files: [
        { name: 'jaw.ply', body },
        { name: 'jaw.ply', body: stl },
      ],
    });
    const info = (await lab.owner.call('GET', `/download/${id}`)).body.data;
    expect(info).toMatchObject({
      archiveUrl: `/api/case/download/archive/${id}`,
      size: body.length + stl.length,
    });
    const auth = lab.owner.headers;
    const zip = await t.app.inject({ method: 'GET', url: info.archiveUrl, headers: auth });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // A real reader gets both files back byte for byte, under unique names, stored (not compressed).
    const { default: yauzl } = await import('yauzl');
    const { buffer } = await import('node:stream/consumers');
    const unzipped = await new Promise<{ name: string; method: number; data: Buffer }[]>((resolve, reject) =>
      yauzl.fromBuffer(zip.rawPayload, { lazyEntries: true }, (err, z) => {
        if (err) return reject(err);
        const out: { name: string; method: number; data: Buffer }[] = [];
        z.on('error', reject);
        z.on('end', () => resolve(out));
        z.on('entry', (e: import('yauzl').Entry) =>
          z.openReadStream(e, (err2, s) => {
            if (err2) return reject(err2);
            buffer(s).then((data) => {
              out.push({ name: e.fileName, method: e.compressionMethod, data });
              z.readEntry();
            }, reject);
          }),
        );
        z.readEntry();
      }),
    );
    expect(unzipped.map((u) => [u.name, u.method])).toEqual([
      ['jaw.ply', 0],
      ['jaw-2.ply', 0],
    ]);
    // (Both files were added together: which one gets the `-2` is the database's order.)
    expect(unzipped.map((u) => u.data).sort((a, b) => a.length - b.length)).toEqual([stl, body]);
    expect(zip.headers['content-disposition']).toContain('Zip_Me');

    const file = info.files[0];
    const whole = await t.app.inject({ method: 'GET', url: file.url, headers: auth });
    expect(whole.rawPayload.equals(body)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...auth, range: 'bytes=0-2' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-2/${body.length}`);
    expect(part.payload).toBe('ply');
    const tail = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...auth, range: 'bytes=-3' },
    });
    expect(tail.payload).toBe('xxx');
    const bad = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...auth, range: `bytes=${body.length}-` },
    });
    expect(bad.statusCode).toBe(416);
    const foreign = await outsider.owner.call('GET', file.url);
    expect(foreign.body).toMatchObject({ errorCode: -1 });

    // CASE_MAX_DOWNLOADS is 3 in this app: three finished downloads, then refused.
    for (let i = 0; i < 3; i++)
      expect((await lab.owner.call('GET', `/download/callback?id=${id}`)).body.success).toBe(true);
    expect((await lab.owner.call('GET', `/download/${id}`)).body).toMatchObject({
      errorCode: -14,
      data: { key: 'case.maxDownloads' },
    });
    expect((await clinic.owner.call('GET', `/detail/${id}`)).body.data.downloadCount).toBe(3);
  });

  it('lets either side open the preview with the scan files; refuses it past 90 days and for encrypted data', async () => {
    const id = await f.kase(device, clinic.owner, { caseType: 3 });
    for (const side of [clinic, lab]) {
      const res = await side.owner.call('GET', `/api/case/previewStatus?id=${id}`);
      expect(res.body.data).toEqual({
        id,
        files: [
          expect.objectContaining({ format: 'ply', url: expect.stringMatching(`^/api/case/file/${id}/`) }),
        ],
      });
    }
    const old = await f.kase(device, clinic.owner, {
      caseType: 3,
      createdAt: new Date(Date.now() - 91 * 86_400_000),
    });
    expect((await lab.owner.call('GET', `/api/case/previewStatus?id=${old}`)).body).toMatchObject({
      success: false,
      errorCode: -11,
      data: { key: 'case.previewExpired' },
    });
    const secret = await f.kase(device, clinic.owner, { caseType: 3, crypto: true });
    expect((await clinic.owner.call('GET', `/api/case/previewStatus?id=${secret}`)).body).toMatchObject({
      errorCode: -8,
      data: { key: 'case.encryptedNoConversion' },
    });
    expect((await clinic.owner.call('GET', '/api/case/previewStatus?id=nope')).body).toMatchObject({
      errorCode: -2,
    });
  });

  it('answers every case call for another organization exactly like for a missing case', async () => {
    const id = await f.kase(device, clinic.owner, { caseType: 3 });
    const calls: [string, string][] = [
      ['GET', `/detail/${id}`],
      ['PUT', `/status/${id}?status=5`],
      ['PUT', `/processStatus?id=${id}&status=2`],
      ['PUT', `/api/case/recycle/move/?id=${id}`],
      ['GET', `/user/addservice?id=${id}&recycleId=${MISSING}`],
      ['DELETE', `/api/case/recycle/${id}`],
      ['GET', `/download/${id}`],
      ['GET', `/download/callback?id=${id}`],
      ['GET', `/api/case/download/archive/${id}`],
      ['GET', `/api/case/previewStatus?id=${id}`],
      ['GET', `/api/caseRedis/convert/${id}?type=stl`],
      ['GET', `/api/case/thumbnail/${id}`],
    ];
    for (const [method, url] of calls) {
      const foreign = await outsider.owner.call(method as 'GET', url);
      const missing = await outsider.owner.call(method as 'GET', url.replaceAll(id, MISSING));
      expect({ url, body: foreign.body }).toEqual({ url, body: missing.body });
      expect(foreign.body).toMatchObject({ success: false, errorCode: -1 });
    }
    expect(await rowOf(clinic, id)).toMatchObject({ status: CaseStatus.awaitingLab, recycleId: null });
  });
});
