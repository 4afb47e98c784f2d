import { stat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { testDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { createLocalStorage } from '../storage/local.ts';
import type { Storage } from '../storage/storage.ts';
import { runBackup, startBackup, BackupRefusal } from './backup.ts';
import { guardDeletes } from './delete-guard.ts';
import { listBackups, sha256File, withChecksum } from './manifest.ts';
import { restoreBackup } from './restore.ts';
import { scratchAfterEach, withClient } from '../../testing/scratch.ts';

const { cleanups, tempDir } = scratchAfterEach();

/** Every application table's row count (the drizzle bookkeeping aside). */
async function rowCounts(c: pg.Client): Promise<Record<string, number>> {
  const tables = (
    await c.query<{ t: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
        order by 1`,
    )
  ).rows.map((r) => r.t);
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = (await c.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n;
  return out;
}

/** Every application table's content, as one digest per table (rows as text, in order). */
async function digests(c: pg.Client): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of Object.keys(await rowCounts(c)))
    out[t] = (
      await c.query<{ d: string }>(
        `select coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as d from ${t} r`,
      )
    ).rows[0]!.d;
  return out;
}

/** Every storage key a row names (case files, attachments, release-note images, previews). */
async function referencedKeys(c: pg.Client): Promise<string[]> {
  const cols = (
    await c.query<{ t: string; c: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as t, quote_ident(column_name) as c
         from information_schema.columns
        where table_schema = 'public' and column_name in ('storage_key', 'thumbnail_key')`,
    )
  ).rows;
  const keys: string[] = [];
  for (const { t, c: col } of cols)
    keys.push(
      ...(await c.query<{ k: string }>(`select ${col} as k from ${t} where ${col} is not null`)).rows.map(
        (r) => r.k,
      ),
    );
  return keys.sort();
}

async function storedHashes(storage: Storage, root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const o of storage.list(''))
    out.set(o.key, (await sha256File(path.join(root, ...o.key.split('/')))).sha256);
  return out;
}

describe('a backup taken while Archway keeps writing', () => {
  it('restores to the state of its snapshot: every row count and every file sha256', async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    const f = factories(t.app);
    const org = await f.org();
    const person = org.owner;
    const device = await f.device(org);
    for (let i = 0; i < 5; i++) await f.kase(device, person);
    const backups = await tempDir('archway-backups-');

    // Writes go on through the whole backup: new cases (rows and stored files) one after another.
    let writing = true;
    let written = 0;
    /** Told after each case has landed. */
    let landed = () => {};
    const writer = (async () => {
      while (writing) {
        await f.kase(device, person);
        written++;
        landed();
      }
    })();
    let atSnapshot:
      | {
          counts: Record<string, number>;
          keys: string[];
          content: Record<string, string>;
          writtenBefore: number;
        }
      | undefined;
    const { dir, manifest } = await runBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'command',
      // Read the source exactly as the backup's snapshot sees it (the same exported snapshot), while writes go on.
      onSnapshot: async ({ snapshot }) => {
        const writtenBefore = written;
        atSnapshot = await withClient(t.env.DATABASE_URL!, async (c) => {
          await c.query('begin isolation level repeatable read, read only');
          await c.query(`set transaction snapshot '${snapshot}'`);
          const counts = await rowCounts(c);
          const keys = await referencedKeys(c);
          const content = await digests(c);
          await c.query('commit');
          return { counts, keys, content, writtenBefore };
        });
        // Let a few more cases land between the snapshot and the file copy (a writer that fails ends the wait).
        const until = written + 2;
        await Promise.race([
          new Promise<void>((r) => (landed = () => written >= until && r())),
          writer.then(() => Promise.reject(new Error('the writer stopped'))),
        ]);
      },
    });
    writing = false;
    await writer;
    expect(atSnapshot).toBeDefined();
    expect(path.basename(dir)).toMatch(/^archway-backup-\d{8}T\d{6}Z$/);
    expect(written).toBeGreaterThan(atSnapshot!.writtenBefore + 1);

    // Patients' data: readable by this user only.
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'manifest.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, manifest.files[0]!.file))).mode & 0o777).toBe(0o600);

    // Restore into an empty database and an empty local store.
    const target: TestDatabase = await testDatabase('empty');
    cleanups.push(() => target.drop());
    const filesRoot = await tempDir('archway-restored-files-');
    const storage = await createLocalStorage(filesRoot);
    await restoreBackup({ backupDir: dir, databaseUrl: target.url, storage });

    const restored = await withClient(target.url, async (c) => ({
      counts: await rowCounts(c),
      keys: await referencedKeys(c),
      content: await digests(c),
    }));
    expect(restored.counts).toEqual(atSnapshot!.counts);
    // Not only as many rows: the same rows, every column.
    expect(restored.content).toEqual(atSnapshot!.content);
    expect(restored.keys).toEqual(atSnapshot!.keys);
    // The source kept growing after the snapshot: the restored copy is not simply "now".
    const now = await withClient(t.env.DATABASE_URL!, rowCounts);
    expect(now['public.case_boxes']).toBeGreaterThan(restored.counts['public.case_boxes']!);

    // Every file a restored row names is there, byte for byte the source's.
    const source = await storedHashes(t.app.platform.storage, path.join(t.dataDir, 'files'));
    const copy = await storedHashes(storage, filesRoot);
    for (const key of restored.keys) {
      expect(copy.get(key), key).toBeDefined();
      expect(copy.get(key)).toBe(source.get(key));
    }
    for (const [key, sha] of copy) expect(sha, key).toBe(source.get(key));
    expect(manifest.counts.rows).toBe(Object.values(atSnapshot!.counts).reduce((a, b) => a + b, 0));
  }, 120_000);

  it('holds back deletions of stored files while it runs, and makes them after', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const guarded = guardDeletes(t.app.platform.storage, t.app.platform.db);
    await guarded.put('cases/guard-test-file', Buffer.from('x'));
    const backups = await tempDir('archway-backups-');
    let seen: boolean | undefined;
    await runBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'command',
      onSnapshot: async () => {
        await guarded.delete('cases/guard-test-file');
        seen = (await guarded.stat('cases/guard-test-file')) !== undefined;
      },
    });
    expect(seen).toBe(true);
    expect(guarded.deferred.has('cases/guard-test-file')).toBe(true);
    await guarded.retryDeferred();
    expect(await guarded.stat('cases/guard-test-file')).toBeUndefined();
    expect(guarded.deferred.size).toBe(0);
    await guarded.close();
  });

  it('refuses a second backup while one runs, and an unwritable directory', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const backups = await tempDir('archway-backups-');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inSnapshot = new Promise<void>((r) => (started = r));
    const first = await startBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'console',
      onSnapshot: async () => {
        started();
        await held;
      },
    });
    await inSnapshot;
    expect((await listBackups(backups)).map((b) => [b.name, b.state])).toEqual([[first.name, 'running']]);
    const second = startBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'command',
    });
    await expect(second).rejects.toMatchObject({ name: 'BackupRefusal', reason: 'running' });
    release();
    await first.done;
    expect((await listBackups(backups)).map((b) => b.state)).toEqual(['done']);

    const file = path.join(backups, 'not-a-dir');
    await (await import('node:fs/promises')).writeFile(file, 'x');
    const refused = await startBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: path.join(file, 'sub'),
      trigger: 'command',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefusal);
    expect((refused as BackupRefusal).reason).toBe('notWritable');
    expect(await readdir(backups)).toHaveLength(2);
  });

  it('refuses when the backup directory has less free space than the last backup took', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const backups = await tempDir('archway-backups-');
    const { dir, manifest } = await runBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'command',
    });
    // The last backup says it took a pebibyte (a real manifest, rewritten with its checksum).
    const { checksum: _old, ...rest } = manifest;
    const huge = withChecksum({ ...rest, counts: { ...rest.counts, fileBytes: 2 ** 50 } });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(huge));
    const refused = await startBackup({
      databaseUrl: t.env.DATABASE_URL!,
      storage: t.app.platform.storage,
      directory: backups,
      trigger: 'console',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefusal);
    expect((refused as BackupRefusal).reason).toBe('noSpace');
    expect((refused as Error).message).toMatch(/MiB free, the last backup took/);
    expect(await readdir(backups)).toEqual([path.basename(dir)]);
  });
});
