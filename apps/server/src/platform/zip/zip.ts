/**
 * A streaming ZIP writer for stored (uncompressed) entries of known size, so the archive's length is known before
 * the first byte (Content-Length). CRC-32 is computed on the way through with Node's native `zlib.crc32`.
 *
 * Layout (PKWARE APPNOTE.TXT 6.3.10): per entry a local file header (4.3.7, 4.4) with general purpose flag bit 3
 * (4.4.4: CRC and sizes are zero there, the data descriptor after the data carries them, 4.3.9) and bit 11 (UTF-8
 * names, 4.4.4 / appendix D), then the central directory (4.3.12) and the end of central directory record (4.3.16).
 * ZIP64 (4.3.9.2, 4.3.14, 4.3.15, 4.4.1.4, 4.5.3): an entry of 0xFFFFFFFF bytes or more (or forceZip64) has the
 * ZIP64 extended information extra field (header 0x0001) in its local header (sizes 0xFFFFFFFF there, both 8-byte
 * sizes zero in the field, as bit 3 wants) and in the central directory, and a ZIP64 data descriptor (8-byte sizes);
 * a local header offset of 0xFFFFFFFF or more goes in the central directory's field; the archive gets a ZIP64 end
 * of central directory record and locator when the entry count reaches 0xFFFF or the central directory's size or
 * offset reaches 0xFFFFFFFF (or forceZip64), the fields that do not fit then being 0xFFFF / 0xFFFFFFFF.
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  size: number;
  mtime?: Date;
  open(): Promise<Readable>;
}

export interface ZipOptions {
  forceZip64?: boolean;
}

const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const FLAGS = (1 << 3) | (1 << 11);
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE = (0o100644 << 16) >>> 0; // external attributes: -rw-r--r--

interface Placed {
  entry: ZipEntry;
  name: Buffer;
  zip64: boolean; // sizes as ZIP64 (local extra, central extra, 24-byte data descriptor)
  offset: number; // of the local header
  time: number;
  date: number;
}

/** Little-endian fields into one buffer: [bytes, value] pairs (8-byte values are safe integers). */
function record(fields: [2 | 4 | 8, number][], ...tail: Buffer[]): Buffer {
  const out = Buffer.alloc(fields.reduce((n, [w]) => n + w, 0));
  let at = 0;
  for (const [w, v] of fields) {
    if (w === 2) out.writeUInt16LE(v, at);
    else if (w === 4) out.writeUInt32LE(v, at);
    else out.writeBigUInt64LE(BigInt(v), at);
    at += w;
  }
  return tail.length ? Buffer.concat([out, ...tail]) : out;
}

/** ZIP64 extended information extra field (4.5.3) with the given 8-byte values. */
const zip64Extra = (values: number[]) =>
  values.length
    ? record([[2, 0x0001], [2, values.length * 8], ...values.map((v) => [8, v] as [8, number])])
    : Buffer.alloc(0);

