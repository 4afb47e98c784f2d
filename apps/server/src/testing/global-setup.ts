import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../platform/db/client.ts';
import { discardDataDir, startEmbeddedPostgres } from '../platform/db/embedded.ts';
import { seedDemo } from '../demo/seed.ts';
import { seedDemoOrderForm } from '../demo/seed-orders.ts';
import { seedDemoHelp } from '../demo/seed-help.ts';
import { TEST_ADMIN_PASSWORD, databaseUrl } from './test-db.ts';

/**
 * Vitest's global set-up for the server and browser suites: one PostgreSQL for the run (TEST_DATABASE_URL's, else an
 * embedded one in a temporary directory, without fsync), migrated once into a template and once more into a template
 * with the demo data. Test files copy a template each (testing/test-db.ts). A folder for the run's files that
 * outlive a test (the journeys' servers' data, kept for a worker's life: `ARCHWAY_TEST_SCRATCH`). Everything this run
 * made is dropped at the end, databases and that folder. Settings reach the test workers through the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  let admin = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!admin) {
    const dir = await mkdtemp(path.join(tmpdir(), 'archway-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    admin = embedded.adminUrl;
    stopEmbedded = async () => {
      await embedded.stop();
      await discardDataDir(dir);
    };
  }
  const run = randomBytes(4).toString('hex');
  const scratch = await mkdtemp(path.join(tmpdir(), `archway-test-run-${run}-`));
  const template = `archway_tpl_${run}`;
  const demoTemplate = `archway_tpl_${run}_demo`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };

  await query(`create database ${template}`);
  const migrated = await openDatabase({ databaseUrl: databaseUrl(admin, template), dataDir: tmpdir() });
  await migrated.close();
  await query(`create database ${demoTemplate} template ${template}`);
  const demo = await openDatabase({ databaseUrl: databaseUrl(admin, demoTemplate), dataDir: tmpdir() });
  await seedDemo(demo.db, 'default', { adminPassword: TEST_ADMIN_PASSWORD });
  await seedDemoOrderForm(demo.db);
  await seedDemoHelp(demo.db);
  await demo.close();

  process.env.ARCHWAY_TEST_PG = admin;
  process.env.ARCHWAY_TEST_TEMPLATE = template;
  process.env.ARCHWAY_TEST_TEMPLATE_DEMO = demoTemplate;
  process.env.ARCHWAY_TEST_SCRATCH = scratch;

  return async () => {
    const left = await query(`select datname from pg_database where datname like 'archway\\_t%\\_${run}%'`);
    for (const { datname } of left.rows as { datname: string }[])
      await query(`drop database if exists ${datname} with (force)`);
    await rm(scratch, { recursive: true, force: true });
    await stopEmbedded?.();
  };
}
