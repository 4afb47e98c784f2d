/**
 * The bite (occlusion map) of two jaws scanned in occlusion, in one coordinate frame as intraoral scanners export
 * them: per vertex of each jaw its signed distance to the other jaw's surface, a colour by that distance, the
 * smallest clearance, the contact area and a histogram. Built for a worker: typed arrays in and out, no DOM.
 *
 * Distance: the exact nearest point q on the other jaw's triangles (its TriangleBvh), each query seeded with the
 * previous vertex's answer (neighbouring vertices have neighbouring answers: that is what makes it fast).
 * Sign (negative = the vertex lies inside the other jaw, the two penetrate): the sign of (p − q)·n. When q lies inside
 * its triangle, n is that triangle's face normal (oriented by its winding) and the sign is exact. When q lies on an
 * edge or a corner, the face normal still decides if p − q is within 60° of it (|cos| ≥ 0.5); otherwise n is the
 * angle-weighted pseudo-normal of the corners (Bærentzen and Aanæs) interpolated with q's barycentric weights — at
 * a corner exactly the pseudo-normal that signs a closed surface correctly. A vertex touching the other surface
 * (distance 0) has no sign to speak of and counts as 0.
 *
 * Colours (see `occlusionLegend`): d ≤ contact red; contact < d ≤ near from yellow to green; near < d ≤ range from
 * light to dark blue; beyond range grey. Contact area: per triangle of the jaw, the part where the distance,
 * interpolated linearly between its corners, is ≤ contact (exact for a linear field). Histogram: `bins` equal bins
 * from −near to range; a distance below −near counts in the first bin, one beyond range in none (`beyond` counts
 * them: the far gum and base, which would dwarf the rest).
 */
import { TriangleBvh } from '../compare/bvh.ts';

export interface Jaw {
  positions: Float32Array;
  indices: Uint32Array;
}

export interface OcclusionOptions {
  /** A vertex this close (mm) or closer, or penetrating, is in contact (default 0.05). */
  contact?: number;
  /** Up to this distance (mm) a vertex is near (default 0.5). */
  near?: number;
  /** The colour scale's cap (mm, default 2): farther is grey. */
  range?: number;
  /** The histogram's bins (default 40). */
  bins?: number;
  /** Called with 0..1 as the work advances. */
  onProgress?: (fraction: number) => void;
}

export interface JawOcclusion {
  /** Per vertex: signed distance (mm) to the other jaw's surface; negative = penetrating. */
  distances: Float32Array;
  /** Per vertex RGB by distance (see `occlusionLegend`). */
  colors: Uint8Array;
  /** The smallest distance (mm; negative when they penetrate). */
  minClearance: number;
  /** The vertex with the smallest distance. */
  minVertex: number;
  /** mm² of this jaw's surface within `contact` of the other. */
  contactArea: number;
  /** `counts[i]` counts from + i·(to − from)/bins ≤ d < the next edge; below `from` in the first bin. */
  histogram: { from: number; to: number; counts: Uint32Array; beyond: number };
}

export interface OcclusionResult {
  upper: JawOcclusion;
  lower: JawOcclusion;
  thresholds: { contact: number; near: number; range: number };
}

type Rgb = [number, number, number];
const RED: Rgb = [214, 40, 48];
const YELLOW: Rgb = [250, 208, 52];
const GREEN: Rgb = [64, 176, 88];
const LIGHT_BLUE: Rgb = [112, 178, 232];
const BLUE: Rgb = [36, 76, 186];
const GREY: Rgb = [188, 188, 188];

/** The thresholds with their defaults, made consistent (0 ≤ contact ≤ near ≤ range). */
export function occlusionThresholds(opts: OcclusionOptions = {}): OcclusionResult['thresholds'] {
  const contact = Math.max(0, opts.contact ?? 0.05);
  const near = Math.max(contact, opts.near ?? 0.5);
  const range = Math.max(near, opts.range ?? 2);
  return { contact, near, range };
}

