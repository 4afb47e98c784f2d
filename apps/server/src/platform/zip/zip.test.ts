import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipLength, zipStream, type ZipEntry } from './zip.ts';

/** CRC-32 (IEEE), table-driven in JS: independent of the zlib.crc32 the writer uses (yauzl does not check CRCs). */
const table = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const jsCrc32 = (buf: Buffer, previous = 0) => {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** An entry served in chunks of `chunk` bytes; `size` may lie about the data. */
const entry = (
  name: string,
  data: Buffer,
  o: { size?: number; chunk?: number; mtime?: Date } = {},
): ZipEntry => ({
  name,
  size: o.size ?? data.length,
  mtime: o.mtime,
  open: async () => {
    const step = o.chunk ?? 4093;
    const chunks = [];
    for (let i = 0; i < data.length; i += step) chunks.push(data.subarray(i, i + step));
    return Readable.from(chunks);
  },
});

interface Read {
  name: string;
  data: Buffer;
  entry: yauzl.Entry;
}

/** Every entry of an archive, through yauzl (it checks each entry's byte count against the central directory). */
function unzip(open: (cb: (err: Error | null, zip?: yauzl.ZipFile) => void) => void): Promise<Read[]> {
  return new Promise((resolve, reject) => {
    open((err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: Read[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2 ?? new Error('no stream'));
          buffer(s).then((data) => {
            out.push({ name: e.fileName, data, entry: e });
            zip.readEntry();
          }, reject);
        }),
      );
      zip.readEntry();
    });
  });
}
const unzipBuffer = (buf: Buffer) => unzip((cb) => yauzl.fromBuffer(buf, { lazyEntries: true }, cb));

/** What yauzl skips: each local header (flags, ZIP64 extra) and the data descriptor after the data. */
function checkLocal(zip: Buffer, r: Read, zip64: boolean) {
  const at = r.entry.relativeOffsetOfLocalHeader;
  expect(zip.readUInt32LE(at)).toBe(0x04034b50);
  expect(zip.readUInt16LE(at + 6)).toBe(0x0808); // bit 3 (data descriptor) and bit 11 (UTF-8)
  expect(zip.readUInt16LE(at + 8)).toBe(0); // stored
  const nameLength = zip.readUInt16LE(at + 26);
  const extraLength = zip.readUInt16LE(at + 28);
  expect(zip.subarray(at + 30, at + 30 + nameLength).toString('utf8')).toBe(r.name);
  expect(extraLength).toBe(zip64 ? 20 : 0);
  const data = at + 30 + nameLength + extraLength;
  expect(zip.subarray(data, data + r.data.length).equals(r.data)).toBe(true);
  const dd = data + r.data.length;
  expect(zip.readUInt32LE(dd)).toBe(0x08074b50);
  expect(zip.readUInt32LE(dd + 4)).toBe(jsCrc32(r.data));
  const sizes = zip64
    ? [zip.readBigUInt64LE(dd + 8), zip.readBigUInt64LE(dd + 16)].map(Number)
    : [zip.readUInt32LE(dd + 8), zip.readUInt32LE(dd + 12)];
  expect(sizes).toEqual([r.data.length, r.data.length]);
}

