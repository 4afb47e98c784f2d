import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { factories } from '../../testing/factories.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';
import { createTestApp, PUBLIC_URL, signIn, type TestApp } from '../../testing/test-app.ts';
import { testDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { createStorage } from '../storage/create.ts';
import { runBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';
import { withClient } from '../../testing/scratch.ts';

/**
 * The path up (issue 30): a backup of an Archway on one machine (local files) restored into an external PostgreSQL
 * and an S3 store, then two Archway processes on them. Cases, files, share links, sign-ins and tokens carry over and
 * work on either process.
 */
describe('moving up: an embedded-style backup into PostgreSQL + S3, two processes', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    while (closers.length) await closers.pop()!();
  });

  it('restores, and every case, file, share link, sign-in and token works on both processes', async () => {
    // One machine: its database, its local files.
    const source: TestApp = await createTestApp();
    closers.push(() => source.close());
    const f = factories(source.app);
    const clinic = await f.org();
    const device = await f.device(clinic);
    const scan = Buffer.from(`ply\nformat ascii 1.0\ncomment moving up ${Date.now()}\nend_header\n`);
    const caseId = await f.kase(device, clinic.owner, { files: [{ name: 'upper.ply', body: scan }] });
    const share = await clinic.owner.call('POST', '/api/case/report/share', { caseId, days: 7 });
    expect(share.body.success).toBe(true);
    const shareToken = share.body.data.token as string;
    const adminAuth = await signIn(source.app, 'admin');
    const backups = await mkdtemp(path.join(tmpdir(), 'archway-backups-'));
    closers.push(() => rm(backups, { recursive: true, force: true }));
    const { dir } = await runBackup({
      databaseUrl: source.env.DATABASE_URL!,
      storage: source.app.platform.storage,
      directory: backups,
      trigger: 'command',
    });

    // The bigger engine: an empty PostgreSQL database and an empty bucket.
    const db: TestDatabase = await testDatabase('empty');
    closers.push(() => db.drop());
    const s3: TestS3 = await startTestS3('archway-up');
    closers.push(() => s3.close());
    const env = {
      DATABASE_URL: db.url,
      STORAGE_URL: s3.url,
      ...s3.env,
      PUBLIC_URL,
      ARCHWAY_DEMO: 'false',
      LOG_LEVEL: 'silent',
    };
    const targetStorage = await createStorage(loadConfig({ ...env, DATA_DIR: backups }).storage);
    await restoreBackup({ backupDir: dir, databaseUrl: db.url, storage: targetStorage });
    await targetStorage.close();

    // Two processes, each with a DATA_DIR of its own (nothing in it is shared), the same database and bucket.
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `archway-up-${i}-`));
      closers.push(() => rm(dataDir, { recursive: true, force: true }));
      const app = await buildApp(
        loadConfig({ ...env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') }),
      );
      closers.push(() => app.close());
      apps.push(app);
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const files = await withClient(db.url, (c) =>
      c.query<{ id: string; sha256: string }>('select id, sha256 from case_files where case_id = $1', [
        caseId,
      ]),
    );
    expect(files.rows).toHaveLength(1);
    const file = files.rows[0]!;
    expect(file.sha256).toBe(createHash('sha256').update(scan).digest('hex'));

    for (const app of apps) {
      // A token issued before the move (the signing keys are in the database) still works.
      const me = await app.inject({ method: 'GET', url: '/api2/admin/backups', headers: adminAuth });
      expect(me.statusCode).toBe(200);
      // The case's file downloads, byte for byte, from S3.
      const got = await app.inject({
        method: 'GET',
        url: `/api/case/file/${caseId}/${file.id}`,
        headers: clinic.owner.headers,
      });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload).toEqual(scan);
      // The share link opens, with its scan.
      const report = await app.inject({ method: 'GET', url: `/api/report/${shareToken}` });
      expect(report.statusCode).toBe(200);
      const fileUrl = report.json().data.files[0].url as string;
      expect((await app.inject({ method: 'GET', url: fileUrl })).rawPayload).toEqual(scan);
    }
    // A sign-in on one process gives a token the other one takes.
    const fresh = await signIn(a, 'admin');
    const onB = await b.inject({ method: 'GET', url: '/api2/admin/backups', headers: fresh });
    expect(onB.statusCode).toBe(200);
    const freshB = await signIn(b, 'admin');
    expect((await a.inject({ method: 'GET', url: '/api2/admin/backups', headers: freshB })).statusCode).toBe(
      200,
    );
    // A file written through one process is read through the other (shared storage).
    const newCase = await factories(a).kase(device, clinic.owner, {
      files: [{ name: 'lower.ply', body: Buffer.from('ply\nformat ascii 1.0\nend_header\n') }],
    });
    const newFile = await withClient(db.url, (c) =>
      c.query<{ id: string }>('select id from case_files where case_id = $1', [newCase]),
    );
    const fromB = await b.inject({
      method: 'GET',
      url: `/api/case/file/${newCase}/${newFile.rows[0]!.id}`,
      headers: clinic.owner.headers,
    });
    expect(fromB.statusCode).toBe(200);
  }, 240_000);
});