/** The colour of a distance, into `out` at `o`. */
export function occlusionColour(
  d: number,
  th: OcclusionResult['thresholds'],
  out: Uint8Array,
  o: number,
): void {
  let a: Rgb;
  let b: Rgb;
  let f: number;
  if (d <= th.contact) {
    a = b = RED;
    f = 0;
  } else if (d <= th.near) {
    a = YELLOW;
    b = GREEN;
    f = (d - th.contact) / (th.near - th.contact);
  } else if (d <= th.range) {
    a = LIGHT_BLUE;
    b = BLUE;
    f = (d - th.near) / (th.range - th.near);
  } else {
    a = b = GREY;
    f = 0;
  }
  out[o] = Math.round(a[0] + (b[0] - a[0]) * f);
  out[o + 1] = Math.round(a[1] + (b[1] - a[1]) * f);
  out[o + 2] = Math.round(a[2] + (b[2] - a[2]) * f);
}

/**
 * The legend matching `colors`: stops in mm, the colour between two stops interpolated linearly; two stops at the
 * same mm are a step (the colour jumps there). From −near (the histogram's start) to the range, then grey beyond.
 */
export function occlusionLegend(
  opts: OcclusionOptions = {},
): { mm: number; rgb: [number, number, number] }[] {
  const { contact, near, range } = occlusionThresholds(opts);
  return [
    { mm: -near, rgb: [...RED] },
    { mm: contact, rgb: [...RED] },
    { mm: contact, rgb: [...YELLOW] },
    { mm: near, rgb: [...GREEN] },
    { mm: near, rgb: [...LIGHT_BLUE] },
    { mm: range, rgb: [...BLUE] },
    { mm: range, rgb: [...GREY] },
  ];
}

/** Unit angle-weighted pseudo-normals per vertex: each face's normal weighted by its angle at the vertex. */
export function pseudoNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const acc = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const abx = positions[b]! - positions[a]!;
    const aby = positions[b + 1]! - positions[a + 1]!;
    const abz = positions[b + 2]! - positions[a + 2]!;
    const bcx = positions[c]! - positions[b]!;
    const bcy = positions[c + 1]! - positions[b + 1]!;
    const bcz = positions[c + 2]! - positions[b + 2]!;
    const cax = positions[a]! - positions[c]!;
    const cay = positions[a + 1]! - positions[c + 1]!;
    const caz = positions[a + 2]! - positions[c + 2]!;
    let nx = aby * bcz - abz * bcy;
    let ny = abz * bcx - abx * bcz;
    let nz = abx * bcy - aby * bcx;
    const len = Math.hypot(nx, ny, nz);
    if (len === 0) continue;
    nx /= len;
    ny /= len;
    nz /= len;
    const ab = Math.hypot(abx, aby, abz);
    const bc = Math.hypot(bcx, bcy, bcz);
    const ca = Math.hypot(cax, cay, caz);
    // The angle at each corner, between the edge leaving it and the edge arriving at it reversed.
    const wa = angle(-(abx * cax + aby * cay + abz * caz), ab * ca);
    const wb = angle(-(bcx * abx + bcy * aby + bcz * abz), bc * ab);
    const wc = Math.max(0, Math.PI - wa - wb);
    acc[a] = acc[a]! + nx * wa;
    acc[a + 1] = acc[a + 1]! + ny * wa;
    acc[a + 2] = acc[a + 2]! + nz * wa;
    acc[b] = acc[b]! + nx * wb;
    acc[b + 1] = acc[b + 1]! + ny * wb;
    acc[b + 2] = acc[b + 2]! + nz * wb;
    acc[c] = acc[c]! + nx * wc;
    acc[c + 1] = acc[c + 1]! + ny * wc;
    acc[c + 2] = acc[c + 2]! + nz * wc;
  }
  const normals = new Float32Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) {
    const len = Math.hypot(acc[v]!, acc[v + 1]!, acc[v + 2]!);
    if (len > 0) {
      normals[v] = acc[v]! / len;
      normals[v + 1] = acc[v + 1]! / len;
      normals[v + 2] = acc[v + 2]! / len;
    }
  }
  return normals;
}

