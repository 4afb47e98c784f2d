import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { TEST_ADMIN_PASSWORD, testDatabase } from './test-db.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../demo/seed.ts';

/** One engine: PostgreSQL (the run's, see test-db.ts). Kept as a list so suites read `for (const engine of engines)`. */
export type Engine = 'postgres';
export const engines: Engine[] = ['postgres'];

export const PUBLIC_URL = 'http://archway.test';

/** A fresh, empty PostgreSQL database (nothing migrated) on the run's server, dropped by the returned function. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  return testDatabase('empty');
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  env: Record<string, string>;
  /** Another process on the same database and data directory. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * buildApp on a database of its own (a copy of the run's template: with the demo data unless ARCHWAY_DEMO is 'false'),
 * quiet logs. Routes may still be added.
 */
export async function createTestApp(
  _engine: Engine = 'postgres',
  extraEnv: Record<string, string> = {},
  build: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-test-'));
  const pgdb = await testDatabase(extraEnv.ARCHWAY_DEMO === 'false' ? 'template' : 'demo');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL,
    ARCHWAY_DEMO: 'true',
    // Demo cases only where a test asks for them (they bind demo scanners to Demo Clinic).
    ARCHWAY_DEMO_CASES: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: pgdb.url,
    ...extraEnv,
  };
  const app = await buildApp(loadConfig(env), build);
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
      await pgdb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through `POST /account/token` and returns the Authorization header. A demo user's password is the published
 * one; the demo administrator's is the test templates' (never published).
 */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = username === DEMO_ADMIN ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD,
) {
  const res = await app.inject({ method: 'POST', url: '/account/token', payload: { username, password } });
  const body = res.json();
  if (!body.success) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return { authorization: `Bearer ${body.data.AccessToken as string}` };
}
