import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { HUB_PATH } from '../realtime/hub.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { runBackup } from '../backup/backup.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { mailOutbox } from '../mail/mail.schema.ts';
import { startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { parseMetrics, sampleValue, type Sample } from './scrape.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const OUTSIDE = '203.0.113.9';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

/** Scrapes `/metrics` as a caller on this machine (inject's default address is 127.0.0.1) and parses it. */
async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
}

const value = async (app: FastifyInstance, name: string, labels: Record<string, string> = {}) =>
  sampleValue(await scrape(app), name, labels);

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe.each(engines)('/metrics (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let base: string;
  beforeAll(async () => {
    // No scan jobs in this process: queued jobs stay queued, so the queue's figures are this test's.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0', METRICS_TOKEN: TOKEN });
    f = factories(t.app);
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and status, one label for every unknown path, with their times', async () => {
    const org = await f.org();
    const before = await scrape(t.app);
    const count = (samples: Sample[], labels: Record<string, string>) =>
      sampleValue(samples, 'archway_http_requests_total', labels) ?? 0;

    expect((await t.app.inject({ method: 'GET', url: '/common/services' })).statusCode).toBe(200);
    // Two ids, one pattern; a refused request (no token) under the same pattern with its own status.
    for (const id of [randomUUID(), randomUUID()])
      await t.app.inject({ method: 'GET', url: `/download/${id}`, headers: org.owner.headers });
    const refused = await t.app.inject({ method: 'GET', url: `/download/${randomUUID()}` });
    expect(refused.statusCode).toBe(401);
    for (const path of ['/no-such-path-1', '/no/such/path/2?x=1'])
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    const after = await scrape(t.app);
    const services = { method: 'GET', route: '/common/services', status: '200' };
    expect(count(after, services) - count(before, services)).toBe(1);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/download/${randomUUID()}`,
      headers: org.owner.headers,
    });
    const byId = { method: 'GET', route: '/download/:id', status: String(signedIn.statusCode) };
    expect(count(after, byId) - count(before, byId)).toBe(2);
    const unauthorized = { method: 'GET', route: '/download/:id', status: '401' };
    expect(count(after, unauthorized) - count(before, unauthorized)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(2);
    // No raw URL ever becomes a label.
    expect(after.some((s) => /no-such|[0-9a-f]{8}-[0-9a-f]{4}/.test(JSON.stringify(s.labels)))).toBe(false);
    // The latency histogram has the same labels; its count moved with the counter.
    const histCount = (samples: Sample[]) =>
      sampleValue(samples, 'archway_http_request_duration_seconds_count', services) ?? 0;
    expect(histCount(after) - histCount(before)).toBe(1);
    expect(
      sampleValue(after, 'archway_http_request_duration_seconds_bucket', { ...services, le: '+Inf' }),
    ).toBe(count(after, services));
  });

  it('answers a caller on this machine, a caller elsewhere only with the token, and is invisible otherwise', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path', remoteAddress: OUTSIDE });
    const cases: { remoteAddress: string; headers?: Record<string, string>; ok: boolean }[] = [
      { remoteAddress: '127.0.0.1', ok: true },
      { remoteAddress: '127.8.9.10', ok: true },
      { remoteAddress: '::1', ok: true },
      { remoteAddress: '::ffff:127.0.0.1', ok: true },
      { remoteAddress: OUTSIDE, ok: false },
      { remoteAddress: '10.1.2.3', ok: false },
      { remoteAddress: '::ffff:192.0.2.1', ok: false },
      { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` }, ok: true },
      { remoteAddress: OUTSIDE, headers: { authorization: `bearer ${TOKEN}` }, ok: true },
      { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}x` }, ok: false },
      { remoteAddress: OUTSIDE, headers: { authorization: `Basic ${TOKEN}` }, ok: false },
      // A wrong token is wrong from here too.
      { remoteAddress: '127.0.0.1', headers: { authorization: 'Bearer not-the-metrics-token' }, ok: false },
      // A loopback connection carrying a forwarding header is a proxy on this host that nobody declared
      // (TRUST_PROXY unset): the caller behind it is not on this machine.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' }, ok: false },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=198.51.100.7' }, ok: false },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.7' }, ok: false },
      {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7', authorization: `Bearer ${TOKEN}` },
        ok: true,
      },
    ];
    const audited = async () => (await t.app.platform.db.select({ n: count() }).from(auditLog))[0]!.n;
    const auditedBefore = await audited();
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: c.remoteAddress,
        headers: c.headers ?? {},
      });
      const what = `${c.remoteAddress} ${JSON.stringify(c.headers ?? {})}`;
      if (c.ok) {
        expect(res.statusCode, what).toBe(200);
        expect(res.body, what).toContain('archway_http_requests_total');
      } else {
        // Exactly what an unknown path answers.
        expect(res.statusCode, what).toBe(404);
        expect(res.json(), what).toEqual(unknown.json());
        expect(res.body, what).not.toContain('archway_');
      }
    }
    // Neither scrapes nor their refusals are audited.
    expect(await audited()).toBe(auditedBefore);
    // The route is not in the API description.
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(doc.json().paths)).not.toContain('/metrics');
  });

  it('counts an upload through tus: created, finished, bytes received, none in progress', async () => {
    const org = await f.org();
    const before = await scrape(t.app);
    const scan = randomBytes(300_000);
    const tus = { ...org.owner.headers, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${base}/api/case/upload/`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(scan.length) },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const half = Math.floor(scan.length / 2);
    for (const [offset, end] of [
      [0, half],
      [half, scan.length],
    ] as const) {
      const res = await fetch(`${base}/api/case/upload/${id}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(scan.subarray(offset, end)),
      });
      expect(res.status).toBe(204);
    }
    const after = await scrape(t.app);
    const delta = (name: string) => (sampleValue(after, name) ?? 0) - (sampleValue(before, name) ?? 0);
    expect(delta('archway_uploads_created_total')).toBe(1);
    expect(delta('archway_uploads_finished_total')).toBe(1);
    expect(delta('archway_upload_bytes_received_total')).toBe(scan.length);
    expect(sampleValue(after, 'archway_uploads_receiving')).toBe(0);
    const patches = { method: 'PATCH', route: '/api/case/upload/:id', status: '204' };
    expect(
      (sampleValue(after, 'archway_http_requests_total', patches) ?? 0) -
        (sampleValue(before, 'archway_http_requests_total', patches) ?? 0),
    ).toBe(2);
  });

  it('shows the open sockets', async () => {
    const org = await f.org();
    expect(await value(t.app, 'archway_realtime_sockets')).toBe(0);
    const s = connect(base, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: org.owner.headers.authorization.slice('Bearer '.length) },
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    expect(await value(t.app, 'archway_realtime_sockets')).toBe(1);
    s.disconnect();
    await until(async () => (await value(t.app, 'archway_realtime_sockets')) === 0, {
      what: 'the socket to close',
    });
  });

  it('shows the database pool and counts the statements it refused by SQLSTATE class', async () => {
    const samples = await scrape(t.app);
    expect(sampleValue(samples, 'archway_db_pool_max_connections')).toBe(10);
    const inUse = sampleValue(samples, 'archway_db_pool_connections', { state: 'in_use' })!;
    const idle = sampleValue(samples, 'archway_db_pool_connections', { state: 'idle' })!;
    expect(inUse + idle).toBeGreaterThanOrEqual(1);
    expect(inUse + idle).toBeLessThanOrEqual(10);
    expect(sampleValue(samples, 'archway_db_pool_waiting')).toBe(0);

    const errors = async (cls: string) =>
      (await value(t.app, 'archway_db_query_errors_total', { sqlstate_class: cls })) ?? 0;
    const [division, syntax] = [await errors('22'), await errors('42')];
    await expect(t.app.platform.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await expect(t.app.platform.db.execute(sql`select * from no_such_table_here`)).rejects.toThrow();
    // A parameterized statement (the prepared path, as the repositories run them).
    await expect(t.app.platform.db.execute(sql`select ${1}::int / ${0}::int`)).rejects.toThrow();
    expect(await errors('22')).toBe(division + 2);
    expect(await errors('42')).toBe(syntax + 1);
  });

  it('shows the scan queue by state and how long its oldest job has waited', async () => {
    const clinic = await f.org();
    const device = await f.device(clinic);
    const caseId = await f.kase(device, clinic.owner);
    // The case queued its preview image; nobody here takes it (SCAN_THREADS=0). Make it a minute old.
    // (Raw SQL: the platform's tests reach no module's tables by import.)
    const db = t.app.platform.db;
    await db.execute(
      sql`update scan_jobs set created_at = now() - interval '60 seconds' where case_id = ${caseId}`,
    );
    // And a conversion another process is running (fresh heartbeat: nobody takes it over).
    await db.execute(
      sql`insert into scan_jobs (case_id, kind, type, state, claimed_by, heartbeat_at)
          values (${caseId}, 'convert', 'stl', 'running', 'elsewhere', now())`,
    );
    const samples = await scrape(t.app);
    expect(sampleValue(samples, 'archway_scan_jobs', { state: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'archway_scan_jobs', { state: 'running' })).toBeGreaterThanOrEqual(1);
    const age = sampleValue(samples, 'archway_scan_job_oldest_queued_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(59);
    expect(age).toBeLessThan(3600);
  });

  it('shows the mail outbox depth and the backup gauge', async () => {
    const samples = await scrape(t.app);
    // No SMTP_URL here: nothing is pending delivery.
    expect(sampleValue(samples, 'archway_mail_outbox_pending')).toBe(0);
    expect(sampleValue(samples, 'archway_mail_outbox_oldest_pending_age_seconds')).toBe(0);
    // No backup yet: 0, which alerts as "very old".
    expect(sampleValue(samples, 'archway_backup_last_success_timestamp_seconds')).toBe(0);
    // Node's own figures come along.
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe.each(engines)('/metrics with scan threads and a proxy (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '1', TRUST_PROXY: '1' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  it("behind a declared proxy, the client it names decides, never the proxy's own loopback address", async () => {
    const cases: { remoteAddress: string; headers?: Record<string, string>; ok: boolean }[] = [
      { remoteAddress: '127.0.0.1', ok: true },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' }, ok: false },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' }, ok: false },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' }, ok: true },
      // Not from the proxy's host: a forged header changes nothing.
      { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' }, ok: false },
      // No METRICS_TOKEN configured: a Bearer token opens nothing.
      { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` }, ok: false },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: c.remoteAddress,
        headers: c.headers ?? {},
      });
      expect(res.statusCode, `${c.remoteAddress} ${JSON.stringify(c.headers ?? {})}`).toBe(c.ok ? 200 : 404);
    }
  });

  it('counts preview images drawn and failed, with their durations', async () => {
    const clinic = await f.org();
    const device = await f.device(clinic);
    const done = { kind: 'thumbnail', outcome: 'done' };
    const failed = { kind: 'thumbnail', outcome: 'failed' };
    const before = await scrape(t.app);
    const at = (samples: Sample[], name: string, labels: Record<string, string>) =>
      sampleValue(samples, name, labels) ?? 0;
    // A scan: its preview image is drawn in a worker thread. A text file only: the job fails (no scan to draw).
    await f.kase(device, clinic.owner);
    await f.kase(device, clinic.owner, { files: [{ name: 'notes.txt', body: Buffer.from('not a scan') }] });
    t.app.scanJobs.wake();
    const after = await until(
      async () => {
        const s = await scrape(t.app);
        return at(s, 'archway_scan_jobs_finished_total', done) >
          at(before, 'archway_scan_jobs_finished_total', done) &&
          at(s, 'archway_scan_jobs_finished_total', failed) >
            at(before, 'archway_scan_jobs_finished_total', failed)
          ? s
          : undefined;
      },
      { what: 'both preview image jobs to end' },
    );
    for (const labels of [done, failed]) {
      expect(
        at(after, 'archway_scan_jobs_finished_total', labels) -
          at(before, 'archway_scan_jobs_finished_total', labels),
      ).toBe(1);
      expect(
        at(after, 'archway_scan_job_duration_seconds_count', labels) -
          at(before, 'archway_scan_job_duration_seconds_count', labels),
      ).toBe(1);
    }
    expect(at(after, 'archway_scan_job_duration_seconds_sum', done)).toBeGreaterThan(0);
    // Nothing left waiting.
    await until(async () => (await value(t.app, 'archway_scan_jobs', { state: 'queued' })) === 0, {
      what: 'the queue to empty',
    });
    expect(await value(t.app, 'archway_scan_job_oldest_queued_age_seconds')).toBe(0);
  });

  it('shows when the newest complete backup finished: a real one, not a newer partial, failed or damaged one', async () => {
    const dir = t.app.platform.config.backupDir;
    expect(dir).toBe(path.join(t.dataDir, 'backups'));
    // None yet.
    expect(await value(t.app, 'archway_backup_last_success_timestamp_seconds')).toBe(0);
    const { manifest } = await runBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: dir,
      trigger: 'command',
    });
    const finished = Date.parse(manifest.finishedAt) / 1000;
    expect(await value(t.app, 'archway_backup_last_success_timestamp_seconds')).toBe(finished);
    // Newer folders that are not complete backups change nothing.
    const later = ['archway-backup-29991231T000000Z', 'archway-backup-29991231T010000Z'];
    await mkdir(path.join(dir, `${later[0]}.partial`), { recursive: true });
    await mkdir(path.join(dir, `${later[0]}.failed`), { recursive: true });
    await mkdir(path.join(dir, later[0]!), { recursive: true }); // no manifest
    await mkdir(path.join(dir, later[1]!), { recursive: true });
    await writeFile(
      path.join(dir, later[1]!, 'manifest.json'),
      JSON.stringify({ ...manifest, finishedAt: '2999-12-31T01:00:00.000Z' }), // its checksum no longer matches
    );
    expect(await value(t.app, 'archway_backup_last_success_timestamp_seconds')).toBe(finished);
  });
});

