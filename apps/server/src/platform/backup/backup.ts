import { createHash } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { BackupTrigger } from '@archway/contract';
import type { Storage } from '../storage/storage.ts';
import { copyOut } from './pg-copy.ts';
import { appliedMigration, journal } from './migrations.ts';
import {
  FAILED,
  FORMAT,
  FORMAT_VERSION,
  PARTIAL,
  PREFIX,
  lastBackup,
  listBackups,
  stamp,
  withChecksum,
  type Manifest,
  type StartInfo,
} from './manifest.ts';
import { serverPath } from '../server-root.ts';

/** Held (session-level, exclusive) by the one backup that runs against a database: a second one is refused. */
export const BACKUP_RUN_LOCK = 72_616_874;
/**
 * Held exclusively by a running backup from just before its snapshot until its last file is copied; a deletion of a
 * stored file takes it shared for its duration, or is put off while a backup holds it (delete-guard.ts). So no file
 * the snapshot names disappears before it is copied.
 */
export const DELETE_FENCE_LOCK = 72_616_875;

export type BackupRefusalReason = 'running' | 'notWritable' | 'noSpace';
/** The backup did not start: the console answers the catalogue entry of `reason`, the command prints the message. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
  constructor(
    readonly reason: BackupRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface BackupOptions {
  /** The database to back up (a superuser is not needed: reading every table is). */
  databaseUrl: string;
  storage: Storage;
  /** BACKUP_DIR, or DATA_DIR/backups. */
  directory: string;
  trigger: BackupTrigger;
  /** Done backups kept (older ones are removed after this one is done); undefined keeps all. */
  keep?: number;
  /** Stops the backup between two tables or files (it then counts as failed). */
  signal?: AbortSignal;
  log?: { info(msg: string): void; warn(msg: string): void };
  /** Tests: called after each stored file is copied (a test pauses here to kill the process). */
  onFileCopied?: (done: number, total: number) => Promise<void> | void;
  /**
   * Tests: called once the snapshot is taken, before any table is read, with its id (pg_export_snapshot: another
   * transaction may read the very same state with SET TRANSACTION SNAPSHOT while this callback runs).
   */
  onSnapshot?: (s: { at: Date; snapshot: string }) => Promise<void> | void;
}

export interface BackupJob {
  name: string;
  startedAt: Date;
  /** The finished backup's folder and manifest; rejects when it failed. */
  done: Promise<{ dir: string; manifest: Manifest }>;
}

