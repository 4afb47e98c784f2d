import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { BackupTriggers, type BackupRow } from '@archway/contract';
import { assertKey } from '../storage/storage.ts';

/**
 * A backup is a folder `archway-backup-<UTC time>` (e.g. `archway-backup-20261202T030000Z`):
 *
 *   manifest.json           written last (fsynced, then the folder is renamed from `….partial`): what is in it
 *   backup.json             who started it and when (written first; all a partial or failed backup has)
 *   db/<schema>.<table>.copy.gz   each table in PostgreSQL's COPY text format, gzipped
 *   files/<storage key>     each stored file, byte for byte
 *
 * `….partial` is a backup being written (or one killed while written: the next backup removes it); `….failed` keeps
 * only backup.json and error.txt. Only a folder without a suffix whose manifest checks out is a backup.
 */
export const FORMAT = 'archway-backup';
export const FORMAT_VERSION = 1;
export const PREFIX = 'archway-backup-';
export const PARTIAL = '.partial';
export const FAILED = '.failed';

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const relFile = z
  .string()
  .max(600)
  .regex(/^(db|files)\/[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/)
  .refine((p) => !p.includes('..'), 'no ..');
const ident = z.string().min(1).max(63);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  archwayVersion: z.string(),
  trigger: z.enum(BackupTriggers),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The instant of the database snapshot: the backup is the state of that moment. */
  snapshotAt: z.string(),
  postgresVersion: z.string(),
  /** The last migration applied to the backed-up database (drizzle journal tag and time). */
  migration: z.object({ tag: z.string(), when: z.number(), hash: z.string() }),
  storage: z.object({ kind: z.enum(['local', 's3']) }),
  tables: z.array(
    z.object({
      schema: ident,
      name: ident,
      columns: z.array(ident),
      file: relFile,
      rows: z.number().int().min(0),
      size: z.number().int().min(0),
      sha256: sha,
    }),
  ),
  sequences: z.array(
    z.object({
      schema: ident,
      name: ident,
      value: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  files: z.array(z.object({ key: z.string(), file: relFile, size: z.number().int().min(0), sha256: sha })),
  counts: z.object({
    tables: z.number().int(),
    rows: z.number().int(),
    files: z.number().int(),
    fileBytes: z.number().int(),
    databaseBytes: z.number().int(),
  }),
  /** sha256 of this JSON without this field (JSON.stringify of the rest): a changed byte in the manifest shows. */
  checksum: sha,
});
export type Manifest = z.infer<typeof manifestSchema>;

export const startInfoSchema = z.object({
  trigger: z.enum(BackupTriggers),
  startedAt: z.string(),
  pid: z.number(),
  host: z.string(),
});
export type StartInfo = z.infer<typeof startInfoSchema>;

export function withChecksum(m: Omit<Manifest, 'checksum'>): Manifest {
  return { ...m, checksum: createHash('sha256').update(JSON.stringify(m)).digest('hex') };
}

/** A backup that cannot be restored: the message says why, for the operator. */
export class BackupInvalid extends Error {
  override name = 'BackupInvalid';
}

export async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Reads the manifest of a backup folder and checks it against itself (shape, checksum), not yet the files. */
export async function readManifest(dir: string): Promise<Manifest> {
  const base = path.basename(path.resolve(dir));
  if (base.endsWith(PARTIAL))
    throw new BackupInvalid(
      `${dir} is a partial backup (still being written, or interrupted): it cannot be restored. Use a complete one.`,
    );
  if (base.endsWith(FAILED)) throw new BackupInvalid(`${dir} is a failed backup: it cannot be restored.`);
  let text: string;
  try {
    text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupInvalid(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `${dir} has no manifest.json: not an Archway backup, or one that was not finished.`
        : `cannot read ${path.join(dir, 'manifest.json')}: ${(err as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupInvalid(`${dir}/manifest.json is damaged (not JSON).`);
  }
  if ((raw as { format?: unknown } | null)?.format !== FORMAT)
    throw new BackupInvalid(`${dir}/manifest.json is not an Archway backup manifest.`);
  if ((raw as { formatVersion?: unknown }).formatVersion !== FORMAT_VERSION)
    throw new BackupInvalid(
      `${dir} is a backup of format ${String((raw as { formatVersion?: unknown }).formatVersion)}; this Archway reads format ${FORMAT_VERSION}.`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupInvalid(
      `${dir}/manifest.json is damaged: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const { checksum, ...rest } = parsed.data;
  if (withChecksum(rest).checksum !== checksum)
    throw new BackupInvalid(`${dir}/manifest.json is damaged: its checksum does not match its content.`);
  for (const f of parsed.data.files) {
    try {
      assertKey(f.key);
    } catch {
      throw new BackupInvalid(`${dir}/manifest.json names an invalid storage key.`);
    }
    if (f.file !== `files/${f.key}`) throw new BackupInvalid(`${dir}/manifest.json is damaged (file paths).`);
  }
  return parsed.data;
}

/**
 * Checks a whole backup before anything is restored: the manifest, then every file it lists (present, its size, its
 * sha256). Throws BackupInvalid naming the first problem; answers the manifest.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const entries = [
    ...manifest.tables.map((t) => ({ file: t.file, size: t.size, sha256: t.sha256 })),
    ...manifest.files,
  ];
  for (const e of entries) {
    const full = path.join(dir, ...e.file.split('/'));
    let st;
    try {
      st = await stat(full);
    } catch {
      throw new BackupInvalid(`the backup ${dir} is incomplete: ${e.file} is missing. Nothing was restored.`);
    }
    if (!st.isFile() || st.size !== e.size)
      throw new BackupInvalid(
        `the backup ${dir} is damaged: ${e.file} has ${st.size} bytes, the manifest says ${e.size}. Nothing was restored.`,
      );
    const { sha256 } = await sha256File(full);
    if (sha256 !== e.sha256)
      throw new BackupInvalid(
        `the backup ${dir} is damaged: the content of ${e.file} differs from its manifest (sha256). Nothing was restored.`,
      );
  }
  return manifest;
}

/** The time of a backup's name: `20261202T030000Z` for an instant. */
export function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A partial backup's writer still runs (on this machine; one on another machine is taken as running). */
export function writerAlive(info: StartInfo | undefined): boolean {
  if (!info) return false;
  if (info.host !== hostname()) return true;
  return processAlive(info.pid);
}

async function readStartInfo(dir: string): Promise<StartInfo | undefined> {
  try {
    return startInfoSchema.parse(JSON.parse(await readFile(path.join(dir, 'backup.json'), 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * The backups of a directory, newest first, as the console shows them: done (a manifest that reads), running (a
 * partial one whose writer lives), failed (a failed one, or a partial one whose writer is gone: interrupted). A done
 * backup's files are not re-hashed here (restore does that); its manifest's checksum is checked.
 */
export async function listBackups(directory: string): Promise<BackupRow[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const rows: BackupRow[] = [];
  for (const name of names.filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(directory, name);
    if (name.endsWith(PARTIAL) || name.endsWith(FAILED)) {
      const info = await readStartInfo(dir);
      const running = name.endsWith(PARTIAL) && writerAlive(info);
      let error: string | null = null;
      if (!running)
        error = name.endsWith(FAILED)
          ? (await readFile(path.join(dir, 'error.txt'), 'utf8').catch(() => '')).trim() || 'failed'
          : 'interrupted: the process writing it stopped before it was done (the next backup removes it)';
      rows.push({
        name: name.replace(/\.(partial|failed)$/, ''),
        state: running ? 'running' : 'failed',
        trigger: info?.trigger ?? 'command',
        startedAt: info?.startedAt ?? timeOfName(name),
        finishedAt: null,
        sizeBytes: null,
        rows: null,
        files: null,
        error,
      });
      continue;
    }
    try {
      const m = await readManifest(dir);
      rows.push({
        name,
        state: 'done',
        trigger: m.trigger,
        startedAt: m.startedAt,
        finishedAt: m.finishedAt,
        sizeBytes: m.counts.databaseBytes + m.counts.fileBytes,
        rows: m.counts.rows,
        files: m.counts.files,
        error: null,
      });
    } catch (err) {
      rows.push({
        name,
        state: 'failed',
        trigger: 'command',
        startedAt: timeOfName(name),
        finishedAt: null,
        sizeBytes: null,
        rows: null,
        files: null,
        error: (err as Error).message,
      });
    }
  }
  return rows.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0));
}

function timeOfName(name: string): string {
  const m = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : new Date(0).toISOString();
}

/**
 * The newest done backup of a directory (for `/metrics`: the last backup's age), or undefined when there is none.
 */
export async function lastBackup(
  directory: string,
): Promise<{ name: string; finishedAt: Date; sizeBytes: number } | undefined> {
  const done = (await listBackups(directory)).filter((b) => b.state === 'done' && b.finishedAt);
  const newest = done.sort((a, b) => (a.finishedAt! < b.finishedAt! ? 1 : -1))[0];
  return newest
    ? { name: newest.name, finishedAt: new Date(newest.finishedAt!), sizeBytes: newest.sizeBytes ?? 0 }
    : undefined;
}
