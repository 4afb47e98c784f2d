/**
 * Rigid alignment of a moving scan onto a reference surface.
 * 1. Coarse: area-weighted centroids and principal axes of both; every proper rotation taking the moving axes onto
 *    the reference's (6 orders × 4 signs), the centroids matched without rotation, and no motion at all are scored
 *    on 400 vertices against an occupancy grid of the reference; the best three get a short ICP each (in order,
 *    stopping at one that fits) and the best of those wins.
 * 2. ICP on a seeded subset (5,000 vertices): point-to-point steps solved in closed form (Horn's quaternion, a
 *    Jacobi eigen-solve), then point-to-plane steps (6×6 linear solve) to converge; pairs farther than three times
 *    the median distance (and at least a thousandth of the model's size) are left out of each step.
 * 3. Refined on all the moving vertices with point-to-plane steps until the update is negligible.
 */
import { MeshError } from '../mesh.ts';
import {
  axisAngle,
  hornRotation,
  identity,
  multiply,
  rigid,
  solve,
  symmetricEigen,
  type Transform,
} from './linalg.ts';
import { match, matches, type Matches, type Surface } from './surface.ts';

export interface AlignOptions {
  sample?: number;
  seed?: number;
  onProgress?: (fraction: number) => void;
}

/** A seeded generator (mulberry32): numbers in [0, 1). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct vertex numbers out of `n`, seeded, in ascending order (so neighbours stay near in the walk). */
export function sampleVertices(n: number, count: number, seed: number): Uint32Array {
  if (count >= n) return Uint32Array.from({ length: n }, (_, i) => i);
  const rnd = random(seed);
  const pool = Uint32Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(rnd() * (n - i));
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, count).sort();
}

/** Area-weighted centroid and covariance (of the triangles' centroids) of an indexed mesh. */
export function moments(positions: Float32Array, indices: Uint32Array): { centre: number[]; axes: number[] } {
  let area = 0;
  let [cx, cy, cz, sxx, sxy, sxz, syy, syz, szz] = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const d = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[d]! - positions[a]!;
    const vy = positions[d + 1]! - positions[a + 1]!;
    const vz = positions[d + 2]! - positions[a + 2]!;
    const w = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    const gx = (positions[a]! + positions[b]! + positions[d]!) / 3;
    const gy = (positions[a + 1]! + positions[b + 1]! + positions[d + 1]!) / 3;
    const gz = (positions[a + 2]! + positions[b + 2]! + positions[d + 2]!) / 3;
    area += w;
    cx += w * gx;
    cy += w * gy;
    cz += w * gz;
    sxx += w * gx * gx;
    sxy += w * gx * gy;
    sxz += w * gx * gz;
    syy += w * gy * gy;
    syz += w * gy * gz;
    szz += w * gz * gz;
  }
  if (!(area > 0)) throw new MeshError('empty', 'A scan has no area to compare.');
  const centre = [cx / area, cy / area, cz / area];
  const s = [sxx, sxy, sxz, sxy, syy, syz, sxz, syz, szz];
  const cov = s.map((x, i) => x / area - centre[Math.floor(i / 3)]! * centre[i % 3]!);
  return { centre, axes: symmetricEigen(cov, 3).vectors };
}

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

/**
 * The candidate starting poses: no motion at all, the centroids matched without rotation, and the principal axes
 * matched every proper way.
 */
