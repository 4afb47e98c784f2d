import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type StorageConfig } from '../../config.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';
import { createStorage } from './create.ts';
import { createS3Storage } from './s3.ts';
import {
  InvalidStorageKey,
  StorageNotFound,
  StorageRangeNotSatisfiable,
  type StagedUpload,
  type Storage,
} from './storage.ts';

const MiB = 1024 * 1024;

/** A deterministic byte at each offset, so any range of a large body can be checked without keeping the body. */
const byteAt = (n: number) => (n * 31 + Math.floor(n / 8191)) & 0xff;
function patternChunk(offset: number, length: number): Buffer {
  const b = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) b[i] = byteAt(offset + i);
  return b;
}

/** `total` bytes in 64 KiB chunks, generated as read; throws `failAt` bytes in when given. */
function patternStream(total: number, failAt?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < total; offset += 64 * 1024) {
        if (failAt !== undefined && offset >= failAt) throw new Error('source broke');
        yield patternChunk(offset, Math.min(64 * 1024, total - offset));
      }
    })(),
    { objectMode: false },
  );
}
function patternSha256(total: number): string {
  const h = createHash('sha256');
  for (let offset = 0; offset < total; offset += MiB)
    h.update(patternChunk(offset, Math.min(MiB, total - offset)));
  return h.digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const h = createHash('sha256');
  let size = 0;
  for await (const c of stream) {
    h.update(c as Buffer);
    size += (c as Buffer).length;
  }
  return { size, sha256: h.digest('hex') };
}
async function keysOf(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys.sort();
}

