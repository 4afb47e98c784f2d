/**
 * STL reader, binary (80-byte header, uint32 triangle count, 50 bytes per triangle) and ascii (`solid … facet normal
 * … outer loop, vertex ×3, endloop, endfacet … endsolid`). The two are told apart by content: a binary file may start
 * with "solid" too, so its size (84 + 50 × count) is checked first. The result is a triangle soup of positions (the
 * file's facet normals are dropped).
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { weld } from '../write/weld.ts';
import { F32Builder, Tokens, latin1, startsWithWord } from './util.ts';

export const STL_HEADER = 84;
export const STL_RECORD = 50;

/** The triangle count a binary STL declares (its bytes 80–83); undefined when shorter. */
export const stlCount = (head: Uint8Array): number | undefined =>
  head.length < STL_HEADER ? undefined : new DataView(head.buffer, head.byteOffset).getUint32(80, true);

/**
 * True when `head` (the start of a file) is an ascii STL: "solid", a name, and then "facet" or "endsolid" — unless
 * the whole `size` is known and is exactly that of a binary STL.
 */
export const isAsciiStl = (head: Uint8Array, size?: number): boolean => {
  let i = 0;
  while (i < head.length && (head[i] === 32 || head[i] === 9 || head[i] === 10 || head[i] === 13)) i++;
  if (!startsWithWord(head, 'solid', i)) return false;
  const count = stlCount(head);
  if (size !== undefined && count !== undefined && size === STL_HEADER + STL_RECORD * count) return false;
  const eol = head.indexOf(10, i);
  if (eol < 0) return size !== undefined && head.length >= size; // one line only: "solid name" and nothing more
  i = eol + 1;
  while (i < head.length && (head[i] === 32 || head[i] === 9 || head[i] === 10 || head[i] === 13)) i++;
  if (i >= head.length) return true;
  return startsWithWord(head, 'facet', i) || startsWithWord(head, 'endsolid', i);
};

/** The triangles of a binary STL, fed in pieces after its 84-byte header: each `feed` consumes whole records. */
export class StlBinaryBody {
  private readonly positions: F32Builder;
  triangles = 0;

  constructor(readonly count: number) {
    this.positions = new F32Builder(count * 9);
  }

  feed(bytes: Uint8Array): number {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = Math.floor(bytes.length / STL_RECORD);
    if (n > this.count - this.triangles) {
      throw new MeshError('bad-count', `binary STL declares ${this.count} triangles but has more bytes`);
    }
    const positions = this.positions;
    positions.reserve(9 * n);
    for (let t = 0, at = 12; t < n; t++, at += STL_RECORD) {
      for (let k = 0; k < 36; k += 4) {
        const v = view.getFloat32(at + k, true);
        if (!(v - v === 0))
          throw new MeshError('bad-number', `STL triangle ${this.triangles + t} has a coordinate ${v}`);
        positions.push(v);
      }
    }
    this.triangles += n;
    return n * STL_RECORD;
  }

  /** `rest`: bytes left over after the last whole record. */
  finish(rest = 0): Mesh {
    if (this.triangles < this.count) {
      throw new MeshError('truncated', `binary STL ends after ${this.triangles} of ${this.count} triangles`);
    }
    if (rest > 0)
      throw new MeshError('bad-count', `binary STL has ${rest} bytes after its ${this.count} triangles`);
    return { positions: this.positions.finish() };
  }
}

/** The triangle count of a whole binary STL, checked against its size. */
const binaryCount = (bytes: Uint8Array): number => {
  const count = stlCount(bytes);
  if (count === undefined)
    throw new MeshError('truncated', `binary STL of ${bytes.length} bytes has no 84-byte header`);
  const size = STL_HEADER + STL_RECORD * count;
  if (bytes.length !== size) {
    throw new MeshError(
      bytes.length < size ? 'truncated' : 'bad-count',
      `binary STL declares ${count} triangles (${size} bytes) but has ${bytes.length}`,
    );
  }
  return count;
};

const readBinary = (bytes: Uint8Array): Mesh => {
  const count = binaryCount(bytes);
  const body = new StlBinaryBody(count);
  body.feed(bytes.subarray(STL_HEADER));
  return body.finish();
};