/** The angle whose cosine is dot / lengths (0 for a zero-length edge). */
function angle(dot: number, lengths: number): number {
  return lengths > 0 ? Math.acos(Math.min(1, Math.max(-1, dot / lengths))) : 0;
}

/** The other jaw, ready to be measured against. */
interface Target {
  jaw: Jaw;
  bvh: TriangleBvh;
  normals: Float32Array;
}

function targetOf(jaw: Jaw): Target {
  return {
    jaw,
    bvh: new TriangleBvh(jaw.positions, jaw.indices),
    normals: pseudoNormals(jaw.positions, jaw.indices),
  };
}

/**
 * Signed distances of `positions`' vertices to the target's surface (see the file's comment), from vertex `from` to
 * `to` (exclusive) into `out`.
 */
export function signedDistances(
  positions: Float32Array,
  target: { jaw: Jaw; bvh: TriangleBvh; normals: Float32Array },
  out: Float32Array,
  from = 0,
  to = positions.length / 3,
): void {
  const { bvh, normals } = target;
  const { indices } = target.jaw;
  const { point, weights } = bvh;
  const n = new Float64Array(3);
  let slot = -1;
  for (let v = from; v < to; v++) {
    const px = positions[v * 3]!;
    const py = positions[v * 3 + 1]!;
    const pz = positions[v * 3 + 2]!;
    const d2 = bvh.nearest(px, py, pz, -1, slot);
    slot = bvh.slot;
    const dist = Math.sqrt(d2);
    if (dist === 0) {
      out[v] = 0;
      continue;
    }
    const ex = px - point[0]!;
    const ey = py - point[1]!;
    const ez = pz - point[2]!;
    triangleNormal(bvh.coords, slot * 9, n);
    let dot = ex * n[0]! + ey * n[1]! + ez * n[2]!;
    const interior = weights[0]! > 0 && weights[1]! > 0 && weights[2]! > 0;
    if (!interior && Math.abs(dot) < 0.5 * dist) {
      const t = bvh.triangle * 3;
      let nx = 0;
      let ny = 0;
      let nz = 0;
      for (let k = 0; k < 3; k++) {
        const c = indices[t + k]! * 3;
        const w = weights[k]!;
        nx += w * normals[c]!;
        ny += w * normals[c + 1]!;
        nz += w * normals[c + 2]!;
      }
      dot = ex * nx + ey * ny + ez * nz;
    }
    out[v] = dot < 0 ? -dist : dist;
  }
}

function triangleNormal(coords: Float32Array, o: number, out: Float64Array) {
  const ux = coords[o + 3]! - coords[o]!;
  const uy = coords[o + 4]! - coords[o + 1]!;
  const uz = coords[o + 5]! - coords[o + 2]!;
  const vx = coords[o + 6]! - coords[o]!;
  const vy = coords[o + 7]! - coords[o + 1]!;
  const vz = coords[o + 8]! - coords[o + 2]!;
  out[0] = uy * vz - uz * vy;
  out[1] = uz * vx - ux * vz;
  out[2] = ux * vy - uy * vx;
  const len = Math.hypot(out[0], out[1], out[2]);
  if (len > 0) {
    out[0] /= len;
    out[1] /= len;
    out[2] /= len;
  }
}

