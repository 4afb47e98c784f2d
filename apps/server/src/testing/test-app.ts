import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (as .ci/run does). */
export const engines: Engine[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

export const PUBLIC_URL = 'http://archway.test';

/** A fresh, empty PostgreSQL database beside TEST_DATABASE_URL's, dropped by the returned function. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `archway_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: base.href });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  env: Record<string, string>;
  /** Another process on the same database and data directory. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** buildApp on a fresh database of the given engine, demo data on, quiet logs. Routes may still be added. */
export async function createTestApp(engine: Engine, extraEnv: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-test-'));
  const pgdb = engine === 'postgres' ? await freshPostgres() : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL,
    ARCHWAY_DEMO: 'true',
    // Demo cases only where a test asks for them (they bind demo scanners to Demo Clinic).
    ARCHWAY_DEMO_CASES: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...extraEnv,
  };
  const app = await buildApp(loadConfig(env));
  const others: FastifyInstance[] = [];
  return {
    app,
    dataDir,
    env,
    async sibling() {
      const other = await buildApp(loadConfig(env));
      others.push(other);
      return other;
    },
    async close() {
      await app.close();
      for (const o of others) await o.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through `POST /account/token` and returns the Authorization header. */
export async function signIn(app: FastifyInstance, username: string, password = 'demo123') {
  const res = await app.inject({ method: 'POST', url: '/account/token', payload: { username, password } });
  const body = res.json();
  if (!body.success) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return { authorization: `Bearer ${body.data.AccessToken as string}` };
}
