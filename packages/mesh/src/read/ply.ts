/**
 * PLY reader (ascii, binary little and big endian). Vertices give x/y/z, optional nx/ny/nz and red/green/blue (alpha
 * dropped); faces (`vertex_indices` or `vertex_index`) are fan-triangulated; every other element and property is
 * skipped. The binary body is parsed record by record by `PlyBinaryBody`, which the streaming reader feeds chunk by
 * chunk, so both give the same mesh.
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { F32Builder, Tokens, U32Builder, U8Builder, latin1, toByte } from './util.ts';

export type PlyEncoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

interface ScalarType {
  size: number;
  isFloat: boolean;
  kind: number;
  read: (view: DataView, at: number, le: boolean) => number;
}

/** One value of `kind` (its index in KINDS) at `at`: a switch the compiler inlines, for the hot loops. */
const readScalar = (view: DataView, at: number, kind: number, le: boolean): number => {
  switch (kind) {
    case 0:
      return view.getInt8(at);
    case 1:
      return view.getUint8(at);
    case 2:
      return view.getInt16(at, le);
    case 3:
      return view.getUint16(at, le);
    case 4:
      return view.getInt32(at, le);
    case 5:
      return view.getUint32(at, le);
    case 6:
      return view.getFloat32(at, le);
    default:
      return view.getFloat64(at, le);
  }
};

/** The kinds (indices in KINDS) the scanners' layout uses. */
const UINT8 = 1;
const INT32 = 4;
const FLOAT32 = 6;

const TYPES: Record<string, ScalarType> = {};
const KINDS: [string[], number, boolean][] = [
  [['char', 'int8'], 1, false],
  [['uchar', 'uint8'], 1, false],
  [['short', 'int16'], 2, false],
  [['ushort', 'uint16'], 2, false],
  [['int', 'int32'], 4, false],
  [['uint', 'uint32'], 4, false],
  [['float', 'float32'], 4, true],
  [['double', 'float64'], 8, true],
];
for (const [kind, [names, size, isFloat]] of KINDS.entries())
  for (const n of names) TYPES[n] = { size, isFloat, kind, read: (v, at, le) => readScalar(v, at, kind, le) };

export interface PlyProperty {
  name: string;
  type: ScalarType;
  /** For a list property: the type of its count (`type` is then the type of its items). */
  countType?: ScalarType;
}

export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export interface PlyHeader {
  encoding: PlyEncoding;
  elements: PlyElement[];
  /** Bytes up to and including the newline after `end_header`. */
  length: number;
}

/** Headers longer than this are not PLY files we can use. */
export const MAX_PLY_HEADER = 1 << 20;

const bad = (message: string): MeshError => new MeshError('bad-header', `PLY header: ${message}`);

/**
 * Parses the header at the start of `bytes`; undefined when `end_header` is not there yet (the caller may have more
 * bytes coming; with all of them, that is a bad header).
 */
