/**
 * Nearest point on a triangle mesh: a bounding-volume hierarchy over the triangles (median split of the centroids
 * along the widest axis, four triangles a leaf), searched nearest-box-first with the best distance so far pruning
 * the rest (and `raycast`, the nearest hit of a ray, nearest-box-first with a slab test, for picking). Every query
 * may pass a hint — a triangle near the answer (the previous query's, when the queries walk
 * the surface in order) — whose distance bounds the search from the start; that is what makes a scan's 150,000
 * vertices cheap. Coordinates are copied in the tree's own order so a leaf's triangles are adjacent in memory.
 * `toParts`/`fromParts` hand the tree over as typed arrays (built in a worker, posted to the page).
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

/** A tree as transferable typed arrays (see `TriangleBvh.toParts`). */
export interface BvhParts {
  coords: Float32Array;
  order: Uint32Array;
  bounds: Float32Array;
  first: Int32Array;
  count: Int32Array;
}

/** After `rayTriangle` hits: the hit's barycentric weights of b and c. */
export const rayHit = new Float64Array(2);

/**
 * Möller–Trumbore: the t of the ray o + t·d through the triangle abc (front or back face), or -1 for a miss or a ray
 * parallel to its plane. Edges and corners count as hits. The weights of b and c go to `rayHit`.
 */
export function rayTriangle(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const e1x = bx - ax;
  const e1y = by - ay;
  const e1z = bz - az;
  const e2x = cx - ax;
  const e2y = cy - ay;
  const e2z = cz - az;
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (det === 0 || !Number.isFinite(det)) return -1;
  const inv = 1 / det;
  const sx = ox - ax;
  const sy = oy - ay;
  const sz = oz - az;
  const u = (sx * px + sy * py + sz * pz) * inv;
  if (u < 0 || u > 1) return -1;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inv;
  if (v < 0 || u + v > 1) return -1;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
  if (!(t >= 0)) return -1;
  rayHit[0] = u;
  rayHit[1] = v;
  return t;
}