/** A 32-bit mix of a vertex's position bits (murmur3-style finalizer). */
const hashBits = (x: number, y: number, z: number): number => {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * A binary STL read straight into an indexed mesh: each corner is looked up by its exact position bits as it is
 * read, so no triangle soup is built in between and the lookups compare against the distinct vertices only (a
 * scan's soup names each vertex about six times). The same mesh as `weld(readStl(bytes))`, in less time and memory.
 */
const readBinaryWelded = (bytes: Uint8Array): Mesh => {
  const count = binaryCount(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corners = count * 3;
  const indices = new Uint32Array(corners);
  // Distinct positions (their bits) and an open-addressing table over them that doubles at half full.
  let unique = new Uint32Array(Math.max(3072, Math.ceil(corners / 6) * 3));
  let size = 1024;
  while (size < corners / 4) size *= 2;
  let mask = size - 1;
  let table = new Int32Array(size).fill(-1);
  let n = 0;
  for (let c = 0, at = STL_HEADER + 12; c < corners; c++, at += c % 3 === 0 ? 26 : 12) {
    const x = view.getUint32(at, true);
    const y = view.getUint32(at + 4, true);
    const z = view.getUint32(at + 8, true);
    // An exponent of all ones: infinity or NaN.
    if (
      (x & 0x7f800000) === 0x7f800000 ||
      (y & 0x7f800000) === 0x7f800000 ||
      (z & 0x7f800000) === 0x7f800000
    ) {
      const bad = view.getFloat32(
        (x & 0x7f800000) === 0x7f800000 ? at : (y & 0x7f800000) === 0x7f800000 ? at + 4 : at + 8,
        true,
      );
      throw new MeshError('bad-number', `STL triangle ${(c / 3) | 0} has a coordinate ${bad}`);
    }
    let slot = hashBits(x, y, z) & mask;
    for (;;) {
      const k = table[slot]!;
      if (k < 0) {
        if (n * 3 === unique.length) {
          const more = new Uint32Array(unique.length * 2);
          more.set(unique);
          unique = more;
        }
        unique[n * 3] = x;
        unique[n * 3 + 1] = y;
        unique[n * 3 + 2] = z;
        table[slot] = n;
        indices[c] = n++;
        if (n * 2 > size) {
          size *= 2;
          mask = size - 1;
          table = new Int32Array(size).fill(-1);
          for (let j = 0; j < n; j++) {
            let s = hashBits(unique[j * 3]!, unique[j * 3 + 1]!, unique[j * 3 + 2]!) & mask;
            while (table[s]! >= 0) s = (s + 1) & mask;
            table[s] = j;
          }
        }
        break;
      }
      if (unique[k * 3] === x && unique[k * 3 + 1] === y && unique[k * 3 + 2] === z) {
        indices[c] = k;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  // The bits as floats (the same memory read as Float32), cut to the distinct vertices.
  return { positions: new Float32Array(unique.buffer.slice(0, n * 12)), indices };
};

const readAscii = (text: string): Mesh => {
  const t = new Tokens(text, 'ascii STL');
  const positions = new F32Builder();
  const keyword = (word: string) => {
    const got = t.expect(`'${word}'`);
    if (got.toLowerCase() !== word) {
      throw new MeshError(
        'unsupported',
        `ascii STL: '${word}' expected, '${got.slice(0, 40)}' found on line ${t.line}`,
      );
    }
  };
  keyword('solid');
  t.skipLine();
  for (;;) {
    const word = t.next()?.toLowerCase();
    if (word === undefined) throw new MeshError('truncated', 'ascii STL ends without endsolid');
    if (word === 'endsolid') {
      t.skipLine();
      const another = t.next();
      if (another === undefined) break;
      if (another.toLowerCase() !== 'solid') {
        throw new MeshError(
          'unsupported',
          `ascii STL: '${another.slice(0, 40)}' after endsolid on line ${t.line}`,
        );
      }
      t.skipLine();
      continue;
    }
    if (word !== 'facet') {
      throw new MeshError(
        'unsupported',
        `ascii STL: 'facet' expected, '${word.slice(0, 40)}' found on line ${t.line}`,
      );
    }
    keyword('normal');
    for (let k = 0; k < 3; k++) t.number('a normal');
    keyword('outer');
    keyword('loop');
    let corners = 0;
    for (;;) {
      const w = t.expect("'vertex' or 'endloop'").toLowerCase();
      if (w === 'endloop') break;
      if (w !== 'vertex') {
        throw new MeshError(
          'unsupported',
          `ascii STL: 'vertex' expected, '${w.slice(0, 40)}' found on line ${t.line}`,
        );
      }
      for (let k = 0; k < 3; k++) positions.push(t.number('a coordinate'));
      corners++;
    }
    if (corners !== 3)
      throw new MeshError('bad-count', `ascii STL facet with ${corners} vertices on line ${t.line}`);
    keyword('endfacet');
  }
  return { positions: positions.finish() };
};

export interface StlReadOptions {
  /** Merge corners with identical positions into shared vertices (an indexed mesh, as `weld` makes). */
  weld?: boolean;
}

/** Reads a whole STL file, binary or ascii: a triangle soup, or with `weld` an indexed mesh. */
export const readStl = (bytes: Uint8Array, opts: StlReadOptions = {}): Mesh => {
  if (isAsciiStl(bytes.subarray(0, 1024), bytes.length)) {
    const soup = readAscii(latin1(bytes));
    return opts.weld ? weld(soup) : soup;
  }
  return opts.weld ? readBinaryWelded(bytes) : readBinary(bytes);
};