export const parsePlyHeader = (bytes: Uint8Array): PlyHeader | undefined => {
  if (!/^ply\r?\n/.test(latin1(bytes.subarray(0, 5)))) throw bad("the file does not start with 'ply'");
  // Headers are short: look in a growing window rather than decoding a megabyte of body as text.
  let text = '';
  let endAt = -1;
  for (let window = 4096; endAt < 0; window *= 8) {
    text = latin1(bytes.subarray(0, Math.min(window, MAX_PLY_HEADER)));
    endAt = text.search(/(^|\n)end_header[ \t]*\r?\n/);
    if (window >= MAX_PLY_HEADER || window >= bytes.length) break;
  }
  if (endAt < 0) {
    if (bytes.length >= MAX_PLY_HEADER) throw bad(`no end_header in the first ${MAX_PLY_HEADER} bytes`);
    return undefined;
  }
  const length = text.indexOf('\n', endAt + 1) + 1;
  const lines = text.slice(0, length).split('\n');
  let encoding: PlyEncoding | undefined;
  const elements: PlyElement[] = [];
  for (const [n, raw] of lines.entries()) {
    const words = raw.trim().split(/\s+/);
    const where = `line ${n + 1}`;
    switch (words[0]) {
      case 'ply':
      case '':
      case 'comment':
      case 'obj_info':
      case 'end_header':
        break;
      case 'format': {
        const e = words[1];
        const known = e === 'ascii' || e === 'binary_little_endian' || e === 'binary_big_endian';
        if (!known || words[2] !== '1.0' || words.length !== 3) {
          throw bad(`unknown format '${words.slice(1).join(' ').slice(0, 60)}' on ${where}`);
        }
        encoding = e;
        break;
      }
      case 'element': {
        const count = Number(words[2]);
        if (words.length !== 3 || !Number.isSafeInteger(count) || count < 0 || !/^\d+$/.test(words[2]!)) {
          throw bad(`'element name count' expected on ${where}`);
        }
        elements.push({ name: words[1]!, count, properties: [] });
        break;
      }
      case 'property': {
        const element = elements.at(-1);
        if (!element) throw bad(`property before any element on ${where}`);
        const list = words[1] === 'list';
        const [countName, typeName, name] = list ? words.slice(2) : [undefined, ...words.slice(1)];
        const type = TYPES[typeName ?? ''];
        const countType = countName === undefined ? undefined : TYPES[countName];
        if (
          !type ||
          !name ||
          words.length !== (list ? 5 : 3) ||
          (list && (!countType || countType.isFloat))
        ) {
          throw bad(`cannot read the property on ${where}`);
        }
        element.properties.push({ name, type, countType });
        break;
      }
      default:
        throw bad(`unknown keyword '${words[0]!.slice(0, 40)}' on ${where}`);
    }
  }
  if (!encoding) throw bad('no format line');
  const vertex = elements.find((e) => e.name === 'vertex');
  for (const axis of ['x', 'y', 'z']) {
    const p = vertex?.properties.find((q) => q.name === axis);
    if (!p || p.countType) throw bad(`no vertex element with a scalar ${axis} property`);
  }
  return { encoding, elements, length };
};

/** The smallest number of bytes one record of `e` takes in a binary file (lists empty). */
const minRecordSize = (e: PlyElement): number =>
  e.properties.reduce((sum, p) => sum + (p.countType ? p.countType.size : p.type.size), 0);

/** Throws 'too-large' when the header declares more records than `available` bytes of body can hold. */
export const checkPlySize = (header: PlyHeader, available: number): void => {
  let need = 0;
  for (const e of header.elements) {
    // ascii: every value takes at least one character and a separator.
    const min = header.encoding === 'ascii' ? e.properties.length * 2 : minRecordSize(e);
    need += e.count * min;
  }
  if (header.encoding === 'ascii') need -= 1;
  if (need > available) {
    const counts = header.elements.map((e) => `${e.count} ${e.name}`).join(', ');
    throw new MeshError(
      'too-large',
      `PLY header declares ${counts}: at least ${need} bytes, the file has ${available}`,
    );
  }
};

const VERTEX_SLOTS = ['x', 'y', 'z', 'nx', 'ny', 'nz', 'red', 'green', 'blue'];
const FACE_LISTS = ['vertex_indices', 'vertex_index'];

/** Collects vertices and faces as records arrive, whatever the encoding. */
class PlyCollector {
  readonly positions: F32Builder;
  readonly normals?: F32Builder;
  readonly colors?: U8Builder;
  readonly colorIsFloat: boolean[];
  readonly indices = new U32Builder();
  readonly vertexCount: number;
  readonly hasFaces: boolean;
  /** Per vertex property: its slot in VERTEX_SLOTS, or -1. */
  readonly vertexSlots: number[];
  /** Per face property: true for the vertex index list. */
  readonly faceList: boolean[];
  readonly values = new Float64Array(VERTEX_SLOTS.length);

  constructor(header: PlyHeader) {
    const vertex = header.elements.find((e) => e.name === 'vertex')!;
    this.vertexCount = vertex.count;
    this.vertexSlots = vertex.properties.map((p) => (p.countType ? -1 : VERTEX_SLOTS.indexOf(p.name)));
    const has = (name: string) => vertex.properties.some((p) => p.name === name && !p.countType);
    this.positions = new F32Builder(vertex.count * 3);
    if (has('nx') && has('ny') && has('nz')) this.normals = new F32Builder(vertex.count * 3);
    if (has('red') && has('green') && has('blue')) this.colors = new U8Builder(vertex.count * 3);
    this.colorIsFloat = ['red', 'green', 'blue'].map(
      (c) => !!vertex.properties.find((p) => p.name === c)?.type.isFloat,
    );
    const face = header.elements.find((e) => e.name === 'face');
    this.faceList = (face?.properties ?? []).map((p) => !!p.countType && FACE_LISTS.includes(p.name));
    this.hasFaces = this.faceList.includes(true);
  }