function candidates(
  ref: { centre: number[]; axes: number[] },
  mov: { centre: number[]; axes: number[] },
): Transform[] {
  const out: Transform[] = [];
  const translate = (r: number[]) => {
    const t = [0, 1, 2].map(
      (k) =>
        ref.centre[k]! -
        (r[k * 3]! * mov.centre[0]! + r[k * 3 + 1]! * mov.centre[1]! + r[k * 3 + 2]! * mov.centre[2]!),
    );
    return rigid(r, t);
  };
  out.push(identity()); // scans from one scanner often share its coordinates already
  out.push(translate([1, 0, 0, 0, 1, 0, 0, 0, 1]));
  for (const p of PERMUTATIONS)
    for (let signs = 0; signs < 8; signs++) {
      // R = Σ_i s_i · refAxis[p_i] · movAxis[i]ᵀ
      const r = new Array<number>(9).fill(0);
      for (let i = 0; i < 3; i++) {
        const s = signs & (1 << i) ? -1 : 1;
        for (let row = 0; row < 3; row++)
          for (let col = 0; col < 3; col++)
            r[row * 3 + col] = r[row * 3 + col]! + s * ref.axes[row * 3 + p[i]!]! * mov.axes[col * 3 + i]!;
      }
      const det =
        r[0]! * (r[4]! * r[8]! - r[5]! * r[7]!) -
        r[1]! * (r[3]! * r[8]! - r[5]! * r[6]!) +
        r[2]! * (r[3]! * r[7]! - r[4]! * r[6]!);
      if (det > 0) out.push(translate(r));
    }
  return out;
}

/**
 * A coarse occupancy grid of the surface (cells of a 48th of its size, each marked where a vertex or a triangle's
 * centre falls, and their neighbours half-marked): scores a candidate pose by where its moved probe points land,
 * in constant time a point — a wrong pose puts points far from the surface, where a nearest-point search is slow.
 */
function occupancy(surface: Surface): (points: Float64Array, m: Transform) => number {
  const { positions, indices } = surface;
  const h = surface.diagonal / 48 || 1;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, positions[i + k]!);
      hi[k] = Math.max(hi[k]!, positions[i + k]!);
    }
  const dims = [0, 1, 2].map((k) => Math.floor((hi[k]! - lo[k]!) / h) + 3);
  const [nx, ny, nz] = dims as [number, number, number];
  const cells = new Uint8Array(nx * ny * nz);
  const cell = (x: number, y: number, z: number): number => {
    const i = Math.floor((x - lo[0]!) / h) + 1;
    const j = Math.floor((y - lo[1]!) / h) + 1;
    const k = Math.floor((z - lo[2]!) / h) + 1;
    return i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz ? -1 : (k * ny + j) * nx + i;
  };
  for (let i = 0; i < positions.length; i += 3)
    cells[cell(positions[i]!, positions[i + 1]!, positions[i + 2]!)] = 2;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    cells[
      cell(
        (positions[a]! + positions[b]! + positions[c]!) / 3,
        (positions[a + 1]! + positions[b + 1]! + positions[c + 1]!) / 3,
        (positions[a + 2]! + positions[b + 2]! + positions[c + 2]!) / 3,
      )
    ] = 2;
  }
  for (let k = 1; k < nz - 1; k++)
    for (let j = 1; j < ny - 1; j++)
      for (let i = 1; i < nx - 1; i++) {
        if (cells[(k * ny + j) * nx + i] !== 2) continue;
        for (let dk = -1; dk <= 1; dk++)
          for (let dj = -1; dj <= 1; dj++)
            for (let di = -1; di <= 1; di++) {
              const o = ((k + dk) * ny + j + dj) * nx + i + di;
              if (cells[o] === 0) cells[o] = 1;
            }
      }
  return (points, m) => {
    let score = 0;
    for (let p = 0; p < points.length; p += 3) {
      const x = points[p]!;
      const y = points[p + 1]!;
      const z = points[p + 2]!;
      const o = cell(
        m[0]! * x + m[1]! * y + m[2]! * z + m[3]!,
        m[4]! * x + m[5]! * y + m[6]! * z + m[7]!,
        m[8]! * x + m[9]! * y + m[10]! * z + m[11]!,
      );
      if (o >= 0) score += cells[o]!;
    }
    return score;
  };
}

