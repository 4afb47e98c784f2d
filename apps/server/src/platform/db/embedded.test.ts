import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { seedDemo } from '../../demo/seed.ts';
import { seedDemoCases } from '../../demo/seed-cases.ts';
import { createLocalStorage } from '../storage/local.ts';
import type { Db } from './client.ts';
import {
  ENGINE_USER,
  EmbeddedPostgresError,
  processAlive,
  discardDataDir,
  removeEmbeddedCluster,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded.ts';

const child = new URL('../../testing/embedded-child.ts', import.meta.url).pathname;
const migrationsFolder = new URL('../../migrations', import.meta.url).pathname;

const alive = processAlive;
const postmasterPid = async (dataDir: string) =>
  Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Runs embedded-child.ts; resolves on the first line matching `until` (the process keeps running). */
function runChild(dataDir: string, mode: 'write' | 'start', until: RegExp) {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, dataDir, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const matched = new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => until.test(l));
      if (line) resolve(line);
    });
    proc.once('exit', (code) => reject(new Error(`child exited with ${code}: ${out}`)));
  });
  return { proc, matched, output: () => out };
}

const dirs: string[] = [];
const spawned: ChildProcess[] = [];
const isRoot = process.getuid?.() === 0;
const uidOf = (user: string) => {
  try {
    return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
};
const started: EmbeddedPostgres[] = [];
async function dataDir(name = 'archway-embedded-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), name));
  dirs.push(dir);
  return dir;
}
async function start(dir: string) {
  const e = await startEmbeddedPostgres({ dataDir: dir });
  started.push(e);
  return e;
}

afterEach(async () => {
  for (const e of started.splice(0)) await e.stop();
  for (const dir of dirs.splice(0)) {
    // A test that killed its server leaves that PostgreSQL behind on purpose; none may outlive the test.
    await discardDataDir(dir);
  }
  for (const p of spawned.splice(0)) p.kill('SIGKILL');
});

describe('the embedded PostgreSQL', { timeout: 120_000 }, () => {
  it('starts, keeps its rows across a stop and a start, and stops with no process left', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    expect(first.url).toMatch(/host=/); // a Unix socket: no TCP port at all
    await query(first.url, 'create table kept (v text); insert into kept values ($$one$$)');
    const pid = first.pid;
    await first.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(path.join(dir, 'archway.pid'))).toBe(false);

    const second = await start(dir);
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'one' }]);
    // Only this user may read the password; running as root, the cluster belongs to the postgres system user.
    expect(statSync(path.join(dir, 'postgres.secret')).mode & 0o077).toBe(0);
    if (process.getuid?.() === 0) {
      const [owner] = await query<{ rolname: string }>(second.url, 'select current_user as rolname');
      expect(owner!.rolname).toBe('archway');
      expect(statSync(path.join(dir, 'postgres')).uid).not.toBe(0);
    }
    // Nobody else reaches it: password authentication even on the socket.
    const wrong = second.url.replace(/:\/\/archway:[^@]+@/, '://archway:wrong@');
    await expect(query(wrong, 'select 1')).rejects.toThrow(/password authentication failed/);
  });

  it('after kill -9 of its server, the next start stops the orphan and loses nothing acknowledged', async () => {
    const dir = await dataDir();
    const writer = runChild(dir, 'write', /^acked 200$/);
    await writer.matched;
    const exited = new Promise((r) => writer.proc.once('exit', r));
    writer.proc.kill('SIGKILL');
    await exited;
    const acked = Math.max(...[...writer.output().matchAll(/^acked (\d+)$/gm)].map((m) => Number(m[1])));
    const orphan = await postmasterPid(dir);
    expect(alive(orphan)).toBe(true); // the killed server could not stop it

    const next = await start(dir);
    expect(alive(orphan)).toBe(false);
    const [row] = await query<{ n: number }>(next.url, 'select count(*)::int as n, max(n) as m from acked');
    expect(row!.n).toBeGreaterThanOrEqual(acked);
    await next.stop();
    expect(alive(next.pid)).toBe(false);
  });

  it('refuses a second server on a data directory in use, with a clear message', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    const second = runChild(dir, 'start', /^(started|refused)/);
    const line = await second.matched;
    expect(line).toMatch(/^refused: The data directory .* is in use by another Archway process \(pid \d+\)/);
    // The first one is untouched.
    expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it.runIf(isRoot)("as root, runs as a system user of its own, never the host PostgreSQL's", async () => {
    const dir = await dataDir();
    const e = await start(dir);
    const owner = statSync(realpathSync(path.join(dir, 'postgres'))).uid;
    expect(owner).toBe(uidOf(ENGINE_USER));
    expect(owner).not.toBe(uidOf('postgres') ?? -1);
    const processOwner = statSync(`/proc/${e.pid}`).uid;
    expect(processOwner).toBe(uidOf(ENGINE_USER));
    // DATA_DIR stays root's alone: the cluster is reached through its link, not through DATA_DIR.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.runIf(isRoot)(
    'as root, starts in a DATA_DIR inside a 0700 home, leaving the home as it was',
    async () => {
      const home = await dataDir('archway-home-');
      await chmod(home, 0o700);
      const dir = path.join(home, 'archway', 'data');
      const e = await start(dir);
      expect(await query(e.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      await e.stop();
      // Again, on the same data directory: the same cluster, through the same link.
      const again = await start(dir);
      expect(await query(again.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await removeEmbeddedCluster(dir);
    },
  );

  it.runIf(isRoot)(
    'as root, moves a cluster an earlier version made inside DATA_DIR to its own user',
    async () => {
      const dir = await dataDir();
      const first = await start(dir);
      await query(first.url, 'create table kept (v text); insert into kept values ($$old$$)');
      await first.stop();
      // What an earlier version left: the cluster as a real folder in DATA_DIR, owned by the host's postgres user.
      const real = realpathSync(path.join(dir, 'postgres'));
      await rm(path.join(dir, 'postgres'));
      execFileSync('mv', [real, path.join(dir, 'postgres')]);
      await rm(`${real}.data-dir`, { force: true });
      const hostPostgres = uidOf('postgres');
      if (hostPostgres !== undefined) execFileSync('chown', ['-R', 'postgres', path.join(dir, 'postgres')]);
      const moved = await start(dir);
      expect(await query(moved.url, 'select v from kept')).toEqual([{ v: 'old' }]);
      expect(statSync(realpathSync(path.join(dir, 'postgres'))).uid).toBe(uidOf(ENGINE_USER));
    },
  );

  it('a stale postmaster.pid naming an unrelated live process: that process is left alone', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    await first.stop();
    // The pid file of a PostgreSQL that died without clearing it, naming a pid now used by another program.
    const stranger = spawn('sleep', ['300'], { stdio: 'ignore' });
    spawned.push(stranger);
    const clusterDir = path.join(dir, 'postgres');
    await writeFile(
      path.join(clusterDir, 'postmaster.pid'),
      `${stranger.pid}\n${realpathSync(clusterDir)}\n1700000000\n5432\n${realpathSync(clusterDir)}\n\n  5432001         0\nready   \n`,
    );
    const next = await start(dir);
    expect(alive(stranger.pid!)).toBe(true);
    expect(stranger.exitCode).toBeNull();
    expect(await query(next.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('a stale archway.pid naming an unrelated live process does not block the start', async () => {
    const dir = await dataDir();
    const stranger = spawn('sleep', ['300'], { stdio: 'ignore' });
    spawned.push(stranger);
    // An earlier Archway's lock, its pid since reused: the start time written beside it does not match.
    await writeFile(path.join(dir, 'archway.pid'), `${stranger.pid} 1\n`);
    const e = await start(dir);
    expect(await query(e.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(alive(stranger.pid!)).toBe(true);
  });

  it('listens on 127.0.0.1 behind its password where the socket path would be too long', async () => {
    const dir = await dataDir(`archway-embedded-${'x'.repeat(90)}-`);
    const e = await start(dir);
    // As root the cluster lives in /var/lib/archway whatever DATA_DIR's length: its socket path is short there.
    if (isRoot) expect(e.url).toMatch(/host=/);
    else expect(e.url).toMatch(/^postgres:\/\/archway:[^@]+@127\.0\.0\.1:\d+\/archway$/);
    expect(await query(e.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});

describe('an earlier PGlite data directory', { timeout: 180_000 }, () => {
  /** What the earlier version left: DATA_DIR/pglite with the demo data and demo cases, their files in DATA_DIR/files. */
  async function earlierInstall(dir: string) {
    const old = await PGlite.create(path.join(dir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
    const db = drizzle(old);
    await migrate(db, { migrationsFolder });
    const storage = await createLocalStorage(path.join(dir, 'files'));
    await seedDemo(db as unknown as Db);
    // A few cases are enough (the bite's pair, the encrypted one): the import copies rows, whatever their number.
    await seedDemoCases(db as unknown as Db, storage, 'default', 6);
    const counts = await tableCounts((text) =>
      old.query(text).then((r) => r.rows as { t: string; n: number }[]),
    );
    await old.close();
    await storage.close();
    return counts;
  }
  async function tableCounts(run: (text: string) => Promise<{ t: string; n: number }[]>) {
    const tables = await run(
      `select table_name as t, 0 as n from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { t } of tables)
      counts[t] = (await run(`select count(*)::int as n, '' as t from "${t}"`))[0]!.n;
    return counts;
  }
  const configFor = (dir: string) =>
    loadConfig({
      DATA_DIR: dir,
      PUBLIC_URL: 'http://archway.test',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dir, 'no-web'),
      ARCHWAY_DEMO: 'false',
      // No preview images drawn meanwhile: the rows stay as imported.
      SCAN_THREADS: '0',
    });

  it('is imported once: every row, every stored file still reachable, the old directory kept', async () => {
    const dir = await dataDir();
    const before = await earlierInstall(dir);
    expect(before.cases).toBeGreaterThan(0);

    const app = await buildApp(configFor(dir));
    try {
      const { db, storage } = app.platform;
      const after = await tableCounts((text) =>
        db.execute(sql.raw(text)).then((r) => (r as unknown as { rows: { t: string; n: number }[] }).rows),
      );
      // The start itself then adds its signing secret and its periodic jobs' rows.
      expect({ ...after, server_secrets: 0, jobs: 0 }).toEqual({ ...before, server_secrets: 0, jobs: 0 });
      const files = (await db.execute(sql.raw('select storage_key as key from case_files'))) as unknown as {
        rows: { key: string }[];
      };
      expect(files.rows.length).toBeGreaterThan(0);
      for (const { key } of files.rows) expect((await storage.stat(key))?.size).toBeGreaterThan(0);
      // The demo people sign in with their old password: the rows are the old ones, not a new seed.
      const res = await app.inject({
        method: 'POST',
        url: '/account/token',
        payload: { username: 'clinic', password: 'demo123' },
      });
      expect(res.json().success).toBe(true);
    } finally {
      await app.close();
    }
    const entries = await readdir(dir);
    expect(entries).not.toContain('pglite');
    expect(entries.filter((e) => e.startsWith('pglite.imported-'))).toHaveLength(1);

    // A second start imports nothing again.
    const again = await buildApp(configFor(dir));
    await again.close();
    expect((await readdir(dir)).filter((e) => e.startsWith('pglite'))).toHaveLength(1);
  });

  it('that cannot be read stops the start with a clear message and changes nothing', async () => {
    const dir = await dataDir();
    await mkdir(path.join(dir, 'pglite'), { recursive: true });
    await writeFile(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
    await writeFile(path.join(dir, 'pglite', 'garbage'), 'not a database');
    const error = await buildApp(configFor(dir)).then(
      (app) => app.close().then(() => undefined),
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(EmbeddedPostgresError);
    expect(String((error as Error).message)).toMatch(/earlier embedded database .*Nothing was changed/);
    expect(await readdir(path.join(dir, 'pglite'))).toEqual(['PG_VERSION', 'garbage']);
    // And the embedded server it started for the import is stopped again.
    const pid = await postmasterPid(dir).catch(() => 0);
    expect(pid === 0 || !alive(pid)).toBe(true);
  });
});
