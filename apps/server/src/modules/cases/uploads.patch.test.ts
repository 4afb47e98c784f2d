import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { sampleArchPly } from './sample-scan.ts';

/**
 * The PATCH path on local disk (platform/uploads/direct-patch.ts: the body from the socket straight into the staged
 * file) keeps tus's protocol: a PATCH at another offset than the upload's is refused and changes nothing, a body
 * longer than the upload's size is refused (413), a connection broken mid-body keeps what arrived and the upload
 * resumes from there to the right sha256, and the staged file is the owner's alone (0600).
 */
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(engines)('tus PATCH straight to the file (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let base: string;
  let port: number;
  let clinic: OrgRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    f = factories(t.app);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const a = t.app.server.address();
    port = typeof a === 'object' && a ? a.port : 0;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clinic = await f.org();
    const lab = await f.org({ custType: CustType.lab });
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });

  const tus = () => ({ ...clinic.owner.headers, 'tus-resumable': '1.0.0' });
  const create = async (size: number) => {
    const res = await fetch(`${base}/api/case/upload/`, {
      method: 'POST',
      headers: { ...tus(), 'upload-length': String(size), 'upload-metadata': `filename ${b64('upper.ply')}` },
    });
    expect(res.status).toBe(201);
    return res.headers.get('location')!.split('/').pop()!;
  };
  const patch = (id: string, offset: number, body: Buffer | ReadableStream<Uint8Array>) =>
    fetch(`${base}/api/case/upload/${id}`, {
      method: 'PATCH',
      headers: {
        ...tus(),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: body instanceof Buffer ? new Uint8Array(body) : body,
      duplex: 'half',
    } as RequestInit);
  const offsetOf = async (id: string) =>
    Number(
      (await fetch(`${base}/api/case/upload/${id}`, { method: 'HEAD', headers: tus() })).headers.get(
        'upload-offset',
      ),
    );
  const complete = (id: string, scan: Buffer) =>
    clinic.owner.call('POST', '/api/case/upload/complete', {
      device: device.serial,
      order: { caseType: 3, patientName: 'Patch Patient' },
      files: [{ uploadId: id, name: 'upper.ply', sha256: sha(scan) }],
    });
  const staged = (id: string) => path.join(t.dataDir, 'uploads', id);

  it('refuses a PATCH at a wrong offset (409) without changing the upload; the staged file is 0600', async () => {
    const scan = sampleArchPly({ seed: 11, along: 200 });
    const id = await create(scan.length);
    const half = Math.floor(scan.length / 2);
    expect((await patch(id, 0, scan.subarray(0, half))).status).toBe(204);
    // Behind and ahead of the upload's offset: both refused, nothing written.
    expect((await patch(id, 0, scan.subarray(0, half))).status).toBe(409);
    expect((await patch(id, half + 10, scan.subarray(half + 10))).status).toBe(409);
    expect(await offsetOf(id)).toBe(half);
    expect((await stat(staged(id))).size).toBe(half);
    expect((await stat(staged(id))).mode & 0o777).toBe(0o600);
    expect((await patch(id, half, scan.subarray(half))).status).toBe(204);
    expect((await complete(id, scan)).body).toMatchObject({ success: true });
  });

  it('refuses a body longer than the upload (413) and keeps at most its size', async () => {
    const scan = sampleArchPly({ seed: 12, along: 100 });
    const id = await create(scan.length);
    // Chunked (no Content-Length), so the size is found out as the bytes arrive, not from a header.
    const extra = Buffer.concat([scan, Buffer.alloc(256 * 1024)]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < extra.length; i += 64 * 1024)
          controller.enqueue(new Uint8Array(extra.subarray(i, i + 64 * 1024)));
        controller.close();
      },
    });
    const res = await patch(id, 0, body).catch(() => undefined);
    // The server answers 413 as soon as the limit is passed (the client may see the connection end instead).
    if (res) expect(res.status).toBe(413);
    expect(await offsetOf(id)).toBeLessThanOrEqual(scan.length);
    expect((await stat(staged(id))).size).toBeLessThanOrEqual(scan.length);
  });

  it('keeps what arrived before a connection broke mid-body; the upload resumes and completes with the right sha256', async () => {
    const scan = sampleArchPly({ seed: 13, along: 400 });
    const id = await create(scan.length);
    const sent = Math.floor(scan.length * 0.6);
    // A PATCH that announces the whole rest but sends 60 % and then loses its connection.
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/case/upload/${id}`,
        headers: {
          ...tus(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(scan.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // Once the bytes are on their way (handed to the socket), the connection goes.
      req.write(scan.subarray(0, sent), () => req.destroy());
    });
    // The server notices, writes what it had (held in memory below 1 MiB) and lets go of the lock: the offset is
    // what arrived.
    const at = await until(async () => {
      const o = await offsetOf(id);
      return o === sent && o;
    });
    expect(at).toBe(sent);
    expect((await patch(id, at, scan.subarray(at))).status).toBe(204);
    const done = await complete(id, scan);
    expect(done.body).toMatchObject({ success: true, data: { id: expect.any(String) } });
    const info = (await clinic.owner.call('GET', `/download/${done.body.data.id as string}`)).body.data;
    const got = await t.app.inject({ method: 'GET', url: info.files[0].url, headers: clinic.owner.headers });
    expect(sha(got.rawPayload)).toBe(sha(scan));
  });
});
