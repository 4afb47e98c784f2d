import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { FAILED, PARTIAL, PREFIX, readManifest } from '../backup/manifest.ts';

/**
 * When the newest complete backup in `directory` (BACKUP_DIR) finished, or undefined when there is none (or no
 * directory). Complete as the backup code defines it (platform/backup/manifest.ts): a folder `archway-backup-<time>`
 * without the `.partial` or `.failed` suffix whose manifest reads and checks against its own checksum (the files are
 * not re-hashed: that is restore's work). Folders are tried newest first (their names are UTC times) and the first
 * good one answers; a manifest already read is not parsed again while its file is unchanged.
 */
export function backupReader(directory: string): () => Promise<Date | undefined> {
  const known = new Map<string, { stamp: string; finishedAt: Date | undefined }>();
  return async () => {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw err;
    }
    const candidates = names
      .filter((n) => n.startsWith(PREFIX) && !n.endsWith(PARTIAL) && !n.endsWith(FAILED))
      .sort()
      .reverse();
    for (const name of candidates) {
      const dir = path.join(directory, name);
      const s = await stat(path.join(dir, 'manifest.json')).catch(() => undefined);
      if (!s?.isFile()) continue;
      const stamp = `${s.mtimeMs}:${s.size}`;
      let entry = known.get(name);
      if (entry?.stamp !== stamp) {
        const finishedAt = await readManifest(dir).then(
          (m) => new Date(m.finishedAt),
          () => undefined,
        );
        entry = {
          stamp,
          finishedAt: finishedAt && !Number.isNaN(finishedAt.getTime()) ? finishedAt : undefined,
        };
        known.set(name, entry);
      }
      if (entry.finishedAt) return entry.finishedAt;
    }
    return undefined;
  };
}
