import { chmod, lstat, mkdir, opendir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Patients' scans and names: everything Archway writes under DATA_DIR is readable by its own user only (folders 0700,
 * files 0600). From now on through the process's umask (077), which every writer inherits (the file store, tus, the
 * logs, backups); what an earlier version wrote (0755 folders, 0644 files) is fixed once, at start, with a log line.
 * DATA_DIR's own mode tells whether that walk is needed: it is 0700 once this version has started on it.
 */
export async function keepPrivate(
  dataDir: string,
  log: { info(msg: string): void },
): Promise<{ fixed: number } | undefined> {
  restrictUmask();
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const st = await lstat(root);
  if ((st.mode & 0o077) === 0) return undefined;
  let fixed = 0;
  const fix = async (file: string, mode: number, current: number) => {
    if ((current & 0o777) === mode) return;
    await chmod(file, mode);
    fixed++;
  };
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of await opendir(dir)) {
      const full = path.join(dir, entry.name);
      // The embedded cluster is PostgreSQL's own (it keeps it 0700 itself); links are never followed.
      if (entry.isSymbolicLink() || (dir === root && entry.name === 'postgres')) continue;
      const s = await lstat(full).catch(() => undefined); // deleted meanwhile
      if (!s) continue;
      if (s.isDirectory()) {
        await fix(full, 0o700, s.mode);
        await walk(full);
      } else if (s.isFile()) await fix(full, 0o600, s.mode);
    }
  };
  await walk(root);
  await chmod(root, 0o700);
  fixed++;
  log.info(
    `made ${fixed} files and folders under ${root} readable by this user only (folders 0700, files 0600): ` +
      'an earlier version left them readable by others',
  );
  return { fixed };
}

/** Files and folders this process creates from now on are its user's only. Worker threads cannot set it: their
 * process has (the main thread sets it first). */
export function restrictUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    /* a worker thread: the process's umask is the main thread's */
  }
}
