import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, opendir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { keepPrivate } from './private-files.ts';

/** Every folder and file under `root` (links and the embedded cluster aside) with its permission bits. */
async function modes(root: string): Promise<{ file: string; dir: boolean; mode: number }[]> {
  const out: { file: string; dir: boolean; mode: number }[] = [];
  const walk = async (dir: string) => {
    for await (const entry of await opendir(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink() || (dir === root && entry.name === 'postgres')) continue;
      const st = await lstat(full);
      out.push({ file: path.relative(root, full), dir: st.isDirectory(), mode: st.mode & 0o777 });
      if (st.isDirectory()) await walk(full);
    }
  };
  out.push({ file: '.', dir: true, mode: (await lstat(root)).mode & 0o777 });
  await walk(root);
  return out;
}

const isRoot = process.getuid?.() === 0;

/** Another local account (nobody) tries to read the file: only possible to try when the tests run as root. */
function readableByNobody(file: string): boolean {
  const res = spawnSync('cat', [file], { uid: 65534, gid: 65534, stdio: 'ignore' });
  return res.status === 0;
}

describe('what Archway writes under DATA_DIR', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // An earlier Archway's process could have left the umask at the usual 022: this one must not rely on it.
    process.umask(0o022);
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const a = t.app.server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => t.close());

  it('is readable by its own user only: folders 0700, files 0600 (a tus upload and a stored scan)', async () => {
    const { factories } = await import('../testing/factories.ts');
    const clinic = await factories(t.app).org();
    // A tus upload staged in DATA_DIR/uploads (its first bytes), and a stored object in DATA_DIR/files.
    const created = await fetch(`${base}/api/case/upload/`, {
      method: 'POST',
      headers: { ...clinic.owner.headers, 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const patched = await fetch(`${base}/api/case/upload/${id}`, {
      method: 'PATCH',
      headers: {
        ...clinic.owner.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(Buffer.from('ply\nformat ascii 1.0\n')),
    });
    expect(patched.status).toBe(204);
    await t.app.platform.storage.put('cases/private-check/scan.ply', Buffer.from('a patient scan'));

    const all = await modes(t.dataDir);
    expect(all.map((e) => e.file)).toEqual(
      expect.arrayContaining(['uploads', path.join('uploads', id), path.join('files', 'cases')]),
    );
    const open = all.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    expect(open.map((e) => `${e.file} ${e.mode.toString(8)}`)).toEqual([]);
    if (isRoot) {
      expect(readableByNobody(path.join(t.dataDir, 'files', 'cases', 'private-check', 'scan.ply'))).toBe(
        false,
      );
      expect(readableByNobody(path.join(t.dataDir, 'uploads', id))).toBe(false);
    }
  });
});

/** A DATA_DIR as an earlier version left it: folders 0755, files 0644 (8 in all, DATA_DIR included). */
async function earlierDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'archway-earlier-'));
  for (const d of ['files/cases/a1', 'files/thumbs', 'uploads'])
    await mkdir(path.join(dir, d), { recursive: true, mode: 0o755 });
  await writeFile(path.join(dir, 'files/cases/a1/scan.ply'), 'old scan', { mode: 0o644 });
  await writeFile(path.join(dir, 'uploads/partial'), 'old upload', { mode: 0o644 });
  // Explicit modes: the umask of this process may already be Archway's.
  for (const d of ['', 'files', 'files/cases', 'files/cases/a1', 'files/thumbs', 'uploads'])
    await chmod(path.join(dir, d), 0o755);
  for (const f of ['files/cases/a1/scan.ply', 'uploads/partial']) await chmod(path.join(dir, f), 0o644);
  return dir;
}

const notPrivate = async (dir: string) =>
  (await modes(dir)).filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));

describe('a DATA_DIR an earlier version left readable by others', () => {
  it('is made private once, with a log line; the next time walks nothing', async () => {
    const dir = await earlierDataDir();
    try {
      const lines: string[] = [];
      const log = { info: (msg: string) => lines.push(msg) };
      expect(await keepPrivate(dir, log)).toEqual({ fixed: 8 });
      expect(await notPrivate(dir)).toEqual([]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/made 8 files and folders .* readable by this user only/);

      expect(await keepPrivate(dir, log)).toBeUndefined();
      expect(lines).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is made private when Archway starts on it, before anything is written', async () => {
    const dir = await earlierDataDir();
    try {
      let out = '';
      const t = await createTestApp(
        'postgres',
        { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0', LOG_LEVEL: 'info', DATA_DIR: dir },
        { logOut: { write: (chunk: string) => (out += chunk) } },
      );
      await t.close();
      expect(await notPrivate(dir)).toEqual([]);
      expect(out.split('\n').filter((l) => /readable by this user only/.test(l))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