/** The pairs an ICP step uses: distance within three medians (and at least `floor`), not beyond the border. */
function inliers(m: Matches, floor: number): Uint8Array {
  const abs = new Float64Array(m.d.length);
  for (let i = 0; i < abs.length; i++) abs[i] = Math.abs(m.d[i]!);
  abs.sort();
  const median = abs[Math.floor(abs.length / 2)] ?? 0;
  const limit = Math.max(3 * median, floor);
  const use = new Uint8Array(m.d.length);
  for (let i = 0; i < use.length; i++) use[i] = Math.abs(m.d[i]!) <= limit && !m.outside[i] ? 1 : 0;
  return use;
}

/** Trimmed mean distance: the mean of the closer 80 % of the pairs. */
function trimmedMean(m: Matches): number {
  const abs = Float64Array.from(m.d, Math.abs).sort();
  const keep = Math.max(1, Math.floor(abs.length * 0.8));
  let s = 0;
  for (let i = 0; i < keep; i++) s += abs[i]!;
  return s / keep;
}

/** The point-to-point update (Horn) of the pairs in use; null when fewer than three. */
function hornStep(m: Matches, use: Uint8Array): Transform | null {
  const { x, q } = m;
  let count = 0;
  const cx = [0, 0, 0];
  const cq = [0, 0, 0];
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    count++;
    for (let k = 0; k < 3; k++) {
      cx[k] = cx[k]! + x[i * 3 + k]!;
      cq[k] = cq[k]! + q[i * 3 + k]!;
    }
  }
  if (count < 3) return null;
  for (let k = 0; k < 3; k++) {
    cx[k] = cx[k]! / count;
    cq[k] = cq[k]! / count;
  }
  const s = new Array<number>(9).fill(0);
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    for (let a = 0; a < 3; a++) {
      const pa = x[i * 3 + a]! - cx[a]!;
      for (let b = 0; b < 3; b++) s[a * 3 + b] = s[a * 3 + b]! + pa * (q[i * 3 + b]! - cq[b]!);
    }
  }
  const r = hornRotation(s);
  const t = [0, 1, 2].map(
    (k) => cq[k]! - (r[k * 3]! * cx[0]! + r[k * 3 + 1]! * cx[1]! + r[k * 3 + 2]! * cx[2]!),
  );
  return rigid(r, t);
}

/**
 * The point-to-plane update: minimises Σ ((R x + t − q) · n)² for a small rotation (linearised about the pairs'
 * centroid, then made exactly rigid); null when the system is singular.
 */
function planeStep(m: Matches, use: Uint8Array): Transform | null {
  const { x, q, n } = m;
  let count = 0;
  const c = [0, 0, 0];
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    count++;
    for (let k = 0; k < 3; k++) c[k] = c[k]! + x[i * 3 + k]!;
  }
  if (count < 6) return null;
  for (let k = 0; k < 3; k++) c[k] = c[k]! / count;
  const ata = new Float64Array(36);
  const atb = new Float64Array(6);
  const row = new Float64Array(6);
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    const px = x[i * 3]! - c[0]!;
    const py = x[i * 3 + 1]! - c[1]!;
    const pz = x[i * 3 + 2]! - c[2]!;
    const nx = n[i * 3]!;
    const ny = n[i * 3 + 1]!;
    const nz = n[i * 3 + 2]!;
    row[0] = py * nz - pz * ny;
    row[1] = pz * nx - px * nz;
    row[2] = px * ny - py * nx;
    row[3] = nx;
    row[4] = ny;
    row[5] = nz;
    const r =
      (q[i * 3]! - x[i * 3]!) * nx +
      (q[i * 3 + 1]! - x[i * 3 + 1]!) * ny +
      (q[i * 3 + 2]! - x[i * 3 + 2]!) * nz;
    for (let a = 0; a < 6; a++) {
      atb[a] = atb[a]! + row[a]! * r;
      for (let b = a; b < 6; b++) ata[a * 6 + b] = ata[a * 6 + b]! + row[a]! * row[b]!;
    }
  }
  for (let a = 0; a < 6; a++) for (let b = 0; b < a; b++) ata[a * 6 + b] = ata[b * 6 + a]!;
  const sol = solve(ata, atb, 6);
  if (!sol || !sol.every(Number.isFinite)) return null;
  const w: [number, number, number] = [sol[0]!, sol[1]!, sol[2]!];
  const r = axisAngle(w, Math.hypot(...w));
  // x' = R (x − c) + c + t
  const t = [0, 1, 2].map(
    (k) => c[k]! + sol[3 + k]! - (r[k * 3]! * c[0]! + r[k * 3 + 1]! * c[1]! + r[k * 3 + 2]! * c[2]!),
  );
  return rigid(r, t);
}

