/**
 * The model builder: an open jaw scan in, a closed printable solid out.
 *
 * 1. Weld (bit-identical positions become one vertex; colours and normals are dropped), drop triangles that repeat
 *    a vertex or touch a non-finite coordinate, and drop every triangle on an edge more than two triangles share
 *    (the hole this leaves is filled like any other).
 * 2. Orient: neighbouring triangles are made to agree (breadth-first over shared edges), per connected component.
 *    Closed components are kept; of the open ones only the largest (the scan) is kept, loose fragments are dropped.
 * 3. Boundary loops of the scan. The longest is the border, when it is at least as long as the scan's bounding-box
 *    diagonal (a jaw scan's border runs round the whole arch); every other loop is a hole, filled by ear clipping in
 *    its own best-fit plane. A scan whose longest loop is shorter is treated as a closed mesh with holes: they are
 *    filled and no base is added. An already closed mesh is returned welded and oriented, without a base.
 * 4. Up: the axis of the border's vector area (Newell's normal, which equals the summed area vectors of the scan
 *    surface: the occlusal direction for a jaw), sharpened to the scan's thinnest principal axis when that one is
 *    clearly the thinnest and agrees within 25° (a full arch: the open back ends tilt Newell's normal by several
 *    degrees), signed so that the scan lies on its positive side, away from the border (teeth up for a lower jaw,
 *    down for an upper one). The model stays in the scan's coordinates (no rotation onto the xy plane).
 * 5. Base: the border is extruded along -up to the plane `borderMin - baseHeight` (borderMin: the lowest border
 *    point along up) and that flat bottom is capped.
 *    - horseshoe: the bottom is the border's own outline (the arch-shaped footprint; the tongue space stays open).
 *    - solid: the bottom is the convex hull of that outline. The pockets between the outline and the hull (the
 *      tongue space above all) are filled up to a flat lid half-way between the bottom and borderMin, so the base
 *      is one slab with the arch standing on it.
 * 6. Every component is turned outward (positive signed volume), and the result, welded once more as a reader of
 *    its STL would, is checked: watertight and consistently oriented, or a MeshError 'not-a-jaw'.
 *
 * Linear in the triangles apart from the ear clipping of the caps (about linear on smooth outlines); only typed
 * arrays per triangle or vertex.
 *
 * Not handled: scan surface below the base plane (the base then cuts through it; the result is closed but
 * self-intersecting), a border whose outline crosses itself seen from up (closed, the caps overlap), and a border
 * stretch exactly parallel to up (two base vertices coincide: MeshError rather than an STL that is not closed).
 */
import { MeshError, triangleCount, type Mesh } from '../mesh.ts';
import { weld } from '../write/weld.ts';
import { checkMesh, tetra } from './checks.ts';
import { earClip } from './earclip.ts';
import { boundaryLoops, buildEdges, orient } from './topology.ts';

export type BaseKind = 'horseshoe' | 'solid';

export interface BuildModelOptions {
  /** mm, 1..30: distance from the scan's lowest border point (along up) to the flat base. */
  baseHeight: number;
  baseKind: BaseKind;
  onProgress?: (fraction: number) => void;
}

/** Where the base of a scan goes: the up axis (unit), the lowest border point along it. */
export interface ModelFrame {
  up: [number, number, number];
  borderMin: number;
}

interface Prepared {
  positions: Float32Array;
  /** The kept triangles, oriented consistently within each component. */
  indices: Uint32Array;
  /** Kept triangle → component number (the scan, when there is one, is `main`). */
  component: Int32Array;
  components: number;
  main: number;
  loops: Uint32Array[];
  /** The loop to build the base on, or -1. */
  border: number;
}

const dot = (p: Float32Array, v: number, d: ArrayLike<number>) =>
  p[v * 3]! * d[0]! + p[v * 3 + 1]! * d[1]! + p[v * 3 + 2]! * d[2]!;

/** Newell's normal of a closed vertex loop (not normalised): twice its vector area. */
function newell(p: Float32Array, loop: Uint32Array): [number, number, number] {
  // Relative to the first vertex, for precision far from the origin.
  const o = loop[0]! * 3;
  const ox = p[o]!;
  const oy = p[o + 1]!;
  const oz = p[o + 2]!;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < loop.length; i++) {
    const a = loop[i]! * 3;
    const b = loop[i + 1 === loop.length ? 0 : i + 1]! * 3;
    const ax = p[a]! - ox;
    const ay = p[a + 1]! - oy;
    const az = p[a + 2]! - oz;
    const bx = p[b]! - ox;
    const by = p[b + 1]! - oy;
    const bz = p[b + 2]! - oz;
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  return [nx, ny, nz];
}