/** The area (mm²) of the triangles' parts where the distance, linear between corners, is ≤ `limit`. */
export function areaWithin(jaw: Jaw, distances: Float32Array, limit: number): number {
  const { positions, indices } = jaw;
  let area = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    const ea = distances[a]! - limit;
    const eb = distances[b]! - limit;
    const ec = distances[c]! - limit;
    const inside = (ea <= 0 ? 1 : 0) + (eb <= 0 ? 1 : 0) + (ec <= 0 ? 1 : 0);
    if (inside === 0) continue;
    const whole = triangleArea(positions, a * 3, b * 3, c * 3);
    if (inside === 3) {
      area += whole;
      continue;
    }
    // The lone corner (the only one inside, or the only one outside) and its share: the small triangle cut off at
    // the level line has (e_lone / (e_lone − e_other)) of each of its two edges.
    const [lone, p, q] =
      inside === 1
        ? ea <= 0
          ? [ea, eb, ec]
          : eb <= 0
            ? [eb, ec, ea]
            : [ec, ea, eb]
        : ea > 0
          ? [ea, eb, ec]
          : eb > 0
            ? [eb, ec, ea]
            : [ec, ea, eb];
    const share = (lone / (lone - p)) * (lone / (lone - q));
    area += whole * (inside === 1 ? share : 1 - share);
  }
  return area;
}

function triangleArea(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b]! - p[a]!;
  const uy = p[b + 1]! - p[a + 1]!;
  const uz = p[b + 2]! - p[a + 2]!;
  const vx = p[c]! - p[a]!;
  const vy = p[c + 1]! - p[a + 1]!;
  const vz = p[c + 2]! - p[a + 2]!;
  return 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

function summarise(
  jaw: Jaw,
  distances: Float32Array,
  th: OcclusionResult['thresholds'],
  bins: number,
): JawOcclusion {
  const n = distances.length;
  const colors = new Uint8Array(n * 3);
  const from = -th.near;
  const to = th.range;
  const counts = new Uint32Array(bins);
  const width = (to - from) / bins;
  let beyond = 0;
  let minClearance = Infinity;
  let minVertex = -1;
  for (let v = 0; v < n; v++) {
    const d = distances[v]!;
    occlusionColour(d, th, colors, v * 3);
    if (d < minClearance) {
      minClearance = d;
      minVertex = v;
    }
    if (d > to || !(width > 0)) beyond++;
    else {
      const b = Math.min(bins - 1, Math.max(0, Math.floor((d - from) / width)));
      counts[b] = counts[b]! + 1;
    }
  }
  return {
    distances,
    colors,
    minClearance,
    minVertex,
    contactArea: areaWithin(jaw, distances, th.contact),
    histogram: { from, to, counts, beyond },
  };
}

/**
 * One side of the map: `jaw`'s vertices against `other`'s surface. `occlusionMap` is both sides; two workers may
 * compute one side each (they are independent) and put them together as `{ upper, lower, thresholds }`.
 */
export function jawOcclusion(jaw: Jaw, other: Jaw, opts: OcclusionOptions = {}): JawOcclusion {
  const thresholds = occlusionThresholds(opts);
  const bins = Math.max(1, Math.round(opts.bins ?? 40));
  const report = opts.onProgress ?? (() => {});
  report(0);
  const target = targetOf(other);
  const n = jaw.positions.length / 3;
  const distances = new Float32Array(n);
  const chunk = 32768;
  for (let v = 0; v < n; v += chunk) {
    signedDistances(jaw.positions, target, distances, v, Math.min(n, v + chunk));
    report(Math.min(n, v + chunk) / n);
  }
  const side = summarise(jaw, distances, thresholds, bins);
  report(1);
  return side;
}

/** The occlusion map of both jaws (each against the other). */
export function occlusionMap(upper: Jaw, lower: Jaw, opts: OcclusionOptions = {}): OcclusionResult {
  const report = opts.onProgress;
  const nu = upper.positions.length / 3;
  const share = nu / (nu + lower.positions.length / 3);
  const upperSide = jawOcclusion(upper, lower, { ...opts, onProgress: report && ((f) => report(f * share)) });
  const lowerSide = jawOcclusion(lower, upper, {
    ...opts,
    onProgress: report && ((f) => report(share + f * (1 - share))),
  });
  return { upper: upperSide, lower: lowerSide, thresholds: occlusionThresholds(opts) };
}
