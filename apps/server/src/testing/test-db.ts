import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases. One global set-up per run (global-setup.ts) provides a PostgreSQL (TEST_DATABASE_URL's, else an
 * embedded one started for the run) with two migrated templates: `ARCHWAY_TEST_TEMPLATE` (empty) and
 * `ARCHWAY_TEST_TEMPLATE_DEMO` (with the demo organizations, people, order form and help articles). Each test app
 * copies one (`CREATE DATABASE … TEMPLATE`, tens of milliseconds) and drops its copy when it closes.
 */
/**
 * The password the test templates give the demo administrator (`admin`): the demo generates one at its first start,
 * tests set theirs (seedDemo's `adminPassword`). Known to the tests only; signIn(app, 'admin') uses it.
 */
export const TEST_ADMIN_PASSWORD = 'test-admin-password-1';

function runEnv() {
  const admin = process.env.ARCHWAY_TEST_PG;
  const template = process.env.ARCHWAY_TEST_TEMPLATE;
  const demoTemplate = process.env.ARCHWAY_TEST_TEMPLATE_DEMO;
  if (!admin || !template || !demoTemplate)
    throw new Error(
      'No test database: run the tests through vitest (the root vitest.config.ts sets them up).',
    );
  return { admin, template, demoTemplate, run: template.replace(/^archway_tpl_/, '') };
}

/** The connection string of `database` on the test server. */
export function databaseUrl(admin: string, database: string): string {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.href;
}

async function adminQuery(admin: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test app: a copy of the migrated template (`from: 'demo'`: with the demo data,
 * `'empty'`: nothing migrated, for tests of the migrations themselves).
 */
export async function testDatabase(from: 'template' | 'demo' | 'empty' = 'template'): Promise<TestDatabase> {
  const env = runEnv();
  const name = `archway_t_${env.run}_${randomBytes(5).toString('hex')}`;
  const template = from === 'demo' ? env.demoTemplate : from === 'template' ? env.template : 'template0';
  await adminQuery(env.admin, `create database ${name} template ${template}`);
  return {
    url: databaseUrl(env.admin, name),
    drop: () => adminQuery(env.admin, `drop database if exists ${name} with (force)`),
  };
}
