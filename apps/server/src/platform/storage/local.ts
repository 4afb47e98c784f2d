import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, opendir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  assertRange,
  measure,
  StorageNotFound,
  StorageRangeNotSatisfiable,
  type ByteRange,
  type ListedObject,
  type StagedUpload,
  type Storage,
  type StoredObject,
} from './storage.ts';

const TMP = '.tmp';

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

/**
 * Objects as files under `root`, the key's segments as directories. A put writes `root/.tmp/<uuid>` (same file
 * system), flushes it and renames it into place, so readers see the old object or the whole new one. Keys cannot
 * start with a dot, so `.tmp` is never a key's directory.
 */
export async function createLocalStorage(root: string): Promise<Storage> {
  const base = path.resolve(root);
  const tmpDir = path.join(base, TMP);
  await mkdir(tmpDir, { recursive: true });
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };

  /** Renames a finished temporary file into place; a concurrent delete may prune the directory meanwhile: again. */
  async function moveIn(tmp: string, file: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(tmp, file);
        return;
      } catch (err) {
        if (errno(err) !== 'ENOENT' || attempt >= 5) throw err;
      }
    }
  }

  /** Removes the now empty directories between a deleted file and the root. */
  async function prune(dir: string): Promise<void> {
    while (dir !== base && dir.startsWith(base + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone, or in use by a concurrent put): stop
      }
      dir = path.dirname(dir);
    }
  }

  async function* walk(dir: string, keyDir: string): AsyncGenerator<ListedObject> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch (err) {
      if (errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR') return;
      throw err;
    }
    for await (const entry of handle) {
      if (entry.name.startsWith('.')) continue;
      const key = keyDir ? `${keyDir}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full, key);
      else if (entry.isFile()) {
        const s = await stat(full).catch(() => undefined); // deleted meanwhile
        if (s) yield { key, size: s.size, modifiedAt: s.mtime };
      }
    }
  }

  const storage: Storage = {
    kind: 'local',

    async put(key: string, body: Readable | Buffer): Promise<StoredObject> {
      const file = fileOf(key);
      const tmp = path.join(tmpDir, randomUUID());
      const measured = measure(body);
      try {
        await pipeline(measured.chunks, createWriteStream(tmp, { flags: 'wx', flush: true }));
        await moveIn(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        if (!Buffer.isBuffer(body)) body.destroy();
        throw err;
      }
      return measured.result();
    },

    async adopt(key: string, source: StagedUpload) {
      const file = fileOf(key);
      if (!source.file) return storage.put(key, await source.read());
      const tmp = path.join(tmpDir, randomUUID());
      try {
        await link(source.file, tmp);
      } catch (err) {
        // Another file system (EXDEV) or one without hard links: copy.
        if (['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(errno(err) ?? ''))
          return storage.put(key, await source.read());
        throw err;
      }
      try {
        const handle = await open(tmp, 'r');
        try {
          await handle.datasync();
          const { size } = await handle.stat();
          await moveIn(tmp, file);
          return { size };
        } finally {
          await handle.close();
        }
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      assertRange(range);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR' || errno(err) === 'EISDIR')
          throw new StorageNotFound(key);
        throw err;
      }
      try {
        const s = await handle.stat();
        if (!s.isFile()) throw new StorageNotFound(key);
        if (range && range.start >= s.size) throw new StorageRangeNotSatisfiable(key, s.size);
        return createReadStream('', {
          fd: handle,
          start: range?.start,
          end: range ? Math.min(range.end ?? s.size - 1, s.size - 1) : undefined,
        });
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async stat(key: string) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        return s.isFile() ? { size: s.size } : undefined;
      } catch (err) {
        if (errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR') return undefined;
        throw err;
      }
    },

    async delete(key: string): Promise<void> {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR') return;
        throw err;
      }
      await prune(path.dirname(file));
    },

    list(prefix: string): AsyncIterable<ListedObject> {
      assertPrefix(prefix);
      // Walk from the deepest whole directory the prefix names, keep keys that start with it.
      const dirKey = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = dirKey ? path.join(base, ...dirKey.split('/')) : base;
      return (async function* () {
        for await (const o of walk(start, dirKey)) if (o.key.startsWith(prefix)) yield o;
      })();
    },

    async close(): Promise<void> {},
  };
  return storage;
}