const normalise = (v: [number, number, number]): [number, number, number] | null => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 && l < Infinity ? [v[0] / l, v[1] / l, v[2] / l] : null;
};

/** Two unit vectors spanning the plane normal to `n` (unit). */
function basis(n: [number, number, number]): [[number, number, number], [number, number, number]] {
  const a: [number, number, number] = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const e1 = normalise([a[1] * n[2] - a[2] * n[1], a[2] * n[0] - a[0] * n[2], a[0] * n[1] - a[1] * n[0]])!;
  const e2: [number, number, number] = [
    n[1] * e1[2] - n[2] * e1[1],
    n[2] * e1[0] - n[0] * e1[2],
    n[0] * e1[1] - n[1] * e1[0],
  ];
  return [e1, e2];
}

const loopLength = (p: Float32Array, loop: Uint32Array): number => {
  let sum = 0;
  for (let i = 0; i < loop.length; i++) {
    const a = loop[i]! * 3;
    const b = loop[i + 1 === loop.length ? 0 : i + 1]! * 3;
    sum += Math.hypot(p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!);
  }
  return sum;
};

function prepare(mesh: Mesh, progress: (f: number) => void): Prepared {
  if (triangleCount(mesh) < 1 || mesh.positions.length < 9)
    throw new MeshError('not-a-jaw', 'The scan has no triangles');
  const welded = weld(
    mesh.indices ? { positions: mesh.positions, indices: mesh.indices } : { positions: mesh.positions },
  );
  const positions = welded.positions;
  const raw = welded.indices!;
  const vertexCount = positions.length / 3;
  progress(0.1);

  // Clean: no repeated corners, no non-finite coordinates.
  const finite = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++)
    finite[v] =
      Number.isFinite(positions[v * 3]) &&
      Number.isFinite(positions[v * 3 + 1]) &&
      Number.isFinite(positions[v * 3 + 2])
        ? 1
        : 0;
  let clean = new Uint32Array(raw.length);
  let n = 0;
  for (let t = 0; t + 2 < raw.length; t += 3) {
    const a = raw[t]!;
    const b = raw[t + 1]!;
    const c = raw[t + 2]!;
    if (a === b || b === c || a === c || !finite[a] || !finite[b] || !finite[c]) continue;
    clean[n++] = a;
    clean[n++] = b;
    clean[n++] = c;
  }
  clean = clean.subarray(0, n);
  if (n === 0)
    throw new MeshError('not-a-jaw', 'The scan has no triangle with three distinct finite corners');

  // Edges more than two triangles share: drop those triangles (their hole is filled later).
  let edges = buildEdges(clean, vertexCount);
  let crowded = false;
  for (let e = 0; e < edges.count && !crowded; e++) if (edges.uses[e]! > 2) crowded = true;
  if (crowded) {
    const keep = new Uint32Array(clean.length);
    let k = 0;
    for (let t = 0; t < clean.length; t += 3) {
      if (
        edges.uses[edges.edgeOf[t]!]! > 2 ||
        edges.uses[edges.edgeOf[t + 1]!]! > 2 ||
        edges.uses[edges.edgeOf[t + 2]!]! > 2
      )
        continue;
      keep[k++] = clean[t]!;
      keep[k++] = clean[t + 1]!;
      keep[k++] = clean[t + 2]!;
    }
    clean = keep.subarray(0, k);
    if (k === 0) throw new MeshError('not-a-jaw', 'The scan has no usable surface');
    edges = buildEdges(clean, vertexCount);
  }
  progress(0.25);

  // Orient each component; find which are open and how big they are.
  const o = orient(clean, edges);
  for (let f = 0; f < o.flip.length; f++) {
    if (!o.flip[f]) continue;
    const b = clean[f * 3 + 1]!;
    clean[f * 3 + 1] = clean[f * 3 + 2]!;
    clean[f * 3 + 2] = b;
    // (a, b, c) became (a, c, b): its corners now run the edges c-a, b-c, a-b, that is old corners 2, 1, 0.
    const e0 = edges.edgeOf[f * 3]!;
    edges.edgeOf[f * 3] = edges.edgeOf[f * 3 + 2]!;
    edges.edgeOf[f * 3 + 2] = e0;
  }
  const open = new Uint8Array(o.components);
  const size = new Uint32Array(o.components);
  for (let f = 0; f < o.flip.length; f++) {
    const c = o.component[f]!;
    size[c]!++;
    if (
      edges.uses[edges.edgeOf[f * 3]!] === 1 ||
      edges.uses[edges.edgeOf[f * 3 + 1]!] === 1 ||
      edges.uses[edges.edgeOf[f * 3 + 2]!] === 1
    )
      open[c] = 1;
  }
  let main = -1;
  for (let c = 0; c < o.components; c++) if (open[c] && (main === -1 || size[c]! > size[main]!)) main = c;
  let kept = clean;
  let component = o.component;
  if (main !== -1) {
    let k = 0;
    for (let c = 0; c < o.components; c++) if (!open[c] || c === main) k += size[c]!;
    if (k * 3 !== clean.length) {
      kept = new Uint32Array(k * 3);
      component = new Int32Array(k);
      let at = 0;
      for (let f = 0; f < o.flip.length; f++) {
        const c = o.component[f]!;
        if (open[c] && c !== main) continue;
        component[at] = c;
        kept[at * 3] = clean[f * 3]!;
        kept[at * 3 + 1] = clean[f * 3 + 1]!;
        kept[at * 3 + 2] = clean[f * 3 + 2]!;
        at++;
      }
    }
  }
  progress(0.4);

  let loops: Uint32Array[] = [];
  let border = -1;
  if (main !== -1) {
    const found = boundaryLoops(kept, kept === clean ? edges : buildEdges(kept, vertexCount), vertexCount);
    loops = found.loops;
    // The border: the longest loop, if it is at least as long as the scan is wide.
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let t = 0; t < kept.length; t++) {
      if (component[(t / 3) | 0] !== main) continue;
      const v = kept[t]! * 3;
      for (let a = 0; a < 3; a++) {
        lo[a] = Math.min(lo[a]!, positions[v + a]!);
        hi[a] = Math.max(hi[a]!, positions[v + a]!);
      }
    }
    const diagonal = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
    let longest = 0;
    for (let i = 0; i < loops.length; i++) {
      const len = loopLength(positions, loops[i]!);
      if (len > longest) {
        longest = len;
        border = i;
      }
    }
    if (longest < diagonal) border = -1;
  }
  return { positions, indices: kept, component, components: o.components, main, loops, border };
}

