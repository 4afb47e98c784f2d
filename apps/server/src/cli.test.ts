import { spawn } from 'node:child_process';
import { lstat, mkdtemp, opendir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discardDataDir } from './platform/db/embedded.ts';
import { createTestApp } from './testing/test-app.ts';

/** The commands as an operator runs them (`npm run backup`, `npm run restore`), each in a process of its own. */
function command(script: string, args: string[], env: Record<string, string>) {
  const file = new URL(script, import.meta.url).pathname;
  // Only what the test gives decides where data goes.
  const { DATABASE_URL: _d, STORAGE_URL: _s, DATA_DIR: _dd, BACKUP_DIR: _b, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    proc.once('exit', (code) => resolve({ code, output })),
  );
}

async function openModes(root: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of await opendir(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const st = await lstat(full);
      if ((st.mode & 0o077) !== 0) open.push(`${path.relative(root, full)} ${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) await walk(full);
    }
  };
  await walk(root);
  return open;
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await discardDataDir(d);
});

describe('npm run backup and npm run restore', { timeout: 180_000 }, () => {
  it('back up an external database, restore into an empty DATA_DIR privately, refuse it a second time', async () => {
    const source = await createTestApp('postgres', { SCAN_THREADS: '0' });
    const backups = await mkdtemp(path.join(tmpdir(), 'archway-cli-backups-'));
    const target = await mkdtemp(path.join(tmpdir(), 'archway-cli-target-'));
    dirs.push(backups, target);
    try {
      await source.app.platform.storage.put('cases/cli-check/scan.ply', Buffer.from('a patient scan'));
      const backup = await command('./backup-cli.ts', [], { ...source.env, BACKUP_DIR: backups });
      expect(backup).toMatchObject({ code: 0, output: expect.stringMatching(/^Backup written to /m) });
      const [name] = await readdir(backups);
      expect(name).toMatch(/^archway-backup-\d{8}T\d{6}Z$/);

      // An empty DATA_DIR: the embedded database and local files (no DATABASE_URL, no STORAGE_URL).
      const env = { DATA_DIR: target, PUBLIC_URL: 'http://archway.test' };
      // The shell's usual umask (this test process may hold Archway's already): the command must not rely on it.
      process.umask(0o022);
      const restored = await command('./restore-cli.ts', [path.join(backups, name!)], env);
      expect(restored).toMatchObject({ code: 0, output: expect.stringMatching(/^Restored /m) });
      // Patients' files restored are its user's only, like everything the server writes.
      expect(await openModes(target)).toEqual([]);
      expect((await lstat(path.join(target, 'files', 'cases', 'cli-check', 'scan.ply'))).size).toBe(14);

      const again = await command('./restore-cli.ts', [path.join(backups, name!)], env);
      expect(again).toMatchObject({
        code: 1,
        output: expect.stringMatching(/Refused: The target is not empty/),
      });
    } finally {
      await source.close();
    }
  });

  it('a bad configuration exits 2 with the list of problems, touching nothing', async () => {
    const target = await mkdtemp(path.join(tmpdir(), 'archway-cli-bad-'));
    dirs.push(target);
    const res = await command('./backup-cli.ts', [], { DATA_DIR: target, PORT: 'not-a-port' });
    expect(res.code).toBe(2);
    expect(res.output).toMatch(/PORT/);
    expect(await readdir(target)).toEqual([]);
    await rm(target, { recursive: true, force: true });
  });
});