  /** Room for `n` more vertices. */
  reserve(n: number): void {
    this.positions.reserve(3 * n);
    this.normals?.reserve(3 * n);
    this.colors?.reserve(3 * n);
  }

  /** Stores one vertex from `values` (filled by the caller by slot). */
  vertex(): void {
    const v = this.values;
    for (let i = 0; i < 3; i++) {
      if (!Number.isFinite(v[i]!)) {
        throw new MeshError('bad-number', `PLY vertex ${this.positions.length / 3} has a coordinate ${v[i]}`);
      }
    }
    for (let i = 0; i < 3; i++) this.positions.push(v[i]!);
    if (this.normals) for (let i = 3; i < 6; i++) this.normals.push(v[i]!);
    if (this.colors) for (let i = 0; i < 3; i++) this.colors.push(toByte(v[6 + i]!, this.colorIsFloat[i]!));
  }

  /** Stores one polygon, fan-triangulated. */
  face(polygon: ArrayLike<number>): void {
    for (let i = 0; i < polygon.length; i++) {
      const k = polygon[i]!;
      if (k < 0 || k >= this.vertexCount || !Number.isInteger(k)) {
        throw new MeshError('bad-index', `PLY face uses vertex ${k}; there are ${this.vertexCount} vertices`);
      }
    }
    for (let i = 1; i + 1 < polygon.length; i++) {
      this.indices.push(polygon[0]!);
      this.indices.push(polygon[i]!);
      this.indices.push(polygon[i + 1]!);
    }
  }

  finish(): Mesh {
    if (this.positions.length !== this.vertexCount * 3) {
      throw new MeshError(
        'truncated',
        `PLY file ends after ${this.positions.length / 3} of ${this.vertexCount} vertices`,
      );
    }
    const mesh: Mesh = { positions: this.positions.finish(), indices: this.indices.finish() };
    if (this.normals) mesh.normals = this.normals.finish();
    if (this.colors) mesh.colors = this.colors.finish();
    return mesh;
  }
}

/** The body of a binary PLY file, fed in pieces: each `feed` consumes whole records only. */
export class PlyBinaryBody {
  private readonly collector: PlyCollector;
  private readonly le: boolean;
  private element = 0;
  private record = 0;
  private readonly polygon: number[] = [];
  readonly totalRecords: number;
  recordsDone = 0;

  constructor(private readonly header: PlyHeader) {
    this.collector = new PlyCollector(header);
    this.le = header.encoding === 'binary_little_endian';
    this.totalRecords = header.elements.reduce((sum, e) => sum + e.count, 0);
    this.skipEmpty();
  }

  get done(): boolean {
    return this.element >= this.header.elements.length;
  }

  /** Moves past finished elements and elements whose records take no bytes. */
  private skipEmpty(): void {
    for (;;) {
      const e = this.header.elements[this.element];
      if (!e) return;
      if (this.record < e.count && e.properties.length > 0) return;
      this.recordsDone += e.count - this.record;
      this.element++;
      this.record = 0;
    }
  }

  /** Parses the whole records at the start of `bytes`; returns how many bytes they took. */
  feed(bytes: Uint8Array): number {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    while (!this.done) {
      const run = this.readRun(view, at);
      if (run > 0) {
        at += run;
        this.skipEmpty();
        continue;
      }
      const next = this.readRecord(view, at);
      if (next < 0) break;
      at = next;
      this.record++;
      this.recordsDone++;
      this.skipEmpty();
    }
    return at;
  }