/** The eigenvalues (ascending) and unit eigenvectors of a symmetric 3×3 matrix, by Jacobi rotations. */
function eigen(m: number[]): { values: number[]; vectors: [number, number, number][] } {
  const a = [
    [m[0]!, m[1]!, m[2]!],
    [m[1]!, m[3]!, m[4]!],
    [m[2]!, m[4]!, m[5]!],
  ];
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0]![1]! ** 2 + a[0]![2]! ** 2 + a[1]![2]! ** 2;
    if (off < 1e-30 * (a[0]![0]! ** 2 + a[1]![1]! ** 2 + a[2]![2]! ** 2) || off === 0) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[p]![q]!;
      if (apq === 0) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k]![p]!;
        const akq = a[k]![q]!;
        a[k]![p] = c * akp - s * akq;
        a[k]![q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p]![k]!;
        const aqk = a[q]![k]!;
        a[p]![k] = c * apk - s * aqk;
        a[q]![k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!;
        const vkq = v[k]![q]!;
        v[k]![p] = c * vkp - s * vkq;
        v[k]![q] = s * vkp + c * vkq;
      }
    }
  }
  const order = [0, 1, 2].sort((i, j) => a[i]![i]! - a[j]![j]!);
  return {
    values: order.map((i) => a[i]![i]!),
    vectors: order.map((i) => [v[0]![i]!, v[1]![i]!, v[2]![i]!] as [number, number, number]),
  };
}

/**
 * Sharpens the border's normal for a full arch. The open back ends of an arch scan add their cross-sections to the
 * border's vector area, tilting it by several degrees; a full arch is flat, though, so its thinnest principal axis
 * (of the area-weighted surface) is the occlusal normal. That axis is taken when it is clearly the thinnest (under
 * half the next variance) and within 25° of the border normal; otherwise (a quadrant scan, a dome) the border
 * normal stands.
 */
