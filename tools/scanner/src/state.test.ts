import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonUrlStorage, lockState, StateLockedError } from './state.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-state-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const upload = (url: string) => ({
  size: 10,
  metadata: { filename: 'a.ply' },
  creationTime: 'now',
  uploadUrl: url,
  parallelUploadUrls: null,
  urlStorageKey: '',
});

describe('JsonUrlStorage (tus upload URLs in one JSON file)', () => {
  it('adds, finds by fingerprint, replaces, removes and forgets', async () => {
    const file = path.join(dir, 'uploads.json');
    const s = new JsonUrlStorage(file);
    expect(await s.findAllUploads()).toEqual([]);
    const [k1, k2] = await Promise.all([
      s.addUpload('fp:a', upload('u1')),
      s.addUpload('fp:b', upload('u2')),
    ]);
    expect((await s.findUploadsByFingerprint('fp:a')).map((u) => [u.uploadUrl, u.urlStorageKey])).toEqual([
      ['u1', k1],
    ]);
    // "fp:a" is not a prefix match for "fp:ab".
    await s.addUpload('fp:ab', upload('u3'));
    expect((await s.findUploadsByFingerprint('fp:a')).map((u) => u.uploadUrl)).toEqual(['u1']);
    // A new upload of the same fingerprint replaces the old one; a second instance reads the same file.
    await s.addUpload('fp:a', upload('u4'));
    expect((await new JsonUrlStorage(file).findUploadsByFingerprint('fp:a')).map((u) => u.uploadUrl)).toEqual(
      ['u4'],
    );
    await s.removeUpload(k2);
    expect(await s.findUploadsByFingerprint('fp:b')).toEqual([]);
    await s.forget(['fp:a', 'fp:ab']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({});
  });

  it('treats a damaged file as empty', async () => {
    const file = path.join(dir, 'damaged.json');
    await writeFile(file, '{"tus::x');
    expect(await new JsonUrlStorage(file).findAllUploads()).toEqual([]);
  });
});

describe('lockState', () => {
  it('refuses a second holder while the first lives; the lock goes on release', async () => {
    const state = path.join(dir, 'locked');
    const release = await lockState(state);
    // Another live process holds it.
    await writeFile(path.join(state, 'lock'), String(process.ppid));
    await expect(lockState(state)).rejects.toBeInstanceOf(StateLockedError);
    await release();
    const again = await lockState(state);
    await again();
  });

  it('takes over the lock of a process that is gone, or one nobody touched for long', async () => {
    const state = path.join(dir, 'stale');
    const first = await lockState(state);
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    await writeFile(path.join(state, 'lock'), gone.stdout.trim());
    const second = await lockState(state);
    expect(await readFile(path.join(state, 'lock'), 'utf8')).toBe(String(process.pid));

    await writeFile(path.join(state, 'lock'), String(process.ppid));
    const old = new Date(Date.now() - 60_000);
    await utimes(path.join(state, 'lock'), old, old);
    const third = await lockState(state);
    await Promise.all([first(), second(), third()]);
  });
});