  /**
   * The common layouts, many records at a time: vertices of scalars only (any types), and faces whose one property
   * is the index list, while they are triangles. Answers the bytes read (0: read the next record the general way).
   */
  private readRun(view: DataView, at: number): number {
    const e = this.header.elements[this.element]!;
    const c = this.collector;
    const le = this.le;
    const left = e.count - this.record;
    if (e.name === 'vertex') {
      if (e.properties.some((p) => p.countType)) return 0;
      const stride = minRecordSize(e);
      const n = Math.min(left, Math.floor((view.byteLength - at) / stride));
      if (n <= 0) return 0;
      const used = e.properties.flatMap((p, i) => (c.vertexSlots[i]! >= 0 ? [i] : []));
      const offsets = used.map((i) => e.properties.slice(0, i).reduce((sum, p) => sum + p.type.size, 0));
      const kinds = used.map((i) => e.properties[i]!.type.kind);
      const slots = used.map((i) => c.vertexSlots[i]!);
      c.reserve(n);
      if (this.readScanVertices(view, at, n, stride, slots, offsets, kinds)) {
        this.advance(n);
        return n * stride;
      }
      const values = c.values;
      for (let r = 0, base = at; r < n; r++, base += stride) {
        for (let k = 0; k < slots.length; k++)
          values[slots[k]!] = readScalar(view, base + offsets[k]!, kinds[k]!, le);
        c.vertex();
      }
      this.advance(n);
      return n * stride;
    }
    if (e.name !== 'face' || e.properties.length !== 1 || !c.faceList[0]) return 0;
    const { countType, type } = e.properties[0]!;
    const countKind = countType!.kind;
    const countSize = countType!.size;
    const kind = type.kind;
    const record = countSize + 3 * type.size;
    const n = Math.min(left, Math.floor((view.byteLength - at) / record));
    const vertices = c.vertexCount;
    c.indices.reserve(3 * n);
    let r = 0;
    const indices = c.indices;
    const badIndex = (v: number) =>
      new MeshError('bad-index', `PLY face uses vertex ${v}; there are ${vertices} vertices`);
    if (countKind === UINT8 && kind === INT32) {
      // The scanners' layout: a uchar count and int indices.
      for (let base = at; r < n; r++, base += record) {
        if (view.getUint8(base) !== 3) break;
        const a = view.getInt32(base + 1, le);
        const b = view.getInt32(base + 5, le);
        const d = view.getInt32(base + 9, le);
        if (!(a >= 0 && a < vertices)) throw badIndex(a);
        if (!(b >= 0 && b < vertices)) throw badIndex(b);
        if (!(d >= 0 && d < vertices)) throw badIndex(d);
        indices.push(a);
        indices.push(b);
        indices.push(d);
      }
    } else {
      for (let base = at; r < n; r++, base += record) {
        if (readScalar(view, base, countKind, le) !== 3) break;
        for (let k = 0; k < 3; k++) {
          const v = readScalar(view, base + countSize + k * type.size, kind, le);
          if (!(v >= 0 && v < vertices)) throw badIndex(v);
          indices.push(v);
        }
      }
    }
    this.advance(r);
    return r * record;
  }

  /**
   * The layout scanners write (float x, y, z and, when there are colours, uchar red, green, blue; no normals) read
   * without the general per-property step. False for any other layout.
   */
  private readScanVertices(
    view: DataView,
    at: number,
    n: number,
    stride: number,
    slots: number[],
    offsets: number[],
    kinds: number[],
  ): boolean {
    const c = this.collector;
    const offsetOf = (slot: number, kind: number) => {
      const k = slots.indexOf(slot);
      return k >= 0 && kinds[k] === kind ? offsets[k]! : -1;
    };
    const [ox, oy, oz] = [0, 1, 2].map((slot) => offsetOf(slot, FLOAT32));
    const [or, og, ob] = [6, 7, 8].map((slot) => offsetOf(slot, UINT8));
    if (ox! < 0 || oy! < 0 || oz! < 0 || c.normals) return false;
    if (c.colors && (or! < 0 || og! < 0 || ob! < 0)) return false;
    const le = this.le;
    const positions = c.positions;
    const colors = c.colors;
    for (let r = 0, base = at; r < n; r++, base += stride) {
      const x = view.getFloat32(base + ox!, le);
      const y = view.getFloat32(base + oy!, le);
      const z = view.getFloat32(base + oz!, le);
      if (!(x - x === 0 && y - y === 0 && z - z === 0)) {
        const bad = x - x !== 0 ? x : y - y !== 0 ? y : z;
        throw new MeshError('bad-number', `PLY vertex ${positions.length / 3} has a coordinate ${bad}`);
      }
      positions.push(x);
      positions.push(y);
      positions.push(z);
      if (colors) {
        colors.push(view.getUint8(base + or!));
        colors.push(view.getUint8(base + og!));
        colors.push(view.getUint8(base + ob!));
      }
    }
    return true;
  }

