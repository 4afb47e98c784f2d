/**
 * The reference side of a comparison: its triangles in a BVH, its area-weighted vertex normals (interpolated at the
 * nearest point to sign a distance), and its size. Also the correspondence pass both ICP and the final distances use.
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { weld } from '../write/weld.ts';
import { TriangleBvh } from './bvh.ts';
import type { Transform } from './linalg.ts';
import { vertexNormals } from '../normals.ts';

export interface Surface {
  positions: Float32Array;
  indices: Uint32Array;
  bvh: TriangleBvh;
  /** Unit normals per vertex (area-weighted sum of the faces around it). */
  normals: Float32Array;
  /** The bounding box's diagonal (mm). */
  diagonal: number;
  /** The open border: its edges (lower · n + higher vertex, sorted) and a flag per vertex on it. */
  border: { edges: Float64Array; vertices: Uint8Array };
}

/** An indexed mesh with the same shape: a soup is welded on positions (colours and normals are not needed here). */
export function indexed(mesh: Mesh, which: string): { positions: Float32Array; indices: Uint32Array } {
  const triangles = mesh.indices ? mesh.indices.length / 3 : Math.floor(mesh.positions.length / 9);
  if (mesh.positions.length < 9 || triangles < 1)
    throw new MeshError('empty', `The ${which} scan has no triangles to compare.`);
  if (mesh.indices) return { positions: mesh.positions, indices: mesh.indices };
  const soup = mesh.positions.subarray(0, triangles * 9);
  const welded = weld({ positions: soup });
  return { positions: welded.positions, indices: welded.indices! };
}

export function boxDiagonal(positions: Float32Array): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      const x = positions[i + k]!;
      if (x < lo[k]!) lo[k] = x;
      if (x > hi[k]!) hi[k] = x;
    }
  return Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
}

/**
 * The edges only one triangle uses (the scan's border and any holes): every triangle's three edges as numbers
 * (lower · n + higher vertex), sorted, and those that occur once kept.
 */
export function borderOf(indices: Uint32Array, vertices: number): Surface['border'] {
  const keys = new Float64Array(indices.length);
  for (let t = 0; t < indices.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k]!;
      const b = indices[t + ((k + 1) % 3)]!;
      keys[t + k] = a < b ? a * vertices + b : b * vertices + a;
    }
  keys.sort();
  let count = 0;
  for (let i = 0; i < keys.length;) {
    let j = i + 1;
    while (j < keys.length && keys[j] === keys[i]) j++;
    if (j - i === 1) keys[count++] = keys[i]!;
    i = j;
  }
  const edges = keys.slice(0, count);
  const flags = new Uint8Array(vertices);
  for (const e of edges) {
    flags[Math.floor(e / vertices)] = 1;
    flags[e % vertices] = 1;
  }
  return { edges, vertices: flags };
}

