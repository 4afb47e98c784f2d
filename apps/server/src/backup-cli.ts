import { commandConfig, commandDatabase, fail, out } from './cli.ts';
import { createStorage } from './platform/storage/create.ts';
import { BackupRefusal, runBackup } from './platform/backup/backup.ts';

/**
 * `npm run backup`: one backup now, to BACKUP_DIR (default DATA_DIR/backups), while Archway runs or not. It reads the
 * same environment as the server. On the embedded database it connects to the running Archway's PostgreSQL (Archway
 * keeps serving), or, when Archway is not running, starts the embedded PostgreSQL of DATA_DIR for the time of the
 * backup. Keeps the BACKUP_KEEP newest backups. Exit codes: 0 done, 1 refused or failed, 2 bad configuration.
 */
async function main() {
  const config = commandConfig();
  if (!config) return;
  const database = await commandDatabase(config, { reuseRunning: true });
  if (!database) return;
  const storage = await createStorage(config.storage);
  const started = Date.now();
  try {
    const { dir, manifest } = await runBackup({
      databaseUrl: database.url,
      storage,
      directory: config.backupDir,
      trigger: 'command',
      keep: config.backupKeep,
    });
    const mb = (manifest.counts.databaseBytes + manifest.counts.fileBytes) / 1024 ** 2;
    out(
      `Backup written to ${dir}: ${manifest.counts.rows} rows of ${manifest.counts.tables} tables and ` +
        `${manifest.counts.files} files, ${mb.toFixed(1)} MiB, in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(the state of ${manifest.snapshotAt}).`,
    );
  } catch (err) {
    if (err instanceof BackupRefusal) return fail(err.message, 1);
    return fail(`The backup failed: ${(err as Error).message}`, 1);
  } finally {
    await storage.close();
    await database.stop?.();
  }
}

await main();
