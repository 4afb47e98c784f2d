/**
 * Welding: vertices with bit-identical positions (and equal colours, when there are colours) become one, so a
 * triangle soup turns into an indexed mesh. One pass with an open-addressing hash table over the raw float bits
 * (Uint32 views, no strings); every array is sized once.
 */
import type { Mesh } from '../mesh.ts';

const EMPTY = 0xffffffff;

/** A 32-bit mix of a vertex's words (murmur3-style finalizer), so float bit patterns spread over the table. */
const hash = (x: number, y: number, z: number, c: number): number => {
  let h =
    Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * Merges equal vertices and returns an indexed mesh. A soup gets indices 0..n-1 remapped; an indexed mesh keeps its
 * triangles with the indices remapped. Normals, when present, are those of the first vertex of each merged group.
 */
export function weld(mesh: Mesh): Mesh {
  const { positions, colors, normals } = mesh;
  const n = positions.length / 3;
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  const colour = (v: number): number =>
    colors ? (colors[v * 3]! << 16) | (colors[v * 3 + 1]! << 8) | colors[v * 3 + 2]! : 0;

  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  const table = new Uint32Array(size).fill(EMPTY); // slot -> new vertex index
  const firstOf = new Uint32Array(n); // new vertex index -> its first source vertex
  const remap = new Uint32Array(n); // source vertex -> new vertex index
  let count = 0;

  for (let v = 0; v < n; v++) {
    const x = bits[v * 3]!;
    const y = bits[v * 3 + 1]!;
    const z = bits[v * 3 + 2]!;
    const c = colour(v);
    let slot = hash(x, y, z, c) & mask;
    for (;;) {
      const k = table[slot]!;
      if (k === EMPTY) {
        table[slot] = count;
        firstOf[count] = v;
        remap[v] = count++;
        break;
      }
      const f = firstOf[k]!;
      if (bits[f * 3] === x && bits[f * 3 + 1] === y && bits[f * 3 + 2] === z && colour(f) === c) {
        remap[v] = k;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }

  const out: Mesh = { positions: new Float32Array(count * 3) };
  const outBits = new Uint32Array(out.positions.buffer);
  if (colors) out.colors = new Uint8Array(count * 3);
  if (normals) out.normals = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) {
    const f = firstOf[k]!;
    for (let a = 0; a < 3; a++) {
      outBits[k * 3 + a] = bits[f * 3 + a]!; // the bits, so NaN payloads and -0 survive too
      if (out.colors) out.colors[k * 3 + a] = colors![f * 3 + a]!;
      if (out.normals) out.normals[k * 3 + a] = normals![f * 3 + a]!;
    }
  }

  if (mesh.indices) {
    const src = mesh.indices;
    const indices = new Uint32Array(src.length);
    for (let i = 0; i < src.length; i++) indices[i] = remap[src[i]!]!;
    out.indices = indices;
  } else {
    out.indices = remap.subarray(0, n - (n % 3)); // a soup's trailing partial triangle is dropped
  }
  return out;
}
