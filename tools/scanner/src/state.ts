import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { PreviousUpload, UrlStorage } from 'tus-js-client';

/**
 * The local state that lets a second run resume: tus upload URLs by fingerprint (`uploads.json`), and the prepared
 * bytes of each file (`prepared/<key>.json`, plus `<key>.awenc` for an encrypted copy) until the case is created.
 */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ARCHWAY_SCAN_STATE || path.join(homedir(), '.archway-scan');
}

/** A short, stable name for a long key (file names under the state directory). */
export const keyName = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** Writes JSON to a temporary file and renames it over the target, so a kill never leaves half a file. */
export async function writeJsonAtomic(file: string, data: unknown) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(data, null, 1), { mode: 0o600 });
  await rename(tmp, file);
}

export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof SyntaxError) return undefined;
    throw err;
  }
}

type Stored = Omit<PreviousUpload, 'urlStorageKey'>;

/**
 * tus-js-client's UrlStorage in one small JSON file. One process at a time per state directory is assumed (the
 * command holds a lock file while it uploads); writes within the process are serialized and atomic.
 */
export class JsonUrlStorage implements UrlStorage {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(readonly file: string) {}

  private async load(): Promise<Record<string, Stored>> {
    return (await readJson<Record<string, Stored>>(this.file)) ?? {};
  }

  private change<T>(fn: (data: Record<string, Stored>) => T): Promise<T> {
    const next = this.queue.then(async () => {
      const data = await this.load();
      const out = fn(data);
      await writeJsonAtomic(this.file, data);
      return out;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  async findAllUploads(): Promise<PreviousUpload[]> {
    return this.find('tus::');
  }

  async findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return this.find(`tus::${fingerprint}::`);
  }

  private async find(prefix: string): Promise<PreviousUpload[]> {
    await this.queue;
    const data = await this.load();
    return Object.entries(data)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => ({ ...value, urlStorageKey: key }));
  }

  removeUpload(urlStorageKey: string): Promise<void> {
    return this.change((data) => {
      delete data[urlStorageKey];
    });
  }

  addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `tus::${fingerprint}::${randomBytes(6).toString('hex')}`;
    return this.change((data) => {
      // One live upload per fingerprint: a new one replaces any older (a stale URL would only be tried first).
      for (const k of Object.keys(data)) if (k.startsWith(`tus::${fingerprint}::`)) delete data[k];
      const { urlStorageKey: _drop, ...rest } = upload as PreviousUpload & { urlStorageKey?: string };
      data[key] = rest;
      return key;
    });
  }

  /** Forgets every upload of these fingerprints (after the case is created). */
  forget(fingerprints: string[]): Promise<void> {
    return this.change((data) => {
      for (const k of Object.keys(data)) {
        if (fingerprints.some((f) => k.startsWith(`tus::${f}::`))) delete data[k];
      }
    });
  }
}

/** How often a running command touches its lock, and after how long without a touch a lock is stale. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 30_000;

/**
 * An exclusive lock on the state directory while a command uploads (a second concurrent run is refused). The lock
 * holds the process id and is touched every few seconds: a lock whose process is gone, or that nobody touched for
 * 30 s (a killed process whose id was reused), is taken over.
 */
export async function lockState(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'lock');
  const tryTake = () => writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  try {
    await tryTake();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    const touched = (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
    if (pid && pid !== process.pid && alive(pid) && Date.now() - touched < STALE_MS) {
      throw new StateLockedError(dir, pid);
    }
    await rm(file, { force: true });
    await tryTake();
  }
  const beat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  return async () => {
    clearInterval(beat);
    await rm(file, { force: true });
  };
}

/** Whether a process runs (a zombie, killed but not yet reaped, does not: Linux's /proc tells). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\S+ \(.*\) [ZX] /s.test(fields);
  } catch {
    return true;
  }
}

export class StateLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`another archway-scan (process ${pid}) is using ${dir}; wait for it or pass --state DIR`);
    this.name = 'StateLockedError';
  }
}
