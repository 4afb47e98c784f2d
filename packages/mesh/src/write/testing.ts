/**
 * Small parsers the writer tests read their own output back with (independent of src/read, which is written in
 * parallel): binary/ASCII PLY as written here, binary STL, and OBJ `v`/`f` lines; and a cube soup to write.
 */
import type { Mesh } from '../mesh.ts';

const text = (b: Uint8Array) => new TextDecoder().decode(b);

export function parsePly(bytes: Uint8Array): { header: string; mesh: Mesh } {
  const end = text(bytes.subarray(0, 4096)).indexOf('end_header\n') + 'end_header\n'.length;
  const header = text(bytes.subarray(0, end));
  const n = Number(/element vertex (\d+)/.exec(header)![1]);
  const m = Number(/element face (\d+)/.exec(header)![1]);
  const hasColours = header.includes('property uchar red');
  const positions = new Float32Array(n * 3);
  const colors = hasColours ? new Uint8Array(n * 3) : undefined;
  const indices = new Uint32Array(m * 3);
  if (header.includes('format ascii')) {
    const lines = text(bytes.subarray(end)).split('\n');
    for (let v = 0; v < n; v++) {
      const w = lines[v]!.split(' ').map(Number);
      positions.set(w.slice(0, 3), v * 3);
      if (colors) colors.set(w.slice(3, 6), v * 3);
    }
    for (let f = 0; f < m; f++) {
      const w = lines[n + f]!.split(' ').map(Number);
      if (w[0] !== 3) throw new Error('not a triangle');
      indices.set(w.slice(1, 4), f * 3);
    }
    return { header, mesh: { positions, colors, indices } };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = end;
  for (let v = 0; v < n; v++) {
    for (let a = 0; a < 3; a++) positions[v * 3 + a] = view.getFloat32(at + a * 4, true);
    at += 12;
    if (colors) {
      colors.set(bytes.subarray(at, at + 3), v * 3);
      at += 3;
    }
  }
  for (let f = 0; f < m; f++) {
    if (bytes[at] !== 3) throw new Error('not a triangle');
    for (let a = 0; a < 3; a++) indices[f * 3 + a] = view.getInt32(at + 1 + a * 4, true);
    at += 13;
  }
  if (at !== bytes.length) throw new Error(`trailing bytes: ${bytes.length - at}`);
  return { header, mesh: { positions, colors, indices } };
}

/** Binary STL: the soup and the stored normals. */
export function parseStl(bytes: Uint8Array): { positions: Float32Array; normals: Float32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const m = view.getUint32(80, true);
  const positions = new Float32Array(m * 9);
  const normals = new Float32Array(m * 3);
  for (let t = 0; t < m; t++) {
    const at = 84 + t * 50;
    for (let a = 0; a < 3; a++) normals[t * 3 + a] = view.getFloat32(at + a * 4, true);
    for (let a = 0; a < 9; a++) positions[t * 9 + a] = view.getFloat32(at + 12 + a * 4, true);
  }
  return { positions, normals };
}

/** OBJ `v x y z [r g b]` and `f a b c`; colours back to bytes with Math.round(v * 255). */
export function parseObj(bytes: Uint8Array): Mesh {
  const pos: number[] = [];
  const col: number[] = [];
  const idx: number[] = [];
  for (const line of text(bytes).split('\n')) {
    const w = line.split(' ');
    if (w[0] === 'v') {
      pos.push(Number(w[1]), Number(w[2]), Number(w[3]));
      if (w.length >= 7) col.push(...w.slice(4, 7).map((c) => Math.round(Number(c) * 255)));
    } else if (w[0] === 'f') idx.push(...w.slice(1, 4).map((i) => Number(i) - 1));
  }
  return {
    positions: new Float32Array(pos),
    colors: col.length ? new Uint8Array(col) : undefined,
    indices: new Uint32Array(idx),
  };
}

/** A unit cube as a soup: 12 triangles, 36 vertices, every corner repeated. */
export function cubeSoup(): Mesh {
  const c = [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [1, 1, 1],
    [0, 1, 1],
  ];
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [1, 2, 6, 5],
    [0, 4, 7, 3],
  ];
  const tris = quads.flatMap(([a, b, cc, d]) => [a!, b!, cc!, a!, cc!, d!]);
  return { positions: new Float32Array(tris.flatMap((i) => c[i]!)) };
}