/** MS-DOS time and date (4.4.6), local time, years 1980-2107. */
function dos(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const localHeader = (p: Placed) =>
  record(
    [
      [4, 0x04034b50],
      [2, p.zip64 ? 45 : 20],
      [2, FLAGS],
      [2, 0], // stored
      [2, p.time],
      [2, p.date],
      [4, 0], // CRC-32: in the data descriptor
      [4, p.zip64 ? MAX32 : 0],
      [4, p.zip64 ? MAX32 : 0],
      [2, p.name.length],
      [2, p.zip64 ? 20 : 0],
    ],
    p.name,
    zip64Extra(p.zip64 ? [0, 0] : []),
  );

const dataDescriptor = (p: Placed, crc: number) => {
  const w = p.zip64 ? 8 : 4;
  return record([
    [4, 0x08074b50],
    [4, crc],
    [w, p.entry.size],
    [w, p.entry.size],
  ]); // compressed, uncompressed
};

function centralHeader(p: Placed, crc: number, force: boolean): Buffer {
  const farOffset = force || p.offset >= MAX32;
  const extra = zip64Extra([
    ...(p.zip64 ? [p.entry.size, p.entry.size] : []),
    ...(farOffset ? [p.offset] : []),
  ]);
  const version = p.zip64 || farOffset ? 45 : 20;
  return record(
    [
      [4, 0x02014b50],
      [2, MADE_BY_UNIX | version],
      [2, version],
      [2, FLAGS],
      [2, 0],
      [2, p.time],
      [2, p.date],
      [4, crc],
      [4, p.zip64 ? MAX32 : p.entry.size],
      [4, p.zip64 ? MAX32 : p.entry.size],
      [2, p.name.length],
      [2, extra.length],
      [2, 0], // comment
      [2, 0], // disk
      [2, 0], // internal attributes
      [4, REGULAR_FILE],
      [4, farOffset ? MAX32 : p.offset],
    ],
    p.name,
    extra,
  );
}

function end(count: number, cdOffset: number, cdSize: number, force: boolean): Buffer {
  const fit = (v: number, max: number) => (force || v >= max ? max : v);
  const eocd = record([
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, fit(count, MAX16)],
    [2, fit(count, MAX16)],
    [4, fit(cdSize, MAX32)],
    [4, fit(cdOffset, MAX32)],
    [2, 0], // comment
  ]);
  if (!force && count < MAX16 && cdSize < MAX32 && cdOffset < MAX32) return eocd;
  const zip64Offset = cdOffset + cdSize;
  const zip64Eocd = record([
    [4, 0x06064b50],
    [8, 44], // the record's size after this field
    [2, MADE_BY_UNIX | 45],
    [2, 45],
    [4, 0],
    [4, 0],
    [8, count],
    [8, count],
    [8, cdSize],
    [8, cdOffset],
  ]);
  const locator = record([
    [4, 0x07064b50],
    [4, 0],
    [8, zip64Offset],
    [4, 1],
  ]);
  return Buffer.concat([zip64Eocd, locator, eocd]);
}

/** Where every entry goes, and where the central directory starts and how long it is. */
function layout(entries: ZipEntry[], opts: ZipOptions = {}) {
  const force = opts.forceZip64 ?? false;
  const now = new Date();
  let offset = 0;
  let cdSize = 0;
  const placed = entries.map((entry): Placed => {
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX16) throw new RangeError(`zip: name too long: ${entry.name.slice(0, 80)}…`);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new RangeError(`zip: invalid size ${entry.size} for ${entry.name}`);
    const zip64 = force || entry.size >= MAX32;
    const p: Placed = { entry, name, zip64, offset, ...dos(entry.mtime ?? now) };
    offset += localHeader(p).length + entry.size + dataDescriptor(p, 0).length;
    cdSize += centralHeader(p, 0, force).length;
    return p;
  });
  return { force, placed, cdOffset: offset, cdSize };
}

export function zipLength(entries: ZipEntry[], opts?: ZipOptions): number {
  const { force, placed, cdOffset, cdSize } = layout(entries, opts);
  return cdOffset + cdSize + end(placed.length, cdOffset, cdSize, force).length;
}

export function zipStream(entries: ZipEntry[], opts?: ZipOptions): Readable {
  const { force, placed, cdOffset, cdSize } = layout(entries, opts);
  async function* bytes() {
    const crcs: number[] = [];
    for (const p of placed) {
      yield localHeader(p);
      const input = await p.entry.open();
      let crc = 0;
      let n = 0;
      for await (const chunk of input as AsyncIterable<Buffer | string>) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        n += buf.length;
        if (n > p.entry.size) break;
        crc = crc32(buf, crc);
        yield buf;
      }
      input.destroy();
      if (n !== p.entry.size)
        throw new Error(
          `zip: ${p.entry.name} has ${n > p.entry.size ? 'more' : 'fewer'} bytes than its ${p.entry.size}`,
        );
      crcs.push(crc);
      yield dataDescriptor(p, crc);
    }
    yield Buffer.concat(placed.map((p, i) => centralHeader(p, crcs[i]!, force)));
    yield end(placed.length, cdOffset, cdSize, force);
  }
  // Pulls one chunk at a time as the consumer reads: memory is bounded by highWaterMark + one chunk.
  return Readable.from(bytes(), { objectMode: false, highWaterMark: 1 << 20 });
}