/** How far an update moves things: its rotation (radians) and its translation at the points' centre (mm). */
function stepSize(step: Transform, centre: number[]): { angle: number; shift: number } {
  const trace = step[0]! + step[5]! + step[10]!;
  const angle = Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2)));
  let shift = 0;
  for (let k = 0; k < 3; k++) {
    const moved =
      step[k * 4]! * centre[0]! +
      step[k * 4 + 1]! * centre[1]! +
      step[k * 4 + 2]! * centre[2]! +
      step[k * 4 + 3]!;
    shift += (moved - centre[k]!) ** 2;
  }
  return { angle, shift: Math.sqrt(shift) };
}

/** Points (x y z each) of the moving scan at the given vertex numbers. */
function gather(positions: Float32Array, which: Uint32Array): Float64Array {
  const out = new Float64Array(which.length * 3);
  for (let i = 0; i < which.length; i++)
    for (let k = 0; k < 3; k++) out[i * 3 + k] = positions[which[i]! * 3 + k]!;
  return out;
}

interface IcpRun {
  transform: Transform;
  iterations: number;
  /** The matches of the last pass. */
  matched: Matches;
  /** Whether those matches are of `transform` (the last update was left out as negligible). */
  fresh: boolean;
}

/**
 * ICP from `start` over the points `src`: up to `horn` point-to-point steps (until one moves less than a
 * ten-thousandth of the model's size), then up to `plane` point-to-plane steps until an update moves less than
 * `tolerance` (mm at the points' centre, and that over the model's size in radians).
 */
function icp(
  surface: Surface,
  src: Float64Array,
  start: Transform,
  horn: number,
  plane: number,
  tolerance: number,
  matched: Matches = matches(src.length / 3),
  progress?: (i: number) => void,
): IcpRun {
  let transform = start;
  const floor = surface.diagonal * 1e-3;
  const centre = [0, 0, 0];
  let iterations = 0;
  let phase: 'horn' | 'plane' = horn > 0 ? 'horn' : 'plane';
  let left = horn > 0 ? horn : plane;
  while (left-- > 0) {
    match(surface, src, transform, matched);
    iterations++;
    progress?.(iterations);
    const use = inliers(matched, floor);
    const step = phase === 'horn' ? hornStep(matched, use) : planeStep(matched, use);
    if (!step) return { transform, iterations, matched, fresh: true };
    for (let k = 0; k < 3; k++) {
      let s = 0;
      for (let i = 0; i < src.length / 3; i++) s += matched.x[i * 3 + k]!;
      centre[k] = s / (src.length / 3);
    }
    const { angle, shift } = stepSize(step, centre);
    const moved = Math.max(shift, angle * surface.diagonal);
    // Converged: the update is below the tolerance, so it is left out and the matches stay exact for the result.
    if (phase === 'plane' && moved < tolerance) return { transform, iterations, matched, fresh: true };
    transform = multiply(step, transform);
    if (phase === 'horn' && (moved < surface.diagonal * 1e-4 || left === 0)) {
      phase = 'plane';
      left = plane;
    }
  }
  return { transform, iterations, matched, fresh: false };
}

