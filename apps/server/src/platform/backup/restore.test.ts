import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, readdir, readFile, truncate, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-db.ts';
import { createLocalStorage } from '../storage/local.ts';
import type { Storage } from '../storage/storage.ts';
import { runBackup } from './backup.ts';
import { BackupInvalid, listBackups, verifyBackup } from './manifest.ts';
import { appliedMigration, journal, migrateUpTo } from './migrations.ts';
import { restoreBackup, RestoreTargetNotEmpty } from './restore.ts';
import { scratchAfterEach, withClient } from '../../testing/scratch.ts';

const { cleanups, tempDir } = scratchAfterEach();

async function emptyDb() {
  const db = await testDatabase('empty');
  cleanups.push(() => db.drop());
  return db.url;
}

/** A database at migration `tag` (head when absent) with an organization, a person and a stored file. */
async function source(tag?: string) {
  const url = await emptyDb();
  await withClient(url, async (c) => {
    await migrateUpTo(c, tag);
    await c.query(
      `insert into customers (id, name, cust_type) values ('7d8e7c4e-2f7e-4a57-9bb0-6b1b1d1f0001', 'Old Lab', 2)`,
    );
    await c.query(
      `insert into users (id, username, password_hash) values ('7d8e7c4e-2f7e-4a57-9bb0-6b1b1d1f0002', 'old.person', 'x')`,
    );
  });
  const filesRoot = await tempDir('archway-src-files-');
  const storage = await createLocalStorage(filesRoot);
  await storage.put('cases/old-case/scan.ply', Buffer.from('ply\nformat ascii 1.0\nend_header\n'));
  await storage.put('attachments/licence.pdf', Buffer.alloc(70_000, 7));
  return { url, storage, filesRoot };
}

async function backupOf(src: { url: string; storage: Storage }) {
  const directory = await tempDir('archway-backups-');
  const { dir } = await runBackup({
    databaseUrl: src.url,
    storage: src.storage,
    directory,
    trigger: 'command',
  });
  return { dir, directory };
}

async function emptyTarget() {
  const url = await emptyDb();
  const filesRoot = await tempDir('archway-dst-files-');
  return { url, filesRoot, storage: await createLocalStorage(filesRoot) };
}