function refine(prep: Prepared, n: [number, number, number]): [number, number, number] {
  const p = prep.positions;
  const idx = prep.indices;
  let w = 0;
  const mean = [0, 0, 0];
  const sum = [0, 0, 0, 0, 0, 0]; // xx xy xz yy yz zz of centroids, area-weighted
  for (let t = 0; t < idx.length; t += 3) {
    if (prep.component[t / 3] !== prep.main) continue;
    const a = idx[t]! * 3;
    const b = idx[t + 1]! * 3;
    const c = idx[t + 2]! * 3;
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const area = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(area > 0 && area < Infinity)) continue;
    const x = (p[a]! + p[b]! + p[c]!) / 3;
    const y = (p[a + 1]! + p[b + 1]! + p[c + 1]!) / 3;
    const z = (p[a + 2]! + p[b + 2]! + p[c + 2]!) / 3;
    w += area;
    mean[0]! += area * x;
    mean[1]! += area * y;
    mean[2]! += area * z;
    sum[0]! += area * x * x;
    sum[1]! += area * x * y;
    sum[2]! += area * x * z;
    sum[3]! += area * y * y;
    sum[4]! += area * y * z;
    sum[5]! += area * z * z;
  }
  if (!(w > 0)) return n;
  const [mx, my, mz] = [mean[0]! / w, mean[1]! / w, mean[2]! / w];
  const cov = [
    sum[0]! / w - mx * mx,
    sum[1]! / w - mx * my,
    sum[2]! / w - mx * mz,
    sum[3]! / w - my * my,
    sum[4]! / w - my * mz,
    sum[5]! / w - mz * mz,
  ];
  const { values, vectors } = eigen(cov);
  const e = vectors[0]!;
  const along = e[0] * n[0] + e[1] * n[1] + e[2] * n[2];
  if (!(values[0]! < 0.5 * values[1]!) || Math.abs(along) < Math.cos((25 * Math.PI) / 180)) return n;
  return along < 0 ? [-e[0], -e[1], -e[2]] : e;
}

function frameOf(prep: Prepared): ModelFrame | null {
  if (prep.border === -1) return null;
  const p = prep.positions;
  const loop = prep.loops[prep.border]!;
  const n = refine(prep, normalise(newell(p, loop)) ?? [0, 0, 1]);
  // Sign: the scan lies on the positive side of the border's centroid.
  let c0 = 0;
  for (let i = 0; i < loop.length; i++) c0 += dot(p, loop[i]!, n);
  c0 /= loop.length;
  let side = 0;
  const idx = prep.indices;
  for (let t = 0; t < idx.length; t++)
    if (prep.component[(t / 3) | 0] === prep.main) side += dot(p, idx[t]!, n) - c0;
  const up: [number, number, number] = side < 0 ? [-n[0], -n[1], -n[2]] : n;
  let borderMin = Infinity;
  for (let i = 0; i < loop.length; i++) borderMin = Math.min(borderMin, dot(p, loop[i]!, up));
  return { up, borderMin };
}

/**
 * Where `buildModel` puts the base of this scan: the up axis and the lowest border point along it (the base plane
 * is `borderMin - baseHeight`). Null for a mesh that gets no base (closed, or no border loop long enough).
 */
export function modelFrame(mesh: Mesh): ModelFrame | null {
  return frameOf(prepare(mesh, () => {}));
}

/** A growable triangle list over a typed array. */
class Triangles {
  data = new Uint32Array(1024);
  length = 0;
  push(a: number, b: number, c: number) {
    if (this.length + 3 > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
    this.data[this.length++] = c;
  }
}

/** Fills a hole: the loop reversed (so the fill runs every loop edge the other way), ear-clipped in its own plane. */
function fillHole(p: Float32Array, loop: Uint32Array, out: Triangles) {
  const m = loop.length;
  if (m < 3) return;
  const n = normalise(newell(p, loop)) ?? [0, 0, 1];
  const [e1, e2] = basis(n);
  const x = new Float64Array(m);
  const y = new Float64Array(m);
  const ids = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const v = loop[m - 1 - i]!;
    ids[i] = v;
    x[i] = dot(p, v, e1);
    y[i] = dot(p, v, e2);
  }
  const tri = earClip(x, y);
  for (let t = 0; t < tri.length; t += 3) out.push(ids[tri[t]!]!, ids[tri[t + 1]!]!, ids[tri[t + 2]!]!);
}