/** The fraction of matched points within `limit` of the surface (and not beyond its border). */
function within(m: Matches, limit: number): number {
  let n = 0;
  for (let i = 0; i < m.d.length; i++) if (Math.abs(m.d[i]!) <= limit && !m.outside[i]) n++;
  return m.d.length ? n / m.d.length : 0;
}

export interface AlignResult {
  transform: Transform;
  /** The matches of every moving vertex from the last full pass (slots reusable as hints). */
  matched: Matches;
  /** Whether `matched` is of `transform` (else one more pass gives the distances). */
  fresh: boolean;
  samplePasses: number;
  fullPasses: number;
}

/**
 * The rigid transform taking the moving vertices (an indexed mesh's positions and triangles) onto the surface.
 * Throws MeshError('not-aligned') when no pose brings a fifth of the subset within 1 % of the surface's size.
 */
export function align(
  surface: Surface,
  moving: { positions: Float32Array; indices: Uint32Array },
  opts: AlignOptions = {},
): AlignResult {
  const seed = opts.seed ?? 1;
  const report = opts.onProgress ?? (() => {});
  const n = moving.positions.length / 3;
  const size = surface.diagonal;

  // 1. Coarse.
  const ref = moments(surface.positions, surface.indices);
  const mov = moments(moving.positions, moving.indices);
  const probe = gather(moving.positions, sampleVertices(n, 400, seed + 1));
  const occupied = occupancy(surface);
  const scored = candidates(ref, mov).map((transform) => ({ transform, score: occupied(probe, transform) }));
  scored.sort((a, b) => b.score - a.score); // stable: the unrotated pose wins a tie
  report(0.1);
  // The best-scored poses each get a short ICP; a pose whose trimmed mean distance ends under a five-hundredth of
  // the size is taken at once (a wrong pose ends far worse), sparing the other searches.
  const probeMatches = matches(probe.length / 3);
  const short: { transform: Transform; score: number; near: number }[] = [];
  for (const { transform } of scored.slice(0, 3)) {
    probeMatches.slots.fill(-1);
    const run = icp(surface, probe, transform, 8, 4, size * 1e-5, probeMatches);
    match(surface, probe, run.transform, probeMatches);
    const score = trimmedMean(probeMatches);
    short.push({ transform: run.transform, score, near: within(probeMatches, size * 0.02) });
    if (score < size * 0.002) break;
  }
  short.sort((a, b) => a.score - b.score);
  if (!(short[0]!.near >= 0.2))
    throw new MeshError(
      'not-aligned',
      'The two scans could not be aligned: they do not seem to show the same jaw.',
    );
  report(0.2);

  // 2. ICP on the subset.
  const subset = gather(
    moving.positions,
    sampleVertices(n, Math.max(100, Math.round(opts.sample ?? 5000)), seed),
  );
  const sampled = icp(surface, subset, short[0]!.transform, 30, 30, size * 1e-7, undefined, (i) =>
    report(0.2 + Math.min(0.3, i * 0.006)),
  );
  match(surface, subset, sampled.transform, sampled.matched);
  if (!sampled.transform.every(Number.isFinite) || within(sampled.matched, size * 0.01) < 0.2)
    throw new MeshError(
      'not-aligned',
      'The two scans could not be aligned: they do not seem to show the same jaw.',
    );
  report(0.5);

  // 3. Refined on all the vertices.
  const all = moving.positions;
  const full = matches(n);
  const refined = icp(surface, Float64Array.from(all), sampled.transform, 0, 6, size * 1e-7, full, (i) =>
    report(0.5 + Math.min(0.45, i * 0.15)),
  );
  if (!refined.transform.every(Number.isFinite))
    throw new MeshError('not-aligned', 'The two scans could not be aligned.');
  return {
    transform: refined.transform,
    matched: refined.matched,
    fresh: refined.fresh,
    samplePasses: sampled.iterations,
    fullPasses: refined.iterations,
  };
}
