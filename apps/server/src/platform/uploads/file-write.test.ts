import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_BYTES, writeGathered } from './file-write.ts';

describe('a PATCH body written into the staged file in gathered writes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'archway-file-write-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const bytes = (n: number, seed: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));
  /** `data` as a stream of `chunk`-byte pieces. */
  const chunked = (data: Buffer, chunk: number) =>
    Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
      })(),
    );

  it('appends at the offset, across several gathered writes, and answers the new offset; each chunk seen once', async () => {
    const file = path.join(dir, 'a');
    const first = bytes(1000, 7);
    await writeFile(file, first);
    const body = bytes(2 * WRITE_BYTES + 12_345, 13);
    let seen = 0;
    const end = await writeGathered(file, chunked(body, 65_536), first.length, (c) => (seen += c.length));
    expect(end).toBe(first.length + body.length);
    expect(seen).toBe(body.length);
    expect((await readFile(file)).equals(Buffer.concat([first, body]))).toBe(true);
  });

  it('writes many tiny chunks (more than one system call takes) whole', async () => {
    const file = path.join(dir, 'b');
    await writeFile(file, '');
    const body = bytes(5000, 3);
    expect(await writeGathered(file, chunked(body, 1), 0)).toBe(5000);
    expect((await readFile(file)).equals(body)).toBe(true);
  });

  it('keeps what arrived before a body broke, then fails', async () => {
    const file = path.join(dir, 'c');
    await writeFile(file, '');
    const body = bytes(100_000, 5);
    const broken = Readable.from(
      (async function* () {
        yield body.subarray(0, 60_000);
        yield body.subarray(60_000);
        throw new Error('connection reset');
      })(),
    );
    await expect(writeGathered(file, broken, 0)).rejects.toThrow('connection reset');
    expect((await readFile(file)).equals(body)).toBe(true);
  });
});