const archwayVersion = async (): Promise<string> => {
  try {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(serverPath('package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return 'unknown';
  }
};

async function fsyncPath(p: string): Promise<void> {
  const h = await open(p, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/**
 * Starts a backup: checks the directory, takes the run lock (a backup already running is refused), removes what
 * interrupted backups left, and creates `archway-backup-<time>.partial/`. Then answers at once; the backup itself goes
 * on in `done`.
 */
export async function startBackup(opts: BackupOptions): Promise<BackupJob> {
  const directory = path.resolve(opts.directory);
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    await access(directory, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new BackupRefusal(
      'notWritable',
      `The backup directory ${directory} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): check BACKUP_DIR and its permissions.`,
    );
  }
  // A backup needs about as much room as the last one (files grow slowly): refuse at once rather than fail half-way.
  const last = await lastBackup(directory);
  if (last) {
    const fs = await statfs(directory);
    const free = fs.bavail * fs.bsize;
    if (free < last.sizeBytes * 1.1)
      throw new BackupRefusal(
        'noSpace',
        `Not enough free space in ${directory} for a backup: ${Math.round(free / 1024 ** 2)} MiB free, the last backup took ${Math.round(last.sizeBytes / 1024 ** 2)} MiB. Free some space, lower BACKUP_KEEP, or set BACKUP_DIR to a larger disk.`,
      );
  }
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  let owned = false;
  try {
    const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      BACKUP_RUN_LOCK,
    ]);
    if (!got.rows[0]?.ok)
      throw new BackupRefusal('running', 'A backup is already running: wait until it is done.');
    // With the run lock held, no other backup of this database writes: every `.partial` left is an interrupted one.
    for (const name of await readdir(directory))
      if (name.startsWith(PREFIX) && name.endsWith(PARTIAL))
        await rm(path.join(directory, name), { recursive: true, force: true });
    const startedAt = new Date();
    let name = `${PREFIX}${stamp(startedAt)}`;
    const taken = new Set(await readdir(directory));
    for (let n = 2; [name, name + PARTIAL, name + FAILED].some((x) => taken.has(x)); n++)
      name = `${PREFIX}${stamp(startedAt)}-${n}`;
    const partial = path.join(directory, name + PARTIAL);
    try {
      await mkdir(partial, { mode: 0o700 });
    } catch (err) {
      throw new BackupRefusal(
        'notWritable',
        `The backup directory ${directory} cannot be written (${(err as NodeJS.ErrnoException).code}): check BACKUP_DIR and its permissions.`,
      );
    }
    const info: StartInfo = {
      trigger: opts.trigger,
      startedAt: startedAt.toISOString(),
      pid: process.pid,
      host: hostname(),
    };
    await writeFile(path.join(partial, 'backup.json'), JSON.stringify(info), { mode: 0o600 });
    owned = true;
    const done = run(client, opts, directory, name, startedAt).finally(() =>
      client.end().catch(() => undefined),
    );
    // The caller may not wait (the console): a failure is recorded in the folder, not thrown into the void.
    done.catch(() => undefined);
    return { name, startedAt, done };
  } finally {
    if (!owned) await client.end().catch(() => undefined);
  }
}

/** Starts a backup and waits for it (the command, the schedule). */
export async function runBackup(opts: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  return (await startBackup(opts)).done;
}

/** A pass-through that counts and hashes the bytes going to a file. */
function hasher() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function writeFileFrom(source: Readable, file: string): Promise<{ size: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const h = hasher();
  await pipeline(source, h.stream, createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true }));
  return h.result();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function run(
  client: pg.Client,
  opts: BackupOptions,
  directory: string,
  name: string,
  startedAt: Date,
): Promise<{ dir: string; manifest: Manifest }> {
  const partial = path.join(directory, name + PARTIAL);
  const aborted = () => {
    if (opts.signal?.aborted) throw new Error('the backup was stopped (Archway is shutting down)');
  };
  try {
    // Deletions of stored files wait (or are put off) from here until every file is copied.
    await client.query('select pg_advisory_lock($1)', [DELETE_FENCE_LOCK]);
    await client.query('begin isolation level repeatable read, read only');
    const snap = await client.query<{ at: Date; version: string; snapshot: string }>(
      `select now() as at, current_setting('server_version') as version, pg_export_snapshot() as snapshot`,
    );
    const snapshotAt = snap.rows[0]!.at;
    await opts.onSnapshot?.({ at: snapshotAt, snapshot: snap.rows[0]!.snapshot });
    const applied = await appliedMigration(client);
    const entry = applied && (await journal()).find((e) => e.when === applied.when);
    if (!applied || !entry)
      throw new Error(
        applied
          ? 'the database was migrated by a newer Archway than this one: back it up with that version'
          : 'the database has no Archway schema (nothing to back up)',
      );

    const tables = (
      await client.query<{ schema: string; name: string; columns: string[] }>(
        `select n.nspname as schema, c.relname as name,
                array_agg(a.attname::text order by a.attnum) as columns
           from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
            and n.nspname not like 'pg\\_%'
          group by n.nspname, c.relname
          order by n.nspname, c.relname`,
      )
    ).rows;
    const tableEntries: Manifest['tables'] = [];
    for (const t of tables) {
      aborted();
      const file = `db/${t.schema}.${t.name}.copy.gz`.toLowerCase();
      const gzip = createGzip({ level: 3 });
      const h = hasher();
      const full = path.join(partial, ...file.split('/'));
      await mkdir(path.dirname(full), { recursive: true, mode: 0o700 });
      const writing = pipeline(
        gzip,
        h.stream,
        createWriteStream(full, { flags: 'wx', mode: 0o600, flush: true }),
      );
      const rows = await copyOut(
        client,
        `copy ${quote(t.schema)}.${quote(t.name)} (${t.columns.map(quote).join(', ')}) to stdout`,
        gzip,
      );
      gzip.end();
      await writing;
      tableEntries.push({ ...t, file, rows, ...h.result() });
    }
    const sequences = (
      await client.query<{ schema: string; name: string; value: string | null }>(
        `select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences
          where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1, 2`,
      )
    ).rows;
    await client.query('commit');

    // Every stored file as the store holds it now: with deletions fenced off, that is every file the snapshot names
    // (plus files written since, which no row of the snapshot names; the orphan clean-up removes them after a
    // restore).
    const keys: string[] = [];
    for await (const o of opts.storage.list('')) keys.push(o.key);
    keys.sort();
    const files: Manifest['files'] = [];
    for (const key of keys) {
      aborted();
      let body: Readable;
      try {
        body = await opts.storage.get(key);
      } catch (err) {
        if ((err as Error).name === 'StorageNotFound') continue; // written and removed by a failed put meanwhile
        throw err;
      }
      const file = `files/${key}`;
      const r = await writeFileFrom(body, path.join(partial, ...file.split('/')));
      files.push({ key, file, ...r });
      await opts.onFileCopied?.(files.length, keys.length);
    }
    await client.query('select pg_advisory_unlock($1)', [DELETE_FENCE_LOCK]);

    const manifest = withChecksum({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      archwayVersion: await archwayVersion(),
      trigger: opts.trigger,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      snapshotAt: snapshotAt.toISOString(),
      postgresVersion: snap.rows[0]!.version,
      migration: { tag: entry.tag, when: entry.when, hash: applied.hash },
      storage: { kind: opts.storage.kind },
      tables: tableEntries,
      sequences,
      files,
      counts: {
        tables: tableEntries.length,
        rows: tableEntries.reduce((n, t) => n + t.rows, 0),
        files: files.length,
        fileBytes: files.reduce((n, f) => n + f.size, 0),
        databaseBytes: tableEntries.reduce((n, t) => n + t.size, 0),
      },
    });
    // The manifest last, flushed, then the folder's new name: a backup without its whole manifest never looks done.
    const manifestFile = path.join(partial, 'manifest.json');
    await writeFile(manifestFile, JSON.stringify(manifest, null, 1), { mode: 0o600, flush: true });
    await fsyncPath(partial);
    const dir = path.join(directory, name);
    await rename(partial, dir);
    await fsyncPath(directory);
    opts.log?.info(
      `backup ${dir} done: ${manifest.counts.rows} rows of ${manifest.counts.tables} tables, ${manifest.counts.files} files`,
    );
    if (opts.keep !== undefined) await prune(directory, opts.keep, opts.log);
    return { dir, manifest };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    opts.log?.warn(`backup ${name} failed: ${message}`);
    // Keep who started it and why it failed; the data goes (it is not a backup).
    try {
      const failed = path.join(directory, name + FAILED);
      await rename(partial, failed);
      for (const entry of await readdir(failed))
        if (entry !== 'backup.json') await rm(path.join(failed, entry), { recursive: true, force: true });
      await writeFile(path.join(failed, 'error.txt'), `${message}\n`, { mode: 0o600 });
    } catch {
      /* the directory itself is gone or unwritable: nothing more to record */
    }
    throw err;
  } finally {
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
  }
}

/** Keeps the `keep` newest done backups; removes older done ones, and failed ones older than the newest done. */
async function prune(directory: string, keep: number, log?: BackupOptions['log']): Promise<void> {
  const all = await listBackups(directory);
  const done = all.filter((b) => b.state === 'done');
  const newestDone = done[0]?.startedAt;
  const drop = [
    ...done.slice(Math.max(keep, 1)).map((b) => b.name),
    ...all
      .filter((b) => b.state === 'failed' && newestDone && b.startedAt < newestDone)
      .map((b) => b.name + FAILED),
  ];
  for (const name of drop) {
    await rm(path.join(directory, name), { recursive: true, force: true });
    log?.info(`removed the old backup ${name}`);
  }
}