/** A slab test's upper bound is stretched by this factor so that rounding never drops a box a hit lies in. */
const SLAB_SLACK = 1 + 1e-6;

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
  /** Per stack entry: the node's box distance (nearest) or entry t (raycast) when pushed, checked again on pop. */
  private readonly reach = new Float64Array(256);

  /** After `nearest`: the mesh triangle found, its squared distance, the point and its barycentric weights. */
  triangle = -1;
  distanceSquared = Infinity;
  readonly point = new Float64Array(3);
  readonly weights = new Float64Array(3);
  /** The number of triangles tested by the last query (for the benchmark). */
  tested = 0;

  /** After `raycast`: the hit's t (the point is o + t·d in `point`, the mesh triangle in `triangle`). */
  hitT = Infinity;
  /** After `raycast`: the hit triangle's unit face normal, oriented by its winding (right hand: a, b, c). */
  readonly hitNormal = new Float64Array(3);

  /** A tree over the triangles `indices` of `positions`; with `parts`, that tree as it was handed over instead. */
  constructor(positions: Float32Array, indices: Uint32Array, parts?: BvhParts) {
    if (parts) {
      this.coords = parts.coords;
      this.order = parts.order;
      this.bounds = parts.bounds;
      this.first = parts.first;
      this.count = parts.count;
      return;
    }
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
    const { coords, bounds, first, count, stack, reach } = this;
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
    reach[top] = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top]!;
      // The best so far may have come nearer since this box was pushed.
      if (reach[top]! >= best) continue;
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
        if (dr < best) {
          reach[top] = dr;
          stack[top++] = r;
        }
        if (dl < best) {
          reach[top] = dl;
          stack[top++] = l;
        }
      } else {
        if (dl < best) {
          reach[top] = dl;
          stack[top++] = l;
        }
        if (dr < best) {
          reach[top] = dr;
          stack[top++] = r;
        }
      }
    }
    this.tested = tested;
    this.slot = bestSlot;
    this.triangle = bestSlot >= 0 ? this.order[bestSlot]! : -1;
    this.distanceSquared = best;
    return best;
  }

  /**
   * The tree as typed arrays, to post from a worker (transfer their buffers) and rebuild with `fromParts`. They are
   * the tree's own arrays, not copies: transferring them empties this tree.
   */
  toParts(): BvhParts {
    const { coords, order, bounds, first, count } = this;
    return { coords, order, bounds, first, count };
  }

  static fromParts(parts: BvhParts): TriangleBvh {
    return new TriangleBvh(EMPTY_POSITIONS, EMPTY_INDICES, parts);
  }

  /**
   * The nearest hit of the ray o + t·d (d need not be unit) with t in [0, maxT], front or back face. Returns true on
   * a hit and fills `triangle` (the mesh triangle), `hitT`, `point` (o + t·d) and `hitNormal`. Boxes are visited
   * nearest first and skipped once the hit so far is nearer than their entry. Of two triangles hit at the same t (an
   * edge), the lower mesh triangle wins, as `raycastBrute` decides.
   */
  raycast(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, maxT = Infinity): boolean {
    const { coords, bounds, first, count, order, stack, reach } = this;
    const ix = inverse(dx);
    const iy = inverse(dy);
    const iz = inverse(dz);
    let best = maxT;
    let bestSlot = -1;
    let bu = 0;
    let bv = 0;
    let tested = 0;
    let top = 0;
    if (coords.length === 0 || slab(bounds, 0, ox, oy, oz, ix, iy, iz, best) < 0) {
      this.tested = 0;
      return this.noHit();
    }
    reach[top] = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top]!;
      // A hit found since this box was pushed may lie before its entry.
      if (reach[top]! > best * SLAB_SLACK) continue;
      const n = count[node]!;
      if (n > 0) {
        const start = first[node]!;
        for (let i = start; i < start + n; i++) {
          tested++;
          const o = i * 9;
          const t = rayTriangle(
            coords[o]!,
            coords[o + 1]!,
            coords[o + 2]!,
            coords[o + 3]!,
            coords[o + 4]!,
            coords[o + 5]!,
            coords[o + 6]!,
            coords[o + 7]!,
            coords[o + 8]!,
            ox,
            oy,
            oz,
            dx,
            dy,
            dz,
          );
          if (t < 0 || t > best) continue;
          if (t === best && bestSlot >= 0 && order[i]! > order[bestSlot]!) continue;
          best = t;
          bestSlot = i;
          bu = rayHit[0]!;
          bv = rayHit[1]!;
        }
        continue;
      }
      const l = first[node]!;
      const r = l + 1;
      const tl = slab(bounds, l * 6, ox, oy, oz, ix, iy, iz, best);
      const tr = slab(bounds, r * 6, ox, oy, oz, ix, iy, iz, best);
      if (tl >= 0 && tr >= 0) {
        // The nearer box last, so it is searched first.
        if (tl <= tr) {
          reach[top] = tr;
          stack[top++] = r;
          reach[top] = tl;
          stack[top++] = l;
        } else {
          reach[top] = tl;
          stack[top++] = l;
          reach[top] = tr;
          stack[top++] = r;
        }
      } else if (tl >= 0) {
        reach[top] = tl;
        stack[top++] = l;
      } else if (tr >= 0) {
        reach[top] = tr;
        stack[top++] = r;
      }
    }
    this.tested = tested;
    if (bestSlot < 0) return this.noHit();
    this.slot = bestSlot;
    this.triangle = order[bestSlot]!;
    this.hitT = best;
    this.point[0] = ox + best * dx;
    this.point[1] = oy + best * dy;
    this.point[2] = oz + best * dz;
    this.weights[0] = 1 - bu - bv;
    this.weights[1] = bu;
    this.weights[2] = bv;
    faceNormal(coords, bestSlot * 9, this.hitNormal);
    return true;
  }

  private noHit(): false {
    this.slot = -1;
    this.triangle = -1;
    this.hitT = Infinity;
    return false;
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

const EMPTY_POSITIONS = new Float32Array(0);
const EMPTY_INDICES = new Uint32Array(0);

/** 1/d for the slab test, a huge number of d's sign where that overflows (0 or a subnormal d). */
function inverse(d: number): number {
  const i = 1 / d;
  return Number.isFinite(i) ? i : d < 0 ? -1e300 : 1e300;
}

/**
 * Where the ray enters the box at `o` in `b` (its t, 0 when it starts inside), or -1 when it misses the box or
 * enters beyond `maxT`. `ix`… are 1/d per axis (a huge number for a 0 component).
 */
function slab(
  b: Float32Array,
  o: number,
  ox: number,
  oy: number,
  oz: number,
  ix: number,
  iy: number,
  iz: number,
  maxT: number,
): number {
  let t0 = (b[o]! - ox) * ix;
  let t1 = (b[o + 3]! - ox) * ix;
  let near = t0 < t1 ? t0 : t1;
  let far = t0 < t1 ? t1 : t0;
  t0 = (b[o + 1]! - oy) * iy;
  t1 = (b[o + 4]! - oy) * iy;
  if (t0 < t1) {
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
  } else {
    if (t1 > near) near = t1;
    if (t0 < far) far = t0;
  }
  t0 = (b[o + 2]! - oz) * iz;
  t1 = (b[o + 5]! - oz) * iz;
  if (t0 < t1) {
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
  } else {
    if (t1 > near) near = t1;
    if (t0 < far) far = t0;
  }
  far = far > 0 ? far * SLAB_SLACK : far;
  if (near < 0) near = 0;
  if (near > far || near > maxT * SLAB_SLACK) return -1;
  return near;
}

/** The unit normal of the triangle at `o` in `t` (right hand: a, b, c) into `out` (0, 0, 0 for a degenerate one). */
export function faceNormal(t: ArrayLike<number>, o: number, out: Float64Array) {
  const ux = t[o + 3]! - t[o]!;
  const uy = t[o + 4]! - t[o + 1]!;
  const uz = t[o + 5]! - t[o + 2]!;
  const vx = t[o + 6]! - t[o]!;
  const vy = t[o + 7]! - t[o + 1]!;
  const vz = t[o + 8]! - t[o + 2]!;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const len = Math.hypot(nx, ny, nz);
  out[0] = len > 0 ? nx / len : 0;
  out[1] = len > 0 ? ny / len : 0;
  out[2] = len > 0 ? nz / len : 0;
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
