import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-db.ts';
import { until } from '../../testing/poll.ts';
import { discardDataDir } from '../../platform/db/embedded.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';
import { sampleArchPly } from './sample-scan.ts';
import { createStorage } from '../../platform/storage/create.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_BIND_CODE, demoSerials } from '../../demo/seed.ts';

/**
 * The hardest promise: an upload cut off half-way — first by the client, then by `kill -9` of the server in
 * the middle of a PATCH — resumes on a new server process, and the result is byte for byte the scan, exactly one
 * case, and no file in storage that no case names. On both engines, with local storage and with S3. The demo's people
 * without its demo cases (seeding those makes meshes and previews for a minute of a 2-core machine): the clinic binds a
 * demo serial and routes it to Demo Lab through the API, so storage holds this case's file alone.
 */
const serverMain = new URL('../../server.ts', import.meta.url).pathname;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Starts a server process; it joins `children` at once, so one still starting when a test times out is killed too. */
async function startServer(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      return fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 120_000, everyMs: 200, what: 'the server to answer /healthz' },
  );
  return { child, base };
}

const kill9 = async (child: ChildProcess) => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
};

type Store = 'local' | 's3';
/** `embedded`: each server process runs the data directory's own PostgreSQL, and a killed one leaves it orphaned. */
const variants: [string, Store][] = [
  ['embedded', 'local'],
  ['postgres', 'local'],
  ['postgres', 's3'],
];