function isBorderEdge(border: Surface['border'], n: number, a: number, b: number): boolean {
  const key = a < b ? a * n + b : b * n + a;
  const edges = border.edges;
  let lo = 0;
  let hi = edges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const e = edges[mid]!;
    if (e === key) return true;
    if (e < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function surfaceOf(mesh: Mesh): Surface {
  const { positions, indices } = indexed(mesh, 'reference');
  for (let i = 0; i < positions.length; i++)
    if (!Number.isFinite(positions[i]!))
      throw new MeshError('bad-number', 'The reference scan has a vertex that is not a number.');
  return {
    positions,
    indices,
    bvh: new TriangleBvh(positions, indices),
    normals: vertexNormals(positions, indices),
    diagonal: boxDiagonal(positions),
    border: borderOf(indices, positions.length / 3),
  };
}

/** Matched pairs: each point moved by the transform (x), its nearest surface point (q), the normal there (n). */
export interface Matches {
  x: Float64Array;
  q: Float64Array;
  n: Float64Array;
  /** Signed distance along n (+ outside). */
  d: Float64Array;
  /** Per point: the BVH slot of its last match (the next pass's hint), -1 before the first. */
  slots: Int32Array;
  /**
   * Per point: 1 when it has no counterpart on the surface — its nearest point is on the surface's open border and
   * it lies beyond it (off to the side rather than above or below: the part of a scan the other does not cover).
   */
  outside: Uint8Array;
}

export function matches(count: number): Matches {
  return {
    x: new Float64Array(count * 3),
    q: new Float64Array(count * 3),
    n: new Float64Array(count * 3),
    d: new Float64Array(count),
    slots: new Int32Array(count).fill(-1),
    outside: new Uint8Array(count),
  };
}

/**
 * Moves the points `src` (x y z each, in the moving scan's frame) by `m` and finds each one's nearest point on the
 * surface, its interpolated normal and its signed distance. `from`/`to` pick a range (for progress between chunks).
 */
export function match(
  surface: Surface,
  src: ArrayLike<number>,
  m: Transform,
  out: Matches,
  from = 0,
  to = out.d.length,
) {
  const { bvh, indices, normals, border } = surface;
  const { x, q, n, d, slots, outside } = out;
  const vertices = surface.positions.length / 3;
  const tiny = surface.diagonal * 1e-5;
  let previous = from > 0 ? slots[from - 1]! : -1;
  for (let i = from; i < to; i++) {
    const sx = src[i * 3]!;
    const sy = src[i * 3 + 1]!;
    const sz = src[i * 3 + 2]!;
    const px = m[0]! * sx + m[1]! * sy + m[2]! * sz + m[3]!;
    const py = m[4]! * sx + m[5]! * sy + m[6]! * sz + m[7]!;
    const pz = m[8]! * sx + m[9]! * sy + m[10]! * sz + m[11]!;
    const own = slots[i]!;
    const d2 = bvh.nearest(px, py, pz, -1, own >= 0 ? own : previous);
    previous = slots[i] = bvh.slot;
    const t = bvh.triangle * 3;
    const w = bvh.weights;
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    let nx = w[0]! * normals[a]! + w[1]! * normals[b]! + w[2]! * normals[c]!;
    let ny = w[0]! * normals[a + 1]! + w[1]! * normals[b + 1]! + w[2]! * normals[c + 1]!;
    let nz = w[0]! * normals[a + 2]! + w[1]! * normals[b + 2]! + w[2]! * normals[c + 2]!;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    const qx = bvh.point[0]!;
    const qy = bvh.point[1]!;
    const qz = bvh.point[2]!;
    x[i * 3] = px;
    x[i * 3 + 1] = py;
    x[i * 3 + 2] = pz;
    q[i * 3] = qx;
    q[i * 3 + 1] = qy;
    q[i * 3 + 2] = qz;
    n[i * 3] = nx;
    n[i * 3 + 1] = ny;
    n[i * 3 + 2] = nz;
    const dist = Math.sqrt(d2);
    const along = (px - qx) * nx + (py - qy) * ny + (pz - qz) * nz;
    d[i] = along < 0 ? -dist : dist;
    // Beyond the border: the nearest point is on a border edge or corner, and the offset leans off to the side
    // (more than 60° from the normal).
    let beyond = 0;
    if (w[0] === 0 || w[1] === 0 || w[2] === 0) {
      const va = indices[t]!;
      const vb = indices[t + 1]!;
      const vc = indices[t + 2]!;
      const onBorder =
        w[0] === 0 && w[1] === 0
          ? border.vertices[vc] === 1
          : w[0] === 0 && w[2] === 0
            ? border.vertices[vb] === 1
            : w[1] === 0 && w[2] === 0
              ? border.vertices[va] === 1
              : w[0] === 0
                ? isBorderEdge(border, vertices, vb, vc)
                : w[1] === 0
                  ? isBorderEdge(border, vertices, va, vc)
                  : isBorderEdge(border, vertices, va, vb);
      if (onBorder && dist > tiny && Math.abs(along) < 0.5 * dist) beyond = 1;
    }
    outside[i] = beyond;
  }
}
