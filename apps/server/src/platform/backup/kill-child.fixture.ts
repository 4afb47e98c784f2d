/**
 * A backup that pauses after its second stored file (restore.test.ts kills it there with SIGKILL).
 * Arguments: database URL, local storage directory, backup directory.
 */
import { createLocalStorage } from '../storage/local.ts';
import { runBackup } from './backup.ts';

const [databaseUrl, filesRoot, directory] = process.argv.slice(2) as [string, string, string];
const storage = await createLocalStorage(filesRoot);
await runBackup({
  databaseUrl,
  storage,
  directory,
  trigger: 'command',
  onFileCopied: async (done) => {
    if (done !== 2) return;
    process.stdout.write('paused\n');
    await new Promise(() => undefined);
  },
});