describe.each(variants)('an upload killed half-way and resumed (%s, %s storage)', (engine, store) => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop = async () => {};
  let s3: TestS3 | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'archway-kill-'));
    env = {
      DATA_DIR: dataDir,
      ARCHWAY_DEMO: 'true',
      ARCHWAY_DEMO_CASES: 'false',
      PUBLIC_URL: 'http://127.0.0.1',
    };
    if (engine === 'postgres') {
      // A copy of the run's migrated demo template (the embedded engine migrates and seeds its own on first start).
      const pgdb = await testDatabase('demo');
      env.DATABASE_URL = pgdb.url;
      drop = pgdb.drop;
    }
    if (store === 's3') {
      s3 = await startTestS3();
      Object.assign(env, { STORAGE_URL: s3.url }, s3.env);
    }
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await kill9(c);
    await s3?.close();
    await drop();
    await discardDataDir(dataDir); // and what a killed server left running
  });

  it('is byte-identical, exactly one case, and leaves no orphan file', { timeout: 120_000 }, async () => {
    const first = await startServer(env, children);
    const token = async (base: string, username = 'clinic') => {
      const res = await fetch(`${base}/account/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo123' }),
      });
      return `Bearer ${((await res.json()) as { data: { AccessToken: string } }).data.AccessToken}`;
    };
    let auth = await token(first.base);
    const call = async (base: string, method: string, url: string, body?: object, as = auth) =>
      (await fetch(`${base}${url}`, {
        method,
        headers: { authorization: as, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.json())) as { success: boolean; data: Record<string, unknown> };
    // Demo Clinic's scanner, sending restorations to Demo Lab (which asks for a material on its order form).
    const serial = demoSerials()[0]!;
    const bound = await call(first.base, 'POST', '/api2/device/scan/regist', {
      number: serial,
      secret: DEMO_BIND_CODE,
      name: 'Scanner',
      memo: '',
      encryptType: 1,
      comCode: 1,
      scanType: 'ply',
    });
    expect(bound.success).toBe(true);
    const lab = await call(first.base, 'GET', '/user/current', undefined, await token(first.base, 'lab'));
    const routed = await call(first.base, 'POST', '/api2/device/scan/receiver', {
      number: serial,
      custId: lab.data.custId,
      caseType: [3],
      memo: '',
    });
    expect(routed.success).toBe(true);
    const tus = () => ({ authorization: auth, 'tus-resumable': '1.0.0' });
    const scan = sampleArchPly({ seed: 42, along: 3000, across: 40 }); // a few MB
    const created = await fetch(`${first.base}/api/case/upload/`, {
      method: 'POST',
      headers: {
        ...tus(),
        'upload-length': String(scan.length),
        'upload-metadata': `filename ${b64('upper.ply')}`,
      },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const patch = (base: string, offset: number, body: BodyInit, extra: RequestInit = {}) =>
      fetch(`${base}/api/case/upload/${id}`, {
        method: 'PATCH',
        headers: {
          ...tus(),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
        ...extra,
      });
    const offset = async (base: string) =>
      Number(
        (await fetch(`${base}/api/case/upload/${id}`, { method: 'HEAD', headers: tus() })).headers.get(
          'upload-offset',
        ),
      );

    // 1. The client stops after a quarter: what arrived is kept.
    const quarter = Math.floor(scan.length / 4);
    expect((await patch(first.base, 0, new Uint8Array(scan.subarray(0, quarter)))).status).toBe(204);

    // 2. The server dies (kill -9) in the middle of the next PATCH: the client sends half the scan, then stalls (its
    // body never ends, so the request is still open when the server dies).
    let sent = 0;
    let halfSent = () => {};
    const half = new Promise<void>((r) => (halfSent = r));
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= scan.length / 2) {
          halfSent();
          return new Promise<void>(() => {});
        }
        const chunk = scan.subarray(quarter + sent, quarter + sent + 64 * 1024);
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const inFlight = patch(first.base, quarter, slow, { duplex: 'half' } as RequestInit).catch(
      () => undefined,
    );
    await half;
    // The file store has written some of this PATCH (S3's store keeps it aside until the part is whole).
    if (store === 'local')
      await until(async () => (await stat(path.join(dataDir, 'uploads', id))).size > quarter, {
        what: 'the PATCH to reach the file',
      });
    await kill9(first.child);
    await inFlight;

    // 3. A new process: ask where the upload stands, send the rest, complete.
    const second = await startServer(env, children);
    auth = await token(second.base);
    const at = await offset(second.base);
    // The file store keeps every byte it acknowledged. tus's S3 store keeps a tail under 5 MiB (S3's smallest
    // part) as a separate object that the next PATCH consumes, so a kill during that PATCH can cost it: the offset
    // it reports is then lower, never higher, and the client simply sends from there.
    if (store === 'local') expect(at).toBeGreaterThanOrEqual(quarter);
    expect(at).toBeLessThan(scan.length);
    expect((await patch(second.base, at, new Uint8Array(scan.subarray(at)))).status).toBe(204);
    const complete = (base: string) =>
      fetch(`${base}/api/case/upload/complete`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          device: serial,
          order: { caseType: 3, patientName: 'Killed Halfway' },
          // Demo Lab, which receives this scanner's restorations, asks for a material on its order form.
          orderFields: { Material: 'zirconia' },
          files: [{ uploadId: id, name: 'upper.ply', sha256: sha(scan) }],
        }),
      }).then((r) => r.json() as Promise<{ success: boolean; data: { id: string } }>);
    const made = await complete(second.base);
    expect(made.success).toBe(true);
    expect((await complete(second.base)).data.id).toBe(made.data.id);

    const list = await fetch(`${second.base}/getpaging`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'Killed Halfway' }),
    }).then((r) => r.json() as Promise<{ data: { totalRecords: number } }>);
    expect(list.data.totalRecords).toBe(1);
    const info = await fetch(`${second.base}/download/${made.data.id}`, {
      headers: { authorization: auth },
    }).then((r) => r.json() as Promise<{ data: { files: { url: string }[] } }>);
    const got = Buffer.from(
      await (
        await fetch(`${second.base}${info.data.files[0]!.url}`, { headers: { authorization: auth } })
      ).arrayBuffer(),
    );
    expect(sha(got)).toBe(sha(scan));

    // Storage holds this case's file: nothing that no case names.
    const storage = await createStorage(loadConfig(env).storage);
    let stored = 0;
    for await (const _ of storage.list('cases/')) stored++;
    await storage.close();
    expect(stored).toBe(1);
  });
});
