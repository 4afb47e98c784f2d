/** Test inputs built in code: a little binary writer and a few small PLY, STL and OBJ files (used by the tests only). */
import { MeshError } from '../mesh.ts';

const encoder = new TextEncoder();
export const text = (s: string): Uint8Array => encoder.encode(s);

export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Writes binary values in one byte order. */
export class Bin {
  private readonly view = new DataView(new ArrayBuffer(1 << 22));
  private at = 0;
  constructor(private readonly le = true) {}
  private put(size: number, write: (at: number) => void): this {
    write(this.at);
    this.at += size;
    return this;
  }
  i8 = (v: number) => this.put(1, (a) => this.view.setInt8(a, v));
  u8 = (v: number) => this.put(1, (a) => this.view.setUint8(a, v));
  i16 = (v: number) => this.put(2, (a) => this.view.setInt16(a, v, this.le));
  u16 = (v: number) => this.put(2, (a) => this.view.setUint16(a, v, this.le));
  i32 = (v: number) => this.put(4, (a) => this.view.setInt32(a, v, this.le));
  u32 = (v: number) => this.put(4, (a) => this.view.setUint32(a, v, this.le));
  f32 = (v: number) => this.put(4, (a) => this.view.setFloat32(a, v, this.le));
  f64 = (v: number) => this.put(8, (a) => this.view.setFloat64(a, v, this.le));
  bytes = (): Uint8Array => new Uint8Array(this.view.buffer.slice(0, this.at));
}

/** The four corners of a unit square in z = 0, then one apex at z = 1. */
export const SQUARE = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
  [0.5, 0.5, 1],
];

/** An ascii PLY: the square and apex with colours and normals, one quad and one triangle, and an edge element. */
export const plyAscii = text(
  [
    'ply',
    'format ascii 1.0',
    'comment made by hand',
    'obj_info nothing',
    'element vertex 5',
    'property float x',
    'property float y',
    'property float z',
    'property float nx',
    'property float ny',
    'property float nz',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    'property uchar alpha',
    'element face 2',
    'property list uchar int vertex_indices',
    'element edge 1',
    'property int vertex1',
    'property int vertex2',
    'end_header',
    '0 0 0 0 0 1 255 0 0 255',
    '1 0 0 0 0 1 0 255 0 255',
    '1 1 0 0 0 1 0 0 255 255',
    '0 1 0 0 0 1 10 20 30 255',
    '0.5 0.5 1 0 0 -1 1 2 3 128',
    '4 0 1 2 3',
    '3 0 1 4',
    '0 1',
    '',
  ].join('\n'),
);

/**
 * A binary PLY of the same shape: double coordinates, float colours (0–1) and an extra float property, faces with a
 * `count` list type and `index` items plus a second list skipped, and a trailing edge element.
 */
export const plyBinary = (le: boolean, countType = 'uchar', indexType = 'int'): Uint8Array => {
  const header = text(
    [
      'ply',
      `format binary_${le ? 'little' : 'big'}_endian 1.0`,
      'element vertex 5',
      'property double x',
      'property double y',
      'property double z',
      'property float32 confidence',
      'property float red',
      'property float green',
      'property float blue',
      'property float alpha',
      'element face 2',
      `property list ${countType} ${indexType} vertex_indices`,
      'property list uint8 float32 texcoord',
      'element edge 1',
      'property int vertex1',
      'property int vertex2',
      'end_header',
      '',
    ].join('\n'),
  );
  const b = new Bin(le);
  const count = (n: number) => (countType.includes('char') || countType.includes('8') ? b.u8(n) : b.u16(n));
  const index = (i: number) => (indexType === 'int' ? b.i32(i) : b.u32(i));
  for (const [i, p] of SQUARE.entries()) {
    b.f64(p[0]!).f64(p[1]!).f64(p[2]!).f32(0.5);
    b.f32(i / 4)
      .f32(0.5)
      .f32(1)
      .f32(1);
  }
  count(4);
  [0, 1, 2, 3].forEach(index);
  b.u8(2).f32(0).f32(1);
  count(3);
  [0, 1, 4].forEach(index);
  b.u8(0);
  b.i32(0).i32(1);
  return concat(header, b.bytes());
};

/** Two triangles as an ascii STL. */
export const stlAscii = text(
  [
    'solid two',
    '  facet normal 0 0 1',
    '    outer loop',
    '      vertex 0 0 0',
    '      vertex 1 0 0',
    '      vertex 1 1 0',
    '    endloop',
    '  endfacet',
    '  FACET NORMAL 0 0 1',
    '    OUTER LOOP',
    '      VERTEX 0 0 0',
    '      VERTEX 1 1 0',
    '      VERTEX -1.5e1 1 0.25',
    '    ENDLOOP',
    '  ENDFACET',
    'endsolid two',
    '',
  ].join('\n'),
);

export const STL_POSITIONS = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, -15, 1, 0.25];

/** The same two triangles as a binary STL, its 80-byte header starting with `header`. */
export const stlBinary = (header = 'binary', triangles = 2): Uint8Array => {
  const b = new Bin(true);
  const h = text(header.padEnd(80, ' '));
  for (const c of h.subarray(0, 80)) b.u8(c);
  b.u32(triangles);
  for (let t = 0; t < triangles; t++) {
    b.f32(0).f32(0).f32(1);
    for (let k = 0; k < 9; k++) b.f32(STL_POSITIONS[((t % 2) * 9 + k) % 18]!);
    b.u16(0);
  }
  return b.bytes();
};

/** A bigger binary PLY (n × n grid of vertices, quads between them), for chunked reading. */
export const plyGrid = (n: number, le = true): Uint8Array => {
  const header = text(
    [
      'ply',
      `format binary_${le ? 'little' : 'big'}_endian 1.0`,
      `element vertex ${n * n}`,
      'property float x',
      'property float y',
      'property float z',
      'property uchar red',
      'property uchar green',
      'property uchar blue',
      `element face ${(n - 1) * (n - 1)}`,
      'property list uchar uint vertex_indices',
      'end_header',
      '',
    ].join('\n'),
  );
  const b = new Bin(le);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      b.f32(x)
        .f32(y)
        .f32((x * y) % 7)
        .u8(x)
        .u8(y)
        .u8(7);
  for (let y = 0; y + 1 < n; y++) {
    for (let x = 0; x + 1 < n; x++)
      b.u8(4)
        .u32(y * n + x)
        .u32(y * n + x + 1)
        .u32((y + 1) * n + x + 1)
        .u32((y + 1) * n + x);
  }
  return concat(header, b.bytes());
};

/** An OBJ with colours on every vertex, all four face forms and negative indices. */
export const obj = text(
  [
    '# a square and an apex',
    'mtllib none.mtl',
    'o thing',
    'v 0 0 0 1 0 0',
    'v 1 0 0 0 1 0',
    'v 1 1 0 0 0 1',
    'v 0 1 0 0.5 0.5 0.5',
    'vt 0 0',
    'vn 0 0 1',
    'usemtl x',
    'f 1 2 3 4',
    'f 1/1 2/1 -1/1',
    'v 0.5 0.5 1 1 1 1',
    'f -1//1 -5//1 2//1',
    'f 1/1/1 2/1/1 -1/1/1',
    '',
  ].join('\n'),
);

/** The MeshError `f` throws (failing when it throws something else or nothing). */
export const meshError = (f: () => unknown): MeshError => {
  try {
    f();
  } catch (e) {
    if (e instanceof MeshError) return e;
    throw e;
  }
  throw new Error('no MeshError thrown');
};
