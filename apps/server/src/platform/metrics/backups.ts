import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A backup's folder name (packages/contract/src/backups.ts): `archway-backup-<time>`. */
const BACKUP_FOLDER = /^archway-backup-[\w.-]+$/;

const time = (v: unknown): Date | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * When the newest complete backup in `directory` was written, or undefined when there is none (or no directory):
 * the newest `archway-backup-*` folder holding a readable `manifest.json` (written last, so a backup without one is
 * partial) that does not say it failed or is running. The time is the manifest's `finishedAt` (or `createdAt`),
 * else the manifest file's own modification time. Read at scrape time: a listing and one small file.
 */
export async function newestBackup(directory: string): Promise<Date | undefined> {
  let names: string[];
  try {
    names = (await readdir(directory, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && BACKUP_FOLDER.test(d.name))
      .map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let newest: Date | undefined;
  for (const name of names) {
    const file = path.join(directory, name, 'manifest.json');
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    } catch {
      continue; // partial (no manifest yet) or damaged
    }
    if (!manifest || typeof manifest !== 'object') continue;
    if (manifest.state === 'failed' || manifest.state === 'running') continue;
    const at =
      time(manifest.finishedAt) ??
      time(manifest.createdAt) ??
      (await stat(file).then(
        (s) => s.mtime,
        () => undefined,
      ));
    if (at && (!newest || at > newest)) newest = at;
  }
  return newest;
}