const tableCount = (url: string) =>
  withClient(
    url,
    async (c) =>
      (
        await c.query<{ n: number }>(
          `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
        )
      ).rows[0]!.n,
  );

async function keysOf(storage: Storage) {
  const keys: string[] = [];
  for await (const o of storage.list('')) keys.push(o.key);
  return keys.sort();
}

describe('restore', () => {
  it('restores a backup made at an older migration into this version', async () => {
    const entries = await journal();
    const old = entries.find((e) => e.tag.startsWith('0019_'))!;
    const src = await source(old.tag);
    const { dir } = await backupOf(src);
    const manifest = await verifyBackup(dir);
    expect(manifest.migration.tag).toBe(old.tag);

    const dst = await emptyTarget();
    await restoreBackup({ backupDir: dir, databaseUrl: dst.url, storage: dst.storage });
    await withClient(dst.url, async (c) => {
      expect((await appliedMigration(c))?.when).toBe(entries.at(-1)!.when);
      const org = await c.query(`select name, cust_type from customers where name = 'Old Lab'`);
      expect(org.rows).toEqual([{ name: 'Old Lab', cust_type: 2 }]);
      // Columns added by later migrations exist, with their defaults.
      const person = await c.query<{ search_email: boolean }>(
        `select search_email from users where username = 'old.person'`,
      );
      expect(person.rows).toHaveLength(1);
      await c.query('select anchor from case_comments limit 1');
    });
    expect(await keysOf(dst.storage)).toEqual(['attachments/licence.pdf', 'cases/old-case/scan.ply']);
    expect(await readFile(path.join(dst.filesRoot, 'attachments', 'licence.pdf'))).toEqual(
      Buffer.alloc(70_000, 7),
    );
  }, 120_000);

  const damages: [string, (dir: string, files: string[]) => Promise<void>, RegExp][] = [
    [
      'a changed byte in a stored file',
      async (dir) => {
        const f = path.join(dir, 'files', 'attachments', 'licence.pdf');
        const b = await readFile(f);
        b[1000] = 8;
        await writeFile(f, b);
      },
      /damaged: the content of files\/attachments\/licence\.pdf differs/,
    ],
    [
      'a missing file',
      (dir) => unlink(path.join(dir, 'files', 'cases', 'old-case', 'scan.ply')),
      /incomplete: files\/cases\/old-case\/scan\.ply is missing/,
    ],
    [
      'a truncated table file',
      async (dir, files) => {
        const f = files.find((x) => x.endsWith('public.customers.copy.gz'))!;
        await truncate(path.join(dir, f), 10);
      },
      /damaged: db\/public\.customers\.copy\.gz has 10 bytes/,
    ],
    ['no manifest', (dir) => unlink(path.join(dir, 'manifest.json')), /has no manifest\.json/],
    [
      'a changed manifest',
      async (dir) => {
        const f = path.join(dir, 'manifest.json');
        await writeFile(
          f,
          (await readFile(f, 'utf8')).replace('"Old Lab"', '"Old Lab"').replace('"rows": 1', '"rows": 2'),
        );
      },
      /manifest\.json is damaged: its checksum/,
    ],
    [
      'bytes appended to a table file',
      async (dir, files) => {
        const f = files.find((x) => x.endsWith('public.users.copy.gz'))!;
        await appendFile(path.join(dir, f), 'x');
      },
      /damaged: db\/public\.users\.copy\.gz has/,
    ],
  ];
  it.each(damages)(
    'refuses %s before writing anything',
    async (_what, damage, message) => {
      const src = await source();
      const { dir } = await backupOf(src);
      const files = (await readdir(path.join(dir, 'db'))).map((f) => `db/${f}`);
      await damage(dir, files);
      const dst = await emptyTarget();
      const err = await restoreBackup({ backupDir: dir, databaseUrl: dst.url, storage: dst.storage }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BackupInvalid);
      expect((err as Error).message).toMatch(message);
      expect(await tableCount(dst.url)).toBe(0);
      expect(await keysOf(dst.storage)).toEqual([]);
    },
    60_000,
  );

  it('refuses a partial backup', async () => {
    const directory = await tempDir('archway-backups-');
    const partial = path.join(directory, 'archway-backup-20260101T000000Z.partial');
    await (await import('node:fs/promises')).mkdir(partial);
    const dst = await emptyTarget();
    await expect(
      restoreBackup({ backupDir: partial, databaseUrl: dst.url, storage: dst.storage }),
    ).rejects.toThrow(/is a partial backup/);
  });

  it('refuses a target that holds data unless forced', async () => {
    const src = await source();
    const { dir } = await backupOf(src);
    // A database with tables.
    const dst = await emptyTarget();
    await withClient(dst.url, (c) => migrateUpTo(c));
    await expect(
      restoreBackup({ backupDir: dir, databaseUrl: dst.url, storage: dst.storage }),
    ).rejects.toBeInstanceOf(RestoreTargetNotEmpty);
    // A store with files, the database empty.
    const other = await emptyTarget();
    await other.storage.put('cases/somebody-else', Buffer.from('mine'));
    const err = await restoreBackup({ backupDir: dir, databaseUrl: other.url, storage: other.storage }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RestoreTargetNotEmpty);
    expect((err as Error).message).toMatch(/storage holds files.*--force/);
    expect(await tableCount(other.url)).toBe(0);
    expect(await keysOf(other.storage)).toEqual(['cases/somebody-else']);

    // --force replaces what is there.
    await restoreBackup({ backupDir: dir, databaseUrl: dst.url, storage: dst.storage, force: true });
    await withClient(dst.url, async (c) => {
      expect((await c.query(`select name from customers`)).rows).toEqual([{ name: 'Old Lab' }]);
    });
  }, 120_000);
});

describe('restore without a superuser (a managed PostgreSQL: the database owner restores)', () => {
  it('loads parents first with its own triggers off, then turns them on again', async () => {
    const src = await source();
    const { dir } = await backupOf(src);
    const admin = process.env.ARCHWAY_TEST_PG!;
    const name = `bk_owner_${randomBytes(4).toString('hex')}`;
    const run = (text: string) => withClient(admin, (c) => c.query(text));
    await run(`create role ${name} login password 'owner-pw-1'`);
    await run(`create database ${name} owner ${name}`);
    cleanups.push(async () => {
      await run(`drop database if exists ${name} with (force)`);
      await run(`drop role if exists ${name}`);
    });
    const url = new URL(admin);
    url.username = name;
    url.password = 'owner-pw-1';
    url.pathname = `/${name}`;
    expect(
      (
        await withClient(url.href, (c) =>
          c.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user'),
        )
      ).rows,
    ).toEqual([{ s: false }]);
    const dst = await emptyTarget();
    await restoreBackup({ backupDir: dir, databaseUrl: url.href, storage: dst.storage });
    await withClient(url.href, async (c) => {
      expect((await c.query('select name from customers')).rows).toEqual([{ name: 'Old Lab' }]);
      const off = await c.query(`select tgname from pg_trigger where not tgisinternal and tgenabled <> 'O'`);
      expect(off.rows).toEqual([]);
    });
    expect(await keysOf(dst.storage)).toEqual(['attachments/licence.pdf', 'cases/old-case/scan.ply']);
  }, 120_000);
});

describe('a backup killed with SIGKILL', () => {
  it('leaves earlier backups intact; the partial one is ignored and removed by the next backup', async () => {
    const src = await source();
    for (let i = 0; i < 5; i++) await src.storage.put(`cases/many/${i}`, Buffer.alloc(1000, i));
    const directory = await tempDir('archway-backups-');
    const first = await runBackup({
      databaseUrl: src.url,
      storage: src.storage,
      directory,
      trigger: 'command',
    });

    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        new URL('./kill-child.fixture.ts', import.meta.url).pathname,
        src.url,
        src.filesRoot,
        directory,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c) => {
        out += c;
        if (out.includes('paused')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`child exited (${code}) before pausing: ${out}`)));
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    const names = await readdir(directory);
    const partial = names.find((n) => n.endsWith('.partial'))!;
    expect(partial).toBeDefined();
    // The earlier backup still checks out whole, and is listed as done; the killed one is not a backup.
    await verifyBackup(first.dir);
    const listed = await listBackups(directory);
    expect(listed.filter((b) => b.state === 'done').map((b) => b.name)).toEqual([path.basename(first.dir)]);
    expect(listed.find((b) => b.name === partial.replace('.partial', ''))?.state).toBe('failed');
    const dst = await emptyTarget();
    await expect(
      restoreBackup({ backupDir: path.join(directory, partial), databaseUrl: dst.url, storage: dst.storage }),
    ).rejects.toThrow(/partial backup/);

    // The next backup works, and removes the partial one.
    const next = await runBackup({
      databaseUrl: src.url,
      storage: src.storage,
      directory,
      trigger: 'command',
    });
    expect((await readdir(directory)).sort()).toEqual(
      [path.basename(first.dir), path.basename(next.dir)].sort(),
    );
    expect(next.manifest.counts.files).toBe(7);
  }, 120_000);
});