/** Monotone-chain convex hull: marks the hull vertices of the 2D points. */
function hullMarks(x: Float64Array, y: Float64Array): Uint8Array {
  const n = x.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a]! - x[b]! || y[a]! - y[b]!);
  const cross = (o: number, a: number, b: number) =>
    (x[a]! - x[o]!) * (y[b]! - y[o]!) - (y[a]! - y[o]!) * (x[b]! - x[o]!);
  const hull = new Int32Array(2 * n + 1);
  let k = 0;
  for (let i = 0; i < n; i++) {
    while (k >= 2 && cross(hull[k - 2]!, hull[k - 1]!, order[i]!) <= 0) k--;
    hull[k++] = order[i]!;
  }
  for (let i = n - 2, t = k + 1; i >= 0; i--) {
    while (k >= t && cross(hull[k - 2]!, hull[k - 1]!, order[i]!) <= 0) k--;
    hull[k++] = order[i]!;
  }
  const marks = new Uint8Array(n);
  for (let i = 0; i < k - 1; i++) marks[hull[i]!] = 1;
  return marks;
}

/**
 * Builds the base on the border loop. New vertices get numbers from `firstNew` on, their positions pushed to `extra`.
 */
function addBase(
  p: Float32Array,
  loop: Uint32Array,
  frame: ModelFrame,
  opts: BuildModelOptions,
  firstNew: number,
  extra: number[],
  out: Triangles,
) {
  const m = loop.length;
  const up = frame.up;
  const bottom = frame.borderMin - opts.baseHeight;
  const lid = bottom + opts.baseHeight / 2;
  const [e1, e2] = basis(up);
  const px = new Float64Array(m);
  const py = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    px[i] = dot(p, loop[i]!, e1);
    py[i] = dot(p, loop[i]!, e2);
  }
  let next = firstNew;
  const drop = (v: number, level: number): number => {
    const h = dot(p, v, up) - level;
    extra.push(p[v * 3]! - h * up[0], p[v * 3 + 1]! - h * up[1], p[v * 3 + 2]! - h * up[2]);
    return next++;
  };

  // Per loop position: its bottom vertex (on the hull, or every one for a horseshoe) and lid vertex (in a pocket).
  const onHull = opts.baseKind === 'solid' ? hullMarks(px, py) : new Uint8Array(m).fill(1);
  let hullCount = 0;
  for (let i = 0; i < m; i++) hullCount += onHull[i]!;
  if (hullCount < 3) onHull.fill(1);
  const low = new Int32Array(m).fill(-1);
  const mid = new Int32Array(m).fill(-1);
  const pocketEdge = new Uint8Array(m); // loop edge i → i+1 lies in a pocket
  const chords: [number, number][] = []; // pockets as [first, last] loop positions, in loop order
  let first = 0;
  while (!onHull[first]) first++;
  for (let s = 0; s < m;) {
    const a = (first + s) % m;
    let d = 1;
    while (!onHull[(a + d) % m]) d++;
    if (d > 1) {
      chords.push([a, (a + d) % m]);
      for (let j = 0; j < d; j++) pocketEdge[(a + j) % m] = 1;
      for (let j = 0; j <= d; j++) mid[(a + j) % m] = -2; // to be made
    }
    s += d;
  }
  for (let i = 0; i < m; i++) {
    if (onHull[i]) low[i] = drop(loop[i]!, bottom);
    if (mid[i] === -2) mid[i] = drop(loop[i]!, lid);
  }

  // Walls: between two vertical columns, left (the edge's start) going down, right (its end) going up.
  const strip = (l: number[], r: number[]) => {
    let i = 0;
    let j = 0;
    const pl = l.length - 1;
    const pr = r.length - 1;
    while (i < pl || j < pr) {
      if (i < pl && (j === pr || i * pr <= j * pl)) {
        out.push(r[j]!, l[i]!, l[i + 1]!);
        i++;
      } else {
        out.push(r[j]!, l[i]!, r[j + 1]!);
        j++;
      }
    }
  };
  const full = (i: number) => (mid[i]! >= 0 ? [loop[i]!, mid[i]!, low[i]!] : [loop[i]!, low[i]!]);
  for (let i = 0; i < m; i++) {
    const j = i + 1 === m ? 0 : i + 1;
    if (pocketEdge[i]) strip([loop[i]!, mid[i]!], [loop[j]!, mid[j]!]);
    else strip(full(i), full(j));
  }
  for (const [a, c] of chords) {
    strip([mid[a]!, low[a]!], [mid[c]!, low[c]!]);
    // The lid over the pocket: its chain reversed, closed by the chord.
    const len = (c - a + m) % m;
    const x = new Float64Array(len + 1);
    const y = new Float64Array(len + 1);
    const ids = new Uint32Array(len + 1);
    for (let k = 0; k <= len; k++) {
      const at = (c - k + m) % m;
      ids[k] = mid[at]!;
      x[k] = px[at]!;
      y[k] = py[at]!;
    }
    const tri = earClip(x, y);
    for (let t = 0; t < tri.length; t += 3) out.push(ids[tri[t]!]!, ids[tri[t + 1]!]!, ids[tri[t + 2]!]!);
  }

  // The bottom: the hull (solid) or the whole outline (horseshoe), in reverse loop order.
  const x: number[] = [];
  const y: number[] = [];
  const ids: number[] = [];
  for (let k = 0; k < m; k++) {
    const at = (first - k + m) % m;
    if (!onHull[at]) continue;
    ids.push(low[at]!);
    x.push(px[at]!);
    y.push(py[at]!);
  }
  const tri = earClip(Float64Array.from(x), Float64Array.from(y));
  for (let t = 0; t < tri.length; t += 3) out.push(ids[tri[t]!]!, ids[tri[t + 1]!]!, ids[tri[t + 2]!]!);
}

