/**
 * Nearest point on a triangle mesh: a bounding-volume hierarchy over the triangles (median split of the centroids
 * along the widest axis, four triangles a leaf), searched nearest-box-first with the best distance so far pruning
 * the rest. Every query may pass a hint — a triangle near the answer (the previous query's, when the queries walk
 * the surface in order) — whose distance bounds the search from the start; that is what makes a scan's 150,000
 * vertices cheap. Coordinates are copied in the tree's own order so a leaf's triangles are adjacent in memory.
 */
import type { Mesh } from '../mesh.ts';

const LEAF = 4;

/** Where `closestOnTriangle` puts its answer: the point (x, y, z) and its barycentric weights (on a, b, c). */
export const closest = new Float64Array(6);

/**
 * The squared distance from p to the triangle abc (coordinates in `t` from `o`: ax ay az bx by bz cx cy cz), and the
 * nearest point with its barycentric weights in `closest` (Ericson, Real-Time Collision Detection, 5.1.5). A
 * nearest point on an edge or a corner has the other weights exactly 0.
 */
export function closestOnTriangle(
  t: ArrayLike<number>,
  o: number,
  px: number,
  py: number,
  pz: number,
): number {
  const ax = t[o]!;
  const ay = t[o + 1]!;
  const az = t[o + 2]!;
  const abx = t[o + 3]! - ax;
  const aby = t[o + 4]! - ay;
  const abz = t[o + 5]! - az;
  const acx = t[o + 6]! - ax;
  const acy = t[o + 7]! - ay;
  const acz = t[o + 8]! - az;
  const apx = px - ax;
  const apy = py - ay;
  const apz = pz - az;
  let u: number; // weight of b
  let v: number; // weight of c
  let w = -1; // weight of a, when set exactly (0 on the edge bc)
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) {
    u = 0;
    v = 0;
  } else {
    const bpx = px - t[o + 3]!;
    const bpy = py - t[o + 4]!;
    const bpz = pz - t[o + 5]!;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const vc = d1 * d4 - d3 * d2;
    if (d3 >= 0 && d4 <= d3) {
      u = 1;
      v = 0;
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      u = d1 / (d1 - d3);
      v = 0;
    } else {
      const cpx = px - t[o + 6]!;
      const cpy = py - t[o + 7]!;
      const cpz = pz - t[o + 8]!;
      const d5 = abx * cpx + aby * cpy + abz * cpz;
      const d6 = acx * cpx + acy * cpy + acz * cpz;
      const vb = d5 * d2 - d1 * d6;
      const va = d3 * d6 - d5 * d4;
      if (d6 >= 0 && d5 <= d6) {
        u = 0;
        v = 1;
      } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        u = 0;
        v = d2 / (d2 - d6);
      } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        v = (d4 - d3) / (d4 - d3 + (d5 - d6));
        u = 1 - v;
        w = 0;
      } else {
        const denom = va + vb + vc;
        if (denom > 0) {
          u = vb / denom;
          v = vc / denom;
        } else {
          // A degenerate (zero-area) triangle: its nearest vertex will do.
          u = 0;
          v = 0;
        }
      }
    }
  }
  const qx = ax + abx * u + acx * v;
  const qy = ay + aby * u + acy * v;
  const qz = az + abz * u + acz * v;
  closest[0] = qx;
  closest[1] = qy;
  closest[2] = qz;
  closest[3] = w < 0 ? 1 - u - v : w;
  closest[4] = u;
  closest[5] = v;
  const dx = px - qx;
  const dy = py - qy;
  const dz = pz - qz;
  return dx * dx + dy * dy + dz * dz;
}

/** The triangles of a mesh as vertex indices (a soup gets 0, 1, 2, …). */
export function triangleIndices(mesh: Mesh): Uint32Array {
  if (mesh.indices) return mesh.indices;
  const n = mesh.positions.length / 3;
  const out = new Uint32Array(n - (n % 3));
  for (let i = 0; i < out.length; i++) out[i] = i;
  return out;
}

export class TriangleBvh {
  /** The triangles' corner coordinates in tree order (9 numbers each; float32 like the mesh, so exact). */
  readonly coords: Float32Array;
  /** The mesh triangle behind each tree slot. */
  readonly order: Uint32Array;
  /** Per node: min x y z, max x y z. */
  private readonly bounds: Float32Array;
  /** Per node: the first tree slot (leaf) or the left child (inner; the right one follows it). */
  private readonly first: Int32Array;
  /** Per node: the number of triangles (leaf) or 0 (inner). */
  private readonly count: Int32Array;
  private readonly stack = new Int32Array(256);