  private advance(records: number): void {
    this.record += records;
    this.recordsDone += records;
  }

  /** Reads one record at `at`: the offset after it, or -1 when `view` ends inside it (nothing is stored then). */
  private readRecord(view: DataView, at: number): number {
    const e = this.header.elements[this.element]!;
    const c = this.collector;
    const end = view.byteLength;
    const isVertex = e.name === 'vertex';
    const isFace = e.name === 'face';
    this.polygon.length = 0;
    for (const [i, p] of e.properties.entries()) {
      if (p.countType) {
        if (at + p.countType.size > end) return -1;
        const n = p.countType.read(view, at, this.le);
        at += p.countType.size;
        if (n < 0) throw new MeshError('bad-count', `PLY ${e.name} ${this.record} has a list of ${n} items`);
        if (at + n * p.type.size > end) return -1;
        if (isFace && c.faceList[i]) {
          for (let k = 0; k < n; k++) this.polygon.push(p.type.read(view, at + k * p.type.size, this.le));
        }
        at += n * p.type.size;
      } else {
        if (at + p.type.size > end) return -1;
        if (isVertex) {
          const slot = c.vertexSlots[i]!;
          if (slot >= 0) c.values[slot] = p.type.read(view, at, this.le);
        }
        at += p.type.size;
      }
    }
    if (isVertex) c.vertex();
    if (isFace && c.hasFaces) c.face(this.polygon);
    return at;
  }

  finish(): Mesh {
    if (!this.done) {
      const e = this.header.elements[this.element]!;
      throw new MeshError('truncated', `PLY file ends in ${e.name} ${this.record} of ${e.count}`);
    }
    return this.collector.finish();
  }
}

/** The body of an ascii PLY file. */
const readAsciiBody = (header: PlyHeader, text: string): Mesh => {
  const c = new PlyCollector(header);
  const tokens = new Tokens(text, 'PLY file');
  const polygon: number[] = [];
  for (const e of header.elements) {
    if (e.properties.length === 0) continue; // records of nothing: no text either
    const isVertex = e.name === 'vertex';
    const isFace = e.name === 'face';
    for (let r = 0; r < e.count; r++) {
      polygon.length = 0;
      for (const [i, p] of e.properties.entries()) {
        if (p.countType) {
          const n = tokens.integer(`the item count of ${e.name} ${r}`);
          if (n < 0) throw new MeshError('bad-count', `PLY ${e.name} ${r} has a list of ${n} items`);
          const keep = isFace && c.faceList[i];
          for (let k = 0; k < n; k++) {
            const v = p.type.isFloat ? tokens.number(p.name) : tokens.integer(p.name);
            if (keep) polygon.push(v);
          }
        } else {
          const v = p.type.isFloat ? tokens.number(p.name) : tokens.integer(p.name);
          if (isVertex && c.vertexSlots[i]! >= 0) c.values[c.vertexSlots[i]!] = v;
        }
      }
      if (isVertex) c.vertex();
      if (isFace && c.hasFaces) c.face(polygon);
    }
  }
  // More records than declared is a malformed file, as fewer is: the header is what a reader trusts (its sizes, the
  // preview's progress), and a body that disagrees with it is refused rather than read in part.
  const extra = tokens.next();
  if (extra !== undefined) {
    const counts = header.elements.map((e) => `${e.count} ${e.name}`).join(', ');
    throw new MeshError(
      'bad-count',
      `PLY body holds more than its header declares (${counts}): '${extra.slice(0, 40)}' on line ${tokens.line} of the body`,
    );
  }
  return c.finish();
};

/** Reads a whole PLY file. */
export const readPly = (bytes: Uint8Array): Mesh => {
  const header = parsePlyHeader(bytes);
  if (!header) throw bad('no end_header line');
  checkPlySize(header, bytes.length - header.length);
  if (header.encoding === 'ascii') return readAsciiBody(header, latin1(bytes.subarray(header.length)));
  const body = new PlyBinaryBody(header);
  body.feed(bytes.subarray(header.length));
  return body.finish();
};