describe.each(engines)('/metrics and the mail outbox (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0', SMTP_URL: relay.url });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  it("shows the e-mails waiting for the relay, the oldest one's wait, and each delivery's outcome", async () => {
    const { db, mail } = t.app.platform;
    const deliveries = async (outcome: string) =>
      (await value(t.app, 'archway_mail_deliveries_total', { outcome })) ?? 0;
    const message = (to: string) => ({ to, subject: 'Hello', text: 'Hello' });
    // The loop may deliver on its own too: each step waits for the outcome rather than for a call.
    relay.refuse(451);
    const later = await mail.send(db, message('later@example.test'));
    mail.wake();
    await until(async () => (await deliveries('retry')) === 1, { what: 'a delivery to be retried' });
    await db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(mailOutbox.id, later));
    await mail.send(db, message('now@example.test'));
    mail.wake();
    await until(async () => (await deliveries('sent')) === 1, { what: 'a delivery' });
    relay.refuse(550);
    await mail.send(db, message('never@example.test'));
    mail.wake();
    await until(async () => (await deliveries('failed')) === 1, { what: 'a delivery given up' });

    const samples = await scrape(t.app);
    // The refused-for-now one waits out its back-off (a minute): still pending, two minutes old.
    expect(sampleValue(samples, 'archway_mail_outbox_pending')).toBe(1);
    const age = sampleValue(samples, 'archway_mail_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(119);
    expect(age).toBeLessThan(3600);
    expect(sampleValue(samples, 'archway_mail_deliveries_total', { outcome: 'retry' })).toBe(1);
    expect(relay.received.map((m) => m.to![0]!.address)).toEqual(['now@example.test']);
  });
});

describe('METRICS_TOKEN', () => {
  it('is 16 to 512 printable characters without spaces; unset, there is none', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of [
      'too-short-token',
      'sixteen chars with spaces',
      'x'.repeat(513),
      'токен-не-ascii-0123456789',
    ])
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(ConfigError);
  });
});