  /** After `nearest`: the mesh triangle found, its squared distance, the point and its barycentric weights. */
  triangle = -1;
  distanceSquared = Infinity;
  readonly point = new Float64Array(3);
  readonly weights = new Float64Array(3);
  /** The number of triangles tested by the last query (for the benchmark). */
  tested = 0;

  constructor(positions: Float32Array, indices: Uint32Array) {
    const m = indices.length / 3;
    // Per triangle: its box (min x y z, max x y z) and its centroid (times three), computed once.
    const box = new Float32Array(m * 6);
    const centre = new Float64Array(m * 3);
    for (let t = 0; t < m; t++) {
      const a = indices[t * 3]! * 3;
      const b = indices[t * 3 + 1]! * 3;
      const c = indices[t * 3 + 2]! * 3;
      for (let k = 0; k < 3; k++) {
        const x = positions[a + k]!;
        const y = positions[b + k]!;
        const z = positions[c + k]!;
        box[t * 6 + k] = Math.min(x, y, z);
        box[t * 6 + 3 + k] = Math.max(x, y, z);
        centre[t * 3 + k] = x + y + z;
      }
    }
    const order = new Uint32Array(m);
    for (let t = 0; t < m; t++) order[t] = t;
    const maxNodes = m + 1; // a median split leaves at least two triangles a leaf: fewer than m nodes
    const bounds = new Float32Array(maxNodes * 6);
    const first = new Int32Array(maxNodes);
    const count = new Int32Array(maxNodes);
    const key = new Float64Array(m);
    let nodes = 1;

    // Iterative build over (node, start, end) triples.
    const work = new Int32Array(3 * 128);
    let top = 0;
    work[top++] = 0;
    work[top++] = 0;
    work[top++] = m;
    while (top > 0) {
      const end = work[--top]!;
      const start = work[--top]!;
      const node = work[--top]!;
      let minX = Infinity;
      let minY = Infinity;
      let minZ = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let maxZ = -Infinity;
      let cminX = Infinity;
      let cminY = Infinity;
      let cminZ = Infinity;
      let cmaxX = -Infinity;
      let cmaxY = -Infinity;
      let cmaxZ = -Infinity;
      for (let i = start; i < end; i++) {
        const t = order[i]!;
        const o = t * 6;
        if (box[o]! < minX) minX = box[o]!;
        if (box[o + 1]! < minY) minY = box[o + 1]!;
        if (box[o + 2]! < minZ) minZ = box[o + 2]!;
        if (box[o + 3]! > maxX) maxX = box[o + 3]!;
        if (box[o + 4]! > maxY) maxY = box[o + 4]!;
        if (box[o + 5]! > maxZ) maxZ = box[o + 5]!;
        const x = centre[t * 3]!;
        const y = centre[t * 3 + 1]!;
        const z = centre[t * 3 + 2]!;
        if (x < cminX) cminX = x;
        if (x > cmaxX) cmaxX = x;
        if (y < cminY) cminY = y;
        if (y > cmaxY) cmaxY = y;
        if (z < cminZ) cminZ = z;
        if (z > cmaxZ) cmaxZ = z;
      }
      const o = node * 6;
      bounds[o] = minX;
      bounds[o + 1] = minY;
      bounds[o + 2] = minZ;
      bounds[o + 3] = maxX;
      bounds[o + 4] = maxY;
      bounds[o + 5] = maxZ;
      const ex = cmaxX - cminX;
      const ey = cmaxY - cminY;
      const ez = cmaxZ - cminZ;
      if (end - start <= LEAF || Math.max(ex, ey, ez) === 0) {
        first[node] = start;
        count[node] = end - start;
        continue;
      }
      const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
      for (let i = start; i < end; i++) key[order[i]!] = centre[order[i]! * 3 + axis]!;
      const mid = (start + end) >> 1;
      select(order, key, start, end - 1, mid);
      const left = nodes;
      nodes += 2;
      first[node] = left;
      count[node] = 0;
      if (top + 6 > work.length) throw new Error('BVH too deep');
      work[top++] = left;
      work[top++] = start;
      work[top++] = mid;
      work[top++] = left + 1;
      work[top++] = mid;
      work[top++] = end;
    }

    const coords = new Float32Array(m * 9);
    for (let i = 0; i < m; i++) {
      const t = order[i]!;
      for (let k = 0; k < 3; k++) {
        const v = indices[t * 3 + k]! * 3;
        coords[i * 9 + k * 3] = positions[v]!;
        coords[i * 9 + k * 3 + 1] = positions[v + 1]!;
        coords[i * 9 + k * 3 + 2] = positions[v + 2]!;
      }
    }
    this.coords = coords;
    this.order = order;
    this.bounds = bounds.slice(0, nodes * 6);
    this.first = first.slice(0, nodes);
    this.count = count.slice(0, nodes);
  }

