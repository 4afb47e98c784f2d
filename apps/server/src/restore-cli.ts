import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandConfig, commandDatabase, fail, log, out } from './cli.ts';
import { createStorage } from './platform/storage/create.ts';
import { BackupInvalid, verifyBackup } from './platform/backup/manifest.ts';
import { restoreBackup, RestoreTargetNotEmpty } from './platform/backup/restore.ts';

/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup made by `npm run backup` (or the schedule, or the
 * console) into the database and storage this environment names: the embedded PostgreSQL of DATA_DIR and
 * DATA_DIR/files by default, or DATABASE_URL and STORAGE_URL. Archway must not be running on them. The backup is
 * checked whole first (every file's sha256): a damaged or partial one is refused with nothing changed, and so is a
 * target holding data, unless --force (which replaces it). Exit codes: 0 restored, 1 refused or failed, 2 bad input.
 */
const USAGE = 'Usage: npm run restore -- <backup folder> [--force]';

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  const [given, ...extra] = parsed.positionals;
  if (!given || extra.length) return fail(USAGE, 2);
  // npm runs the script in apps/server: a relative path is the caller's (INIT_CWD is where `npm run` was typed).
  const backupDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(backupDir)) return fail(`${backupDir} does not exist.\n${USAGE}`, 2);
  const config = commandConfig();
  if (!config) return;
  const started = Date.now();
  // The whole backup is checked before anything is touched (not even an embedded cluster is created).
  let manifest;
  try {
    out(`Checking ${backupDir} …`);
    manifest = await verifyBackup(backupDir);
  } catch (err) {
    if (err instanceof BackupInvalid) return fail(`Refused: ${err.message}`, 1);
    throw err;
  }
  const database = await commandDatabase(config);
  if (!database) return;
  const storage = await createStorage(config.storage);
  try {
    await restoreBackup({
      backupDir,
      databaseUrl: database.url,
      storage,
      force: parsed.values.force ?? false,
      verified: manifest,
      log,
    });
    out(
      `Restored ${backupDir} (the state of ${manifest.snapshotAt}, Archway ${manifest.archwayVersion}): ` +
        `${manifest.counts.rows} rows, ${manifest.counts.files} files, in ${((Date.now() - started) / 1000).toFixed(1)} s. ` +
        'Start Archway with the same environment.',
    );
  } catch (err) {
    if (err instanceof BackupInvalid || err instanceof RestoreTargetNotEmpty)
      return fail(`Refused: ${err.message}`, 1);
    return fail(`The restore failed: ${(err as Error).message}`, 1);
  } finally {
    await storage.close();
    await database.stop?.();
  }
}

await main();
