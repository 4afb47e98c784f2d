/**
 * STL reader, binary (80-byte header, uint32 triangle count, 50 bytes per triangle) and ascii (`solid … facet normal
 * … outer loop, vertex ×3, endloop, endfacet … endsolid`). The two are told apart by content: a binary file may start
 * with "solid" too, so its size (84 + 50 × count) is checked first. The result is a triangle soup of positions (the
 * file's facet normals are dropped).
 */
import { MeshError, type Mesh } from '../mesh.ts';
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

const readBinary = (bytes: Uint8Array): Mesh => {
  const count = stlCount(bytes);
  if (count === undefined)
    throw new MeshError('truncated', `binary STL of ${bytes.length} bytes has no 84-byte header`);
  const size = STL_HEADER + STL_RECORD * count;
  if (bytes.length < size) {
    throw new MeshError(
      'truncated',
      `binary STL declares ${count} triangles (${size} bytes) but has ${bytes.length}`,
    );
  }
  if (bytes.length > size) {
    throw new MeshError(
      'bad-count',
      `binary STL declares ${count} triangles (${size} bytes) but has ${bytes.length}`,
    );
  }
  const body = new StlBinaryBody(count);
  body.feed(bytes.subarray(STL_HEADER));
  return body.finish();
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

/** Reads a whole STL file, binary or ascii. */
export const readStl = (bytes: Uint8Array): Mesh =>
  isAsciiStl(bytes.subarray(0, 1024), bytes.length) ? readAscii(latin1(bytes)) : readBinary(bytes);
