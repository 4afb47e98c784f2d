import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { until } from '../../testing/poll.ts';
import { PROBE_KEY } from './readiness.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';

/** Runs one statement on the test server as its administrator (not through the app). */
async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.ARCHWAY_TEST_PG });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const ALL_OK = { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } };

describe.each(engines)('/healthz and /readyz (%s)', (engine) => {
  let t: TestApp;
  let database: string;
  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    database = new URL(t.env.DATABASE_URL!).pathname.slice(1);
  });
  afterAll(() => t.close());

  it('answers 200 with each check when the database, its migrations and the storage are fine', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(ALL_OK);
    // The probe object is gone again.
    expect(await t.app.platform.storage.stat(PROBE_KEY)).toBeUndefined();
    // Liveness stays what it was.
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the storage when it cannot be written, and 200 again once it can', async () => {
    // Tests may run as root, where a read-only mode stops nothing: the directory new objects are written through
    // becomes a file instead.
    const tmp = path.join(t.dataDir, 'files', '.tmp');
    const aside = `${tmp}-aside`;
    await rename(tmp, aside);
    try {
      await writeFile(tmp, 'not a directory');
      const res = await until(
        async () => {
          const r = await ready();
          return r.statusCode === 503 ? r : undefined;
        },
        { what: 'readiness to fail' },
      );
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
      });
      // Never a stack trace or a path in the answer (why goes to the log).
      expect(res.body).not.toContain(t.dataDir);
      // A failure is not reused: each call checks again.
      expect((await ready()).statusCode).toBe(503);
    } finally {
      await rm(tmp, { force: true });
      await rename(aside, tmp).catch(() => mkdir(tmp, { recursive: true }));
    }
    const back = await ready();
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(ALL_OK);
  });

  it('answers 503 naming the database when it is unreachable, and 200 again once it is back', async () => {
    await admin(`alter database "${database}" allow_connections false`);
    try {
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
      );
      const res = await until(
        async () => {
          const r = await ready();
          return r.statusCode === 503 ? r : undefined;
        },
        { what: 'readiness to fail' },
      );
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'failed', migrations: 'failed', storage: 'ok' },
      });
    } finally {
      await admin(`alter database "${database}" allow_connections true`);
    }
    await until(async () => (await ready()).statusCode === 200, { what: 'readiness to come back' });
    expect((await ready()).json()).toEqual(ALL_OK);
  });

  it('answers 503 naming the migrations when the database is not at this version', async () => {
    const db = t.app.platform.db;
    const [newest] = (
      (await db.execute(
        sql`select id, created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; at: string }[] }
    ).rows;
    // As if this code were newer than the database: its newest migration not applied yet.
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest!.id}`,
    );
    try {
      const res = await until(
        async () => {
          const r = await ready();
          return r.statusCode === 503 ? r : undefined;
        },
        { what: 'readiness to fail' },
      );
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'failed', storage: 'ok' });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest!.at}::bigint where id = ${newest!.id}`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is public and declared so', async () => {
    const route = t.app.routeAccess.find((r) => r.url === '/readyz' && r.method === 'GET');
    expect(route?.access).toBe('public');
    const res = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
  });
});

describe.each(engines)('/readyz on S3 storage (%s)', (engine) => {
  let t: TestApp;
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(engine, {
      ARCHWAY_DEMO: 'false',
      SCAN_THREADS: '0',
      STORAGE_URL: s3.url,
      ...s3.env,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('writes and removes its probe in the bucket, and answers 503 naming the storage once the store is gone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual(ALL_OK);
    expect(await t.app.platform.storage.stat(PROBE_KEY)).toBeUndefined();
    await s3.close();
    const down = await until(
      async () => {
        const r = await t.app.inject({ method: 'GET', url: '/readyz' });
        return r.statusCode === 503 ? r : undefined;
      },
      { what: 'readiness to fail' },
    );
    expect(down.json().checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'failed' });
  });
});