interface Backend {
  storage: Storage;
  /** Local only: the directory, to look for leftovers. */
  directory?: string;
  /** Stages bytes as the uploads layer does on this back end's medium (a file beside storage, an object of the bucket). */
  stage(body: Buffer): Promise<StagedUpload>;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'local directory',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-storage-'));
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.storage).toEqual({ kind: 'local', directory: path.join(dataDir, 'files') });
      const storage = await createStorage(config.storage);
      return {
        storage,
        directory: path.join(dataDir, 'files'),
        stage: async (body) => {
          const file = path.join(dataDir, 'uploads', randomUUID());
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, body);
          return { size: body.length, file, read: async () => createReadStream(file) };
        },
        close: async () => {
          await storage.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3 = await startTestS3();
      // Under a prefix, and listing two keys a page, so that pages and the prefix are both exercised.
      const url = s3.url.replace(`s3://${s3.bucket}?`, `s3://${s3.bucket}/tenant-a?`);
      const config = loadConfig({ STORAGE_URL: url, ...s3.env }).storage;
      if (config.kind !== 's3') throw new Error('expected s3');
      const { kind: _kind, ...options } = config;
      const storage = await createS3Storage({ ...options, listPageSize: 2 });
      return {
        storage,
        stage: async (body) => {
          const key = `staging/${randomUUID()}`;
          await storage.put(key, body);
          return {
            size: body.length,
            bucket: s3.bucket,
            bucketKey: `tenant-a/${key}`,
            read: () => storage.get(key),
          };
        },
        close: async () => {
          await storage.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(backends)('storage on %s', (_name, make) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await make();
    storage = backend.storage;
  });
  afterAll(() => backend?.close());
  const prefix = () => `t/${randomUUID()}`;

  it('streams a large body in and out whole, with its size and sha256', async () => {
    const total = 20 * MiB + 12345; // several S3 parts, the last one short
    const key = `${prefix()}/big`;
    const stored = await storage.put(key, patternStream(total), { contentType: 'application/octet-stream' });
    const expected = { size: total, sha256: patternSha256(total) };
    expect(stored).toEqual(expected);
    expect(await storage.stat(key)).toEqual({ size: total });
    expect(await digest(await storage.get(key))).toEqual(expected);
    // A range across the first S3 part boundary (8 MiB).
    const start = 8 * MiB - 1000;
    const part = await readAll(await storage.get(key, { start, end: start + 2999 }));
    expect(part.equals(patternChunk(start, 3000))).toBe(true);
    // The last bytes, open-ended.
    const tail = await readAll(await storage.get(key, { start: total - 10 }));
    expect(tail.equals(patternChunk(total - 10, 10))).toBe(true);
  });

  it('stores a Buffer, replaces an object, and reads ranges as HTTP does', async () => {
    const key = `${prefix()}/small.bin`;
    const body = Buffer.from('abcdefghij');
    expect(await storage.put(key, Buffer.from('old'))).toMatchObject({ size: 3 });
    expect(await storage.put(key, body)).toEqual({
      size: 10,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    const read = async (range?: { start: number; end?: number }) =>
      (await readAll(await storage.get(key, range))).toString();
    expect(await read()).toBe('abcdefghij');
    expect(await read({ start: 0 })).toBe('abcdefghij');
    expect(await read({ start: 3 })).toBe('defghij');
    expect(await read({ start: 2, end: 4 })).toBe('cde');
    expect(await read({ start: 9, end: 9 })).toBe('j');
    expect(await read({ start: 9 })).toBe('j');
    expect(await read({ start: 5, end: 100 })).toBe('fghij');
    await expect(storage.get(key, { start: 10 })).rejects.toBeInstanceOf(StorageRangeNotSatisfiable);
    await expect(storage.get(key, { start: 4, end: 2 })).rejects.toThrow(/range/);
    await expect(storage.get(key, { start: -1 })).rejects.toThrow(/range/);
  });

  it('stores an empty body', async () => {
    const key = `${prefix()}/empty`;
    expect(await storage.put(key, Buffer.alloc(0))).toEqual({
      size: 0,
      sha256: createHash('sha256').digest('hex'),
    });
    expect(await storage.stat(key)).toEqual({ size: 0 });
    expect((await readAll(await storage.get(key))).length).toBe(0);
  });

  it('answers a missing key: get throws StorageNotFound, stat undefined, delete is idempotent', async () => {
    const key = `${prefix()}/missing`;
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.get(key, { start: 0 })).rejects.toBeInstanceOf(StorageNotFound);
    expect(await storage.stat(key)).toBeUndefined();
    await storage.delete(key);

    await storage.put(key, Buffer.from('x'));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('lists every key under a prefix and nothing else, across pages', async () => {
    const p = prefix();
    const keys = [`${p}/a/1`, `${p}/a/2`, `${p}/a/sub/3`, `${p}/a10/4`, `${p}/b/5`];
    for (const [i, k] of keys.entries()) await storage.put(k, Buffer.alloc(i + 1));
    expect(await keysOf(storage, `${p}/a/`)).toEqual([`${p}/a/1`, `${p}/a/2`, `${p}/a/sub/3`]);
    // A prefix is a string prefix, as in S3: `a` also matches `a10`.
    expect(await keysOf(storage, `${p}/a`)).toEqual(keys.slice(0, 4));
    expect(await keysOf(storage, `${p}/`)).toEqual(keys);
    expect(await keysOf(storage, `${p}/c/`)).toEqual([]);
    expect(await keysOf(storage, '')).toEqual(expect.arrayContaining(keys));
    const listed = [];
    for await (const o of storage.list(`${p}/b/`)) listed.push(o);
    expect(listed).toEqual([{ key: `${p}/b/5`, size: 5, modifiedAt: expect.any(Date) }]);
    await storage.delete(`${p}/a/sub/3`);
    expect(await keysOf(storage, `${p}/a/`)).toEqual([`${p}/a/1`, `${p}/a/2`]);
  });

  it('leaves nothing behind when the source stream fails half-way, and keeps the object it would replace', async () => {
    const p = prefix();
    for (const [name, total, failAt] of [
      ['large', 20 * MiB, 10 * MiB], // past the first S3 part: a multipart upload to abort
      ['small', 1 * MiB, 512 * 1024],
    ] as const) {
      const key = `${p}/${name}`;
      await expect(storage.put(key, patternStream(total, failAt))).rejects.toThrow('source broke');
      expect(await storage.stat(key)).toBeUndefined();
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFound);
    }
    expect(await keysOf(storage, `${p}/`)).toEqual([]);

    const kept = `${p}/kept`;
    await storage.put(kept, Buffer.from('version 1'));
    await expect(storage.put(kept, patternStream(MiB, 256 * 1024))).rejects.toThrow('source broke');
    expect((await readAll(await storage.get(kept))).toString()).toBe('version 1');

    if (backend.directory) {
      const files = (await readdir(backend.directory, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(backend.directory!, path.join(e.parentPath, e.name)));
      expect(files.filter((f) => f.startsWith('.tmp'))).toEqual([]);
      expect(files.filter((f) => f.startsWith(p))).toEqual([path.join(...kept.split('/'))]);
    }
  });

  it('adopts a staged upload without sending it through the server, and leaves the source in place', async () => {
    const body = patternChunk(0, 300_000);
    const staged = await backend.stage(body);
    const key = `${prefix()}/adopted`;
    let streamed = false;
    expect(
      await storage.adopt(key, {
        ...staged,
        read: () => {
          streamed = true;
          return staged.read();
        },
      }),
    ).toEqual({ size: body.length });
    expect(streamed).toBe(false);
    expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
    expect((await readAll(await staged.read())).equals(body)).toBe(true);
    if (staged.file) expect((await stat(staged.file)).nlink).toBe(2); // one inode: no copy
    // Somewhere this back end cannot reach (another medium): streamed in instead.
    const other = `${prefix()}/streamed`;
    const elsewhere = { size: body.length, read: async () => Readable.from([body]) };
    expect(await storage.adopt(other, elsewhere)).toMatchObject({ size: body.length });
    expect((await readAll(await storage.get(other))).equals(body)).toBe(true);
  });

  it('refuses keys that are not plain lower-case segments', async () => {
    const bad = [
      '',
      '../x',
      'a/../../x',
      '/abs',
      'a//b',
      'a/',
      '.hidden',
      'a/.tmp/x',
      'Upper/case',
      'with space',
      'a\\b',
      'a/./b',
      'x..y',
      'ü',
      'a\u0000b',
      'x'.repeat(513),
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    for (const p of ['../', '/', 'a//', '.tmp/', 'A/'])
      expect(() => storage.list(p), p).toThrow(InvalidStorageKey);
    // Generated keys pass.
    await storage.put(`cases/${randomUUID()}/${randomUUID()}.ply`, Buffer.from('ok'));
  });
});

describe('storage wiring', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3?.close());

  it('builds the app on S3 from STORAGE_URL, and refuses a bucket it cannot list', async () => {
    const t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', STORAGE_URL: s3.url, ...s3.env });
    try {
      const storage = t.app.platform.storage;
      expect(storage.kind).toBe('s3');
      await storage.put('wiring/check', Buffer.from('hello'));
      expect(await storage.stat('wiring/check')).toEqual({ size: 5 });
    } finally {
      await t.close();
    }
    const missing: StorageConfig = {
      ...(loadConfig({ STORAGE_URL: s3.url, ...s3.env }).storage as Extract<StorageConfig, { kind: 's3' }>),
      bucket: 'no-such-bucket',
    };
    await expect(createStorage(missing)).rejects.toThrow(/cannot list s3:\/\/no-such-bucket/);
    const wrongKey = loadConfig({
      STORAGE_URL: s3.url,
      AWS_ACCESS_KEY_ID: 'NOBODY',
      AWS_SECRET_ACCESS_KEY: 'x',
    });
    await expect(createStorage(wrongKey.storage)).rejects.toThrow(/cannot list/);
    // s3rver skips the signature check on listings (see testing/s3-server.ts); object requests have it.
    const wrongSecret = await createStorage(
      loadConfig({ STORAGE_URL: s3.url, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'x' }).storage,
    );
    try {
      await expect(wrongSecret.put('wiring/x', Buffer.from('x'))).rejects.toThrow(/signature/i);
    } finally {
      await wrongSecret.close();
    }
  });

  it('defaults to DATA_DIR/files', async () => {
    const t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    try {
      expect(t.app.platform.storage.kind).toBe('local');
      await t.app.platform.storage.put('wiring/check', Buffer.from('hello'));
      expect(await readdir(path.join(t.dataDir, 'files', 'wiring'))).toEqual(['check']);
    } finally {
      await t.close();
    }
  });
});