  /**
   * The nearest point of the mesh to p. `hint` (a mesh triangle, or -1) seeds the search's bound. Fills `triangle`,
   * `distanceSquared`, `point` and `weights`, and returns the squared distance.
   */
  nearest(px: number, py: number, pz: number, hint = -1, slotHint = -1): number {
    const { coords, bounds, first, count, stack } = this;
    let best = Infinity;
    let bestSlot = -1;
    let tested = 0;
    if (slotHint < 0 && hint >= 0) slotHint = this.slotOf(hint);
    if (slotHint >= 0) {
      best = closestOnTriangle(coords, slotHint * 9, px, py, pz);
      bestSlot = slotHint;
      tested++;
      this.save();
    }
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top]!;
      const n = count[node]!;
      if (n > 0) {
        const start = first[node]!;
        for (let i = start; i < start + n; i++) {
          if (i === bestSlot) continue;
          tested++;
          const d = closestOnTriangle(coords, i * 9, px, py, pz);
          if (d < best) {
            best = d;
            bestSlot = i;
            this.save();
          }
        }
        continue;
      }
      const l = first[node]!;
      const r = l + 1;
      const dl = boxDistance(bounds, l * 6, px, py, pz);
      const dr = boxDistance(bounds, r * 6, px, py, pz);
      if (dl <= dr) {
        if (dr < best) stack[top++] = r;
        if (dl < best) stack[top++] = l;
      } else {
        if (dl < best) stack[top++] = l;
        if (dr < best) stack[top++] = r;
      }
    }
    this.tested = tested;
    this.slot = bestSlot;
    this.triangle = bestSlot >= 0 ? this.order[bestSlot]! : -1;
    this.distanceSquared = best;
    return best;
  }

  /** The tree slot of the last answer (pass it back as `slotHint` to skip the lookup). */
  slot = -1;
  private slots: Int32Array | null = null;

  private slotOf(triangle: number): number {
    if (!this.slots) {
      this.slots = new Int32Array(this.order.length);
      for (let i = 0; i < this.order.length; i++) this.slots[this.order[i]!] = i;
    }
    return this.slots[triangle] ?? -1;
  }

  private save() {
    this.point[0] = closest[0]!;
    this.point[1] = closest[1]!;
    this.point[2] = closest[2]!;
    this.weights[0] = closest[3]!;
    this.weights[1] = closest[4]!;
    this.weights[2] = closest[5]!;
  }
}

/** The squared distance from p to the box at `o` in `b` (0 inside). */
function boxDistance(b: Float32Array, o: number, px: number, py: number, pz: number): number {
  let d = 0;
  let e = b[o]! - px;
  if (e > 0) d += e * e;
  else {
    e = px - b[o + 3]!;
    if (e > 0) d += e * e;
  }
  e = b[o + 1]! - py;
  if (e > 0) d += e * e;
  else {
    e = py - b[o + 4]!;
    if (e > 0) d += e * e;
  }
  e = b[o + 2]! - pz;
  if (e > 0) d += e * e;
  else {
    e = pz - b[o + 5]!;
    if (e > 0) d += e * e;
  }
  return d;
}

/** Partially sorts order[lo..hi] so that the element at k has the k-th smallest key, smaller ones before it. */
function select(order: Uint32Array, key: Float64Array, lo: number, hi: number, k: number) {
  while (hi > lo) {
    const pivot = key[order[(lo + hi) >> 1]!]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (key[order[i]!]! < pivot) i++;
      while (key[order[j]!]! > pivot) j--;
      if (i <= j) {
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