describe('zip', () => {
  const files = [
    { name: 'jaw.ply', data: Buffer.from('ply\nformat ascii 1.0\n' + 'x'.repeat(5000)) },
    { name: 'empty.txt', data: Buffer.alloc(0) },
    { name: 'Zähne – 歯 🦷.stl', data: Buffer.from('solid a\nendsolid a\n') },
    { name: 'random.bin', data: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251)) },
  ];
  const mtime = new Date(2024, 4, 17, 13, 45, 30);

  it('writes stored entries that a real reader reads back byte for byte, CRCs and length right', async () => {
    const entries = files.map((f) => entry(f.name, f.data, { mtime }));
    const zip = await buffer(zipStream(entries));
    expect(zip.length).toBe(zipLength(entries));
    const read = await unzipBuffer(zip);
    expect(read.map((r) => r.name)).toEqual(files.map((f) => f.name));
    for (const [i, r] of read.entries()) {
      expect(r.data.equals(files[i]!.data)).toBe(true);
      expect(r.entry.crc32).toBe(jsCrc32(files[i]!.data));
      expect(r.entry.compressionMethod).toBe(0);
      expect(r.entry.generalPurposeBitFlag).toBe(0x0808);
      expect(r.entry.versionNeededToExtract).toBe(20);
      expect(r.entry.extraFields).toEqual([]);
      expect(r.entry.getLastModDate().getTime()).toBe(mtime.getTime());
      checkLocal(zip, r, false);
    }
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false); // no ZIP64 record
  });

  it('an empty archive is the end of central directory record alone', async () => {
    const zip = await buffer(zipStream([]));
    expect(zip.length).toBe(22);
    expect(zipLength([])).toBe(22);
    expect(await unzipBuffer(zip)).toEqual([]);
  });

  it('forceZip64: ZIP64 extra fields, data descriptors and end records, still readable', async () => {
    const entries = files.map((f) => entry(f.name, f.data, { mtime }));
    const zip = await buffer(zipStream(entries, { forceZip64: true }));
    expect(zip.length).toBe(zipLength(entries, { forceZip64: true }));
    expect(zip.length).toBeGreaterThan(zipLength(entries));
    const read = await unzipBuffer(zip);
    expect(read.map((r) => r.name)).toEqual(files.map((f) => f.name));
    for (const [i, r] of read.entries()) {
      expect(r.data.equals(files[i]!.data)).toBe(true);
      expect(r.entry.crc32).toBe(jsCrc32(files[i]!.data));
      expect(r.entry.versionNeededToExtract).toBe(45);
      expect(r.entry.extraFields.map((x) => x.id)).toEqual([0x0001]);
      checkLocal(zip, r, true);
    }
    // ZIP64 end of central directory record, its locator, then the classic record with its fields at -1.
    const eocd = zip.length - 22;
    expect(zip.readUInt32LE(eocd)).toBe(0x06054b50);
    expect(zip.readUInt16LE(eocd + 10)).toBe(0xffff);
    expect(zip.readUInt32LE(eocd + 16)).toBe(0xffffffff);
    expect(zip.readUInt32LE(eocd - 20)).toBe(0x07064b50);
    const record = Number(zip.readBigUInt64LE(eocd - 20 + 8));
    expect(zip.readUInt32LE(record)).toBe(0x06064b50);
    expect(Number(zip.readBigUInt64LE(record + 32))).toBe(files.length);
  });

  it('65,535 entries: the entry count goes into the ZIP64 end records', async () => {
    const entries = Array.from({ length: 0xffff }, (_, i) => entry(`${i}.txt`, Buffer.from(String(i))));
    const chunks: Buffer[] = [];
    for await (const c of zipStream(entries)) chunks.push(c as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(zipLength(entries));
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(0xffff);
    // The central directory through yauzl (names and offsets), and the last entry's data.
    const last = await new Promise<yauzl.Entry[]>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => {
        if (err || !z) return reject(err ?? new Error('no zip'));
        const seen: yauzl.Entry[] = [];
        z.on('entry', (e: yauzl.Entry) => (seen.push(e), z.readEntry()));
        z.on('end', () => resolve(seen));
        z.on('error', reject);
        z.readEntry();
      }),
    );
    expect(last.length).toBe(0xffff);
    const e = last[0xfffe]!;
    const at = e.relativeOffsetOfLocalHeader + 30 + e.fileName.length;
    expect({ name: e.fileName, data: zip.subarray(at, at + e.uncompressedSize).toString() }).toEqual({
      name: '65534.txt',
      data: '65534',
    });
  });

  it('sizes from 0xFFFFFFFF bytes on are ZIP64 (length only: nothing that large is streamed here)', () => {
    const huge = (size: number): ZipEntry => ({
      name: 'big.bin',
      size,
      open: () => Promise.reject(new Error()),
    });
    const n = 'big.bin'.length;
    // Entries below 4 GiB are not ZIP64; the central directory's offset, past 4 GiB here, needs the ZIP64 records.
    expect(zipLength([huge(0xfffffffe)])).toBe(30 + n + 0xfffffffe + 16 + 46 + n + 56 + 20 + 22);
    expect(zipLength([huge(0xffffff00)])).toBe(30 + n + 0xffffff00 + 16 + 46 + n + 22);
    // From 0xFFFFFFFF bytes: local extra 20, ZIP64 descriptor 24, central extra 20.
    expect(zipLength([huge(0xffffffff)])).toBe(30 + n + 20 + 0xffffffff + 24 + 46 + n + 20 + 56 + 20 + 22);
    // The second entry's local header is past 4 GiB: its offset goes into a central ZIP64 field (4 + 8 bytes).
    expect(zipLength([huge(0xffffffff), huge(1)])).toBe(
      zipLength([huge(0xffffffff)]) + 30 + n + 1 + 16 + 46 + n + 12,
    );
  });

  it.each([
    ['shorter', 10],
    ['longer', -10],
  ])('an entry whose data is %s than declared fails the stream', async (_, delta) => {
    const data = Buffer.alloc(1000, 1);
    const entries = [entry('a.bin', data), entry('b.bin', data, { size: data.length + delta })];
    await expect(buffer(zipStream(entries))).rejects.toThrow(/b\.bin has (fewer|more) bytes/);
  });

  it('an entry that cannot be opened, or whose stream fails, fails the stream', async () => {
    const gone: ZipEntry = { name: 'gone.bin', size: 3, open: () => Promise.reject(new Error('missing')) };
    await expect(buffer(zipStream([entry('a.txt', Buffer.from('abc')), gone]))).rejects.toThrow('missing');
    const broken: ZipEntry = {
      name: 'broken.bin',
      size: 10,
      open: async () =>
        Readable.from(
          (async function* () {
            yield Buffer.from('abc');
            throw new Error('disk on fire');
          })(),
        ),
    };
    await expect(buffer(zipStream([broken]))).rejects.toThrow('disk on fire');
  });

  it('a consumer that goes away closes the entry being read', async () => {
    const input = Readable.from(
      (async function* () {
        for (;;) yield Buffer.alloc(64 * 1024);
      })(),
    );
    const out = zipStream([{ name: 'endless.bin', size: 1e12, open: async () => input }]);
    for await (const _ of out) {
      out.destroy();
      break;
    }
    // Closed (its 'close' comes after it is destroyed): a stream left open fails this test by its time limit.
    if (!input.destroyed) await new Promise((r) => input.once('close', r));
    expect(input.destroyed).toBe(true);
  });

  describe('a 64 MiB entry, streamed to a file', () => {
    let dir: string;
    beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'zip-test-'))));
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is read back whole', async () => {
      const MiB = 1 << 20;
      const block = (i: number) => Buffer.alloc(MiB, i % 256);
      const big: ZipEntry = {
        name: 'scan.ply',
        size: 64 * MiB,
        open: async () =>
          Readable.from(
            (function* () {
              for (let i = 0; i < 64; i++) yield block(i);
            })(),
          ),
      };
      const expected = createHash('sha256');
      let crc = 0;
      for (let i = 0; i < 64; i++) {
        expected.update(block(i));
        crc = jsCrc32(block(i), crc);
      }
      const entries = [
        entry('before.txt', Buffer.from('before')),
        big,
        entry('after.txt', Buffer.from('after')),
      ];
      const file = join(dir, 'big.zip');
      await pipeline(zipStream(entries), createWriteStream(file));
      expect((await stat(file)).size).toBe(zipLength(entries));

      const got: { name: string; size: number; sha: string; crc: number }[] = [];
      await new Promise<void>((resolve, reject) =>
        yauzl.open(file, { lazyEntries: true }, (err, zip) => {
          if (err || !zip) return reject(err ?? new Error('no zip'));
          zip.on('error', reject);
          zip.on('end', () => resolve());
          zip.on('entry', (e: yauzl.Entry) =>
            zip.openReadStream(e, (err2, s) => {
              if (err2 || !s) return reject(err2 ?? new Error('no stream'));
              const h = createHash('sha256');
              let size = 0;
              s.on('data', (c: Buffer) => {
                size += c.length;
                h.update(c);
              });
              s.on('error', reject);
              s.on('end', () => {
                got.push({ name: e.fileName, size, sha: h.digest('hex'), crc: e.crc32 });
                zip.readEntry();
              });
            }),
          );
          zip.readEntry();
        }),
      );
      expect(got.map((g) => [g.name, g.size])).toEqual([
        ['before.txt', 6],
        ['scan.ply', 64 * MiB],
        ['after.txt', 5],
      ]);
      expect(got[1]).toMatchObject({ sha: expected.digest('hex'), crc });
    });
  });
});