/**
 * Turns a jaw scan into an indexed, watertight, consistently outward-oriented mesh (positions and indices; colours
 * and normals are dropped). Throws MeshError 'not-a-jaw' when the input has no usable triangles or cannot be closed.
 */
export function buildModel(mesh: Mesh, opts: BuildModelOptions): Mesh {
  const progress = opts.onProgress ?? (() => {});
  if (!(opts.baseHeight > 0) || !Number.isFinite(opts.baseHeight))
    throw new MeshError('not-a-jaw', 'The base height must be a positive number of millimetres');
  const prep = prepare(mesh, progress);
  const p = prep.positions;
  const vertexCount = p.length / 3;
  const frame = frameOf(prep);
  progress(0.5);

  const added = new Triangles();
  const extra: number[] = [];
  for (let i = 0; i < prep.loops.length; i++) {
    if (i === prep.border) addBase(p, prep.loops[i]!, frame!, opts, vertexCount, extra, added);
    else fillHole(p, prep.loops[i]!, added);
  }
  progress(0.7);

  // Assemble: the used scan vertices (compacted), then the new ones.
  const remap = new Int32Array(vertexCount).fill(-1);
  let count = 0;
  for (let t = 0; t < prep.indices.length; t++) {
    const v = prep.indices[t]!;
    if (remap[v] === -1) remap[v] = count++;
  }
  const fresh = extra.length / 3;
  const positions = new Float32Array((count + fresh) * 3);
  for (let v = 0; v < vertexCount; v++) {
    const r = remap[v]!;
    if (r === -1) continue;
    positions[r * 3] = p[v * 3]!;
    positions[r * 3 + 1] = p[v * 3 + 1]!;
    positions[r * 3 + 2] = p[v * 3 + 2]!;
  }
  positions.set(extra, count * 3);
  const scanCorners = prep.indices.length;
  const indices = new Uint32Array(scanCorners + added.length);
  for (let t = 0; t < scanCorners; t++) indices[t] = remap[prep.indices[t]!]!;
  for (let t = 0; t < added.length; t++) {
    const v = added.data[t]!;
    indices[scanCorners + t] = v >= vertexCount ? count + (v - vertexCount) : remap[v]!;
  }
  progress(0.8);

  // Outward: flip every component whose signed volume is negative (the added triangles belong to the scan's).
  const triangles = indices.length / 3;
  const compOf = (f: number) => (f < scanCorners / 3 ? prep.component[f]! : prep.main);
  const volume = new Float64Array(prep.components);
  for (let f = 0; f < triangles; f++) volume[compOf(f)]! += tetra(positions, indices, f * 3);
  for (let f = 0; f < triangles; f++) {
    if (volume[compOf(f)]! >= 0) continue;
    const b = indices[f * 3 + 1]!;
    indices[f * 3 + 1] = indices[f * 3 + 2]!;
    indices[f * 3 + 2] = b;
  }
  // Welded once more, as a reader of the written STL will: two new vertices that happen to coincide (a border
  // stretch parallel to up) must not leave an STL that only looks closed here.
  const result = weld({ positions, indices });
  const check = checkMesh(result);
  if (!check.watertight || !check.consistentlyOriented)
    throw new MeshError('not-a-jaw', 'The scan could not be closed into a watertight model');
  progress(1);
  return result;
}
