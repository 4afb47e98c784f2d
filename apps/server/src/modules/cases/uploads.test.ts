import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustType, ENCRYPTED_MAGIC } from '@archway/contract';
import type { FastifyInstance } from 'fastify';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { devices } from '../devices/devices.schema.ts';
import { cases } from './cases.schema.ts';
import { scanJobs } from '../scans/scans.schema.ts';
import { cleanUpOrphans } from './cases.jobs.ts';
import { sampleArchPly } from './sample-scan.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A tus 1.0 client over fetch, enough to create, patch in pieces, and ask the offset. */
function tusClient(base: string, headers: { authorization: string }) {
  const tus = { ...headers, 'tus-resumable': '1.0.0' };
  return {
    async create(size: number, name: string) {
      const res = await fetch(`${base}/api/case/upload/`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)}` },
      });
      expect(res.status).toBe(201);
      const id = res.headers.get('location')!.split('/').pop()!;
      return id;
    },
    async patch(id: string, offset: number, chunk: Buffer) {
      return fetch(`${base}/api/case/upload/${id}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(chunk),
      });
    },
    async offset(id: string) {
      const res = await fetch(`${base}/api/case/upload/${id}`, { method: 'HEAD', headers: tus });
      return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
    },
  };
}

describe.each(engines)('case uploads through tus (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let base: string;
  let clinic: OrgRef;
  let lab: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const a = app.server.address();
    return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  };

  beforeAll(async () => {
    // No scan jobs in this process: a preview image being written would be a file no case names yet, and the
    // cleanup test (which acts two hours later) would count it.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    f = factories(t.app);
    base = await listen(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (one test makes its device an encrypting one).
  beforeEach(async () => {
    clinic = await f.org();
    lab = await f.org({ custType: CustType.lab });
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });

  const complete = (who: OrgRef, body: Record<string, unknown>) =>
    who.owner.call('POST', '/api/case/upload/complete', {
      device: device.serial,
      order: { caseType: 3, patientName: 'Upload Patient' },
      ...body,
    });

  it('takes a scan in pieces, resumes from the offset, and makes exactly one case of it', async () => {
    const scan = sampleArchPly({ seed: 7, along: 200 });
    const c = tusClient(base, clinic.owner.headers);
    const id = await c.create(scan.length, 'upper.ply');
    const half = Math.floor(scan.length / 2);
    expect((await c.patch(id, 0, scan.subarray(0, half))).status).toBe(204);
    // The connection drops; the client asks where it stands and sends the rest.
    expect(await c.offset(id)).toEqual({ status: 200, offset: half });
    expect((await c.patch(id, half, scan.subarray(half))).status).toBe(204);
    // Somebody else cannot see or touch the upload.
    expect((await tusClient(base, lab.owner.headers).offset(id)).status).toBe(404);
    expect(
      (await complete(lab, { files: [{ uploadId: id, name: 'upper.ply', sha256: sha(scan) }] })).body,
    ).toMatchObject({ errorCode: -15 });

    const files = [{ uploadId: id, name: 'upper.ply', sha256: sha(scan) }];
    const done = await complete(clinic, { files });
    expect(done.body).toMatchObject({ success: true, data: { id: expect.any(String) } });
    const caseId = done.body.data.id as string;
    // Again: the same case.
    expect((await complete(clinic, { files })).body.data.id).toBe(caseId);
    const received = await lab.owner.call('POST', '/getpaging', { pageSize: 100 });
    expect(received.body.data.records.map((r: { id: string }) => r.id)).toContain(caseId);
    // Byte for byte what was sent.
    const info = (await lab.owner.call('GET', `/download/${caseId}`)).body.data;
    const got = await t.app.inject({ method: 'GET', url: info.files[0].url, headers: lab.owner.headers });
    expect(sha(got.rawPayload)).toBe(sha(scan));
  });

  it('refuses a wrong checksum, a file that is not a scan, and plaintext for an encrypting device; leaves nothing', async () => {
    const c = tusClient(base, clinic.owner.headers);
    const before = await storedKeys();
    const scan = sampleArchPly({ seed: 8 });
    const id = await c.create(scan.length, 'a.ply');
    await c.patch(id, 0, scan);
    expect(
      (await complete(clinic, { files: [{ uploadId: id, name: 'a.ply', sha256: sha(Buffer.from('x')) }] }))
        .body,
    ).toMatchObject({ errorCode: -4, data: { key: 'case.uploadFailed' } });

    const pdf = Buffer.from('%PDF-1.7\n' + 'y'.repeat(500));
    const bad = await c.create(pdf.length, 'scan.ply');
    await c.patch(bad, 0, pdf);
    expect(
      (await complete(clinic, { files: [{ uploadId: bad, name: 'scan.ply', sha256: sha(pdf) }] })).body,
    ).toMatchObject({ errorCode: -17, data: { key: 'case.badFile' } });

    // An unfinished upload is refused too.
    const partial = await c.create(scan.length, 'b.ply');
    await c.patch(partial, 0, scan.subarray(0, 100));
    expect(
      (await complete(clinic, { files: [{ uploadId: partial, name: 'b.ply', sha256: sha(scan) }] })).body,
    ).toMatchObject({ errorCode: -4 });
    expect(await storedKeys()).toEqual(before);

    // An encrypting device takes only its encrypted format, and marks the case crypto 1.
    await t.app.platform.db.update(devices).set({ encryptType: 2 }).where(eq(devices.id, device.deviceId));
    try {
      expect(
        (await complete(clinic, { files: [{ uploadId: id, name: 'a.ply', sha256: sha(scan) }] })).body,
      ).toMatchObject({ errorCode: -17 });
      const sealed = Buffer.concat([Buffer.from(ENCRYPTED_MAGIC, 'latin1'), Buffer.alloc(600, 7)]);
      const enc = await c.create(sealed.length, 'upper.ply');
      await c.patch(enc, 0, sealed);
      const made = await complete(clinic, {
        crypto: 1,
        files: [{ uploadId: enc, name: 'upper.ply', sha256: sha(sealed) }],
      });
      expect(made.body.success).toBe(true);
      const row = (await clinic.owner.call('GET', `/detail/${made.body.data.id}`)).body.data;
      expect(row).toMatchObject({ crypto: 1, ext: 'ply' });
    } finally {
      await t.app.platform.db.update(devices).set({ encryptType: 1 }).where(eq(devices.id, device.deviceId));
    }
  });

  /** The cases made with this test's device. */
  const casesOfDevice = async () =>
    (
      await t.app.platform.db.select({ id: cases.id }).from(cases).where(eq(cases.deviceId, device.deviceId))
    ).map((r) => r.id);

  it('refuses a scan whose body does not hold what its header declares (a PLY of 2³¹ vertices in 4 KB); leaves nothing', async () => {
    const c = tusClient(base, clinic.owner.headers);
    const before = await storedKeys();
    const header =
      'ply\nformat binary_little_endian 1.0\nelement vertex 2147483648\nproperty float x\nproperty float y\n' +
      'property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n';
    const liar = Buffer.concat([Buffer.from(header, 'latin1'), Buffer.alloc(4096, 1)]);
    const id = await c.create(liar.length, 'upper.ply');
    expect((await c.patch(id, 0, liar)).status).toBe(204);
    const res = await complete(clinic, { files: [{ uploadId: id, name: 'upper.ply', sha256: sha(liar) }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errorCode: -17,
      errorMessage: 'Not a PLY, STL or OBJ scan file',
      data: { key: 'case.badFile' },
    });
    // A binary STL whose triangle count does not fit its size neither.
    const stl = Buffer.alloc(84 + 50 * 3);
    stl.write('binary stl', 0, 'latin1');
    stl.writeUInt32LE(2 ** 31, 80);
    const sid = await c.create(stl.length, 'lower.stl');
    await c.patch(sid, 0, stl);
    expect(
      (await complete(clinic, { files: [{ uploadId: sid, name: 'lower.stl', sha256: sha(stl) }] })).body,
    ).toMatchObject({ errorCode: -17 });
    // Nothing written: no case, no stored file.
    expect(await casesOfDevice()).toEqual([]);
    expect(await storedKeys()).toEqual(before);
    // A scan whose header tells the truth is taken.
    const scan = sampleArchPly({ seed: 11 });
    const good = await c.create(scan.length, 'upper.ply');
    await c.patch(good, 0, scan);
    expect(
      (await complete(clinic, { files: [{ uploadId: good, name: 'upper.ply', sha256: sha(scan) }] })).body,
    ).toMatchObject({ success: true });
  });

  it('refuses to complete an upload that has fewer bytes than it declared; nothing is made until it is finished', async () => {
    const c = tusClient(base, clinic.owner.headers);
    const before = await storedKeys();
    const scan = sampleArchPly({ seed: 12 });
    const id = await c.create(scan.length, 'upper.ply');
    const part = scan.subarray(0, Math.floor(scan.length / 2));
    expect((await c.patch(id, 0, part)).status).toBe(204);
    // The checksum of what arrived: only the completeness check can refuse it.
    const res = await complete(clinic, { files: [{ uploadId: id, name: 'upper.ply', sha256: sha(part) }] });
    expect(res.body).toMatchObject({ success: false, errorCode: -4, data: { key: 'case.uploadFailed' } });
    expect(await casesOfDevice()).toEqual([]);
    expect(await storedKeys()).toEqual(before);
    // The upload is still there to be finished, and then becomes the case.
    expect(await c.offset(id)).toEqual({ status: 200, offset: part.length });
    expect((await c.patch(id, part.length, scan.subarray(part.length))).status).toBe(204);
    const done = await complete(clinic, { files: [{ uploadId: id, name: 'upper.ply', sha256: sha(scan) }] });
    expect(done.body).toMatchObject({ success: true });
    expect(await casesOfDevice()).toEqual([done.body.data.id]);
  });

  it('answers "original data file missing" for a completion without files (the spec), and makes nothing', async () => {
    const res = await complete(clinic, { files: [] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      errorCode: -6,
      errorMessage: 'The original data file is missing: upload again',
      data: { key: 'case.originalMissing' },
    });
    expect(await casesOfDevice()).toEqual([]);
  });

  it("a case without a preview image is still a case: its thumbnail answers why, never 'case not found'", async () => {
    // No scan runner in this process: the preview of a new case waits to be drawn.
    const waiting = await f.kase(device, clinic.owner);
    const thumb = (id: string, who = clinic) => who.owner.call('GET', `/api/case/thumbnail/${id}`);
    expect((await thumb(waiting)).body).toMatchObject({ errorCode: -7, data: { key: 'case.converting' } });
    expect((await thumb(waiting, lab)).body).toMatchObject({ errorCode: -7 });
    // The drawing failed.
    await t.app.platform.db
      .update(scanJobs)
      .set({ state: 'failed' })
      .where(and(eq(scanJobs.caseId, waiting), eq(scanJobs.kind, 'thumbnail')));
    expect((await thumb(waiting)).body).toMatchObject({
      errorCode: -5,
      data: { key: 'case.processingFailed' },
    });
    // Encrypted data is never drawn.
    const sealed = await f.kase(device, clinic.owner, { crypto: true });
    expect((await thumb(sealed)).body).toMatchObject({
      errorCode: -8,
      data: { key: 'case.encryptedNoConversion' },
    });
    // Only somebody without a copy hears "not found".
    const outsider = await f.org();
    expect((await thumb(waiting, outsider)).body).toMatchObject({
      errorCode: -1,
      data: { key: 'case.notFound' },
    });
  });

  it('the cleanup removes stored files no case names once they are old enough, and keeps the others', async () => {
    const orphan = 'cases/00000000-0000-4000-8000-0000000000ff';
    await t.app.platform.storage.put(orphan, Buffer.from('left behind by a crash'));
    const kept = await storedKeys();
    const { db, storage, uploads } = t.app.platform;
    // Not yet: it may be a case still being made.
    expect(await cleanUpOrphans(db, storage, uploads)).toBe(0);
    expect(await storage.stat(orphan)).toBeDefined();
    // Two hours later (the job is due again once its interval has passed).
    await db.execute(`update jobs set run_at = now() where name = 'cases.orphans'` as never);
    expect(await cleanUpOrphans(db, storage, uploads, new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect(await storage.stat(orphan)).toBeUndefined();
    expect(await storedKeys()).toEqual(kept.filter((k) => k !== orphan));
  });

  async function storedKeys() {
    const keys: string[] = [];
    for await (const o of t.app.platform.storage.list('cases/')) keys.push(o.key);
    return keys.sort();
  }
});
