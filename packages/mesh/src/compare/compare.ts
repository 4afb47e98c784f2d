/**
 * Model comparison: two scans of the same jaw aligned (coarse, then ICP on a subset, refined on all the vertices —
 * see align.ts), then the signed distance of every vertex of the aligned moving scan to the reference surface
 * (exact nearest point on the reference's triangles; + outside, along the reference's interpolated normal), its
 * statistics, a histogram, and the moving scan coloured by distance for the download.
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { align } from './align.ts';
import { colourInto } from './colour.ts';
import { rotationAngle } from './linalg.ts';
import { indexed, match, surfaceOf } from './surface.ts';

export interface CompareOptions {
  /** Histogram bins (default 40). */
  bins?: number;
  /** How many moving vertices the first ICP uses (default 5,000). */
  sample?: number;
  /** Seeds the subset (default 1): the same inputs and seed give the same result. */
  seed?: number;
  /** Called with 0..1 as the work advances. */
  onProgress?: (fraction: number) => void;
}

export interface CompareResult {
  /** Row-major 4x4 rigid transform that maps `moving` onto `reference`. */
  transform: number[];
  rotationDegrees: number;
  translation: [number, number, number];
  /** Signed distances (mm) of the aligned moving scan's vertices to the reference surface; + outside (along the reference normal). */
  distances: Float32Array;
  mean: number;
  rms: number;
  /** largest absolute distance */
  max: number;
  /** Edges from −range to +range; a distance beyond the range counts in the outer bin on its side. */
  histogram: { edges: number[]; counts: number[] };
  /** The moving scan, aligned, welded/indexed, with per-vertex colours by distance (write it with writePly for the download). */
  coloured: Mesh;
  /** The legend's symmetric range in mm (the 95th percentile of |d|, at least 0.05). */
  range: number;
}

/** The smallest legend range (mm): below it, colour differences would only show noise. */
export const MIN_RANGE = 0.05;

export function compareMeshes(reference: Mesh, moving: Mesh, opts: CompareOptions = {}): CompareResult {
  const report = opts.onProgress ?? (() => {});
  const surface = surfaceOf(reference);
  const mov = indexed(moving, 'second');
  for (let i = 0; i < mov.positions.length; i++)
    if (!Number.isFinite(mov.positions[i]!))
      throw new MeshError('bad-number', 'The second scan has a vertex that is not a number.');
  report(0);
  const { transform, matched, fresh } = align(surface, mov, {
    sample: opts.sample,
    seed: opts.seed,
    onProgress: (f) => report(f * 0.95),
  });
  const n = mov.positions.length / 3;
  if (!fresh) {
    // The refinement stopped on its pass limit: the distances under the final transform, in chunks for the
    // progress (each vertex's last match is its hint).
    const src = Float64Array.from(mov.positions);
    const chunk = 16384;
    for (let from = 0; from < n; from += chunk) {
      match(surface, src, transform, matched, from, Math.min(n, from + chunk));
      report(0.95 + (0.04 * Math.min(n, from + chunk)) / n);
    }
  }
  const distances = Float32Array.from(matched.d);

  let sum = 0;
  let squares = 0;
  let max = 0;
  for (const d of distances) {
    sum += d;
    squares += d * d;
    if (Math.abs(d) > max) max = Math.abs(d);
  }
  const abs = new Float32Array(n);
  for (let i = 0; i < n; i++) abs[i] = Math.abs(distances[i]!);
  abs.sort();
  const range = Math.max(MIN_RANGE, abs[Math.min(n - 1, Math.floor(n * 0.95))] ?? 0);

  const bins = Math.max(1, Math.round(opts.bins ?? 40));
  const edges = Array.from({ length: bins + 1 }, (_, i) => -range + (2 * range * i) / bins);
  const counts = new Array<number>(bins).fill(0);
  for (const d of distances) {
    const b = Math.min(bins - 1, Math.max(0, Math.floor(((d + range) / (2 * range)) * bins)));
    counts[b] = counts[b]! + 1;
  }

  const colors = new Uint8Array(n * 3);
  for (let v = 0; v < n; v++) colourInto(distances[v]!, range, colors, v * 3);
  const coloured: Mesh = {
    positions: Float32Array.from(matched.x),
    indices: mov.indices.slice(),
    colors,
  };
  report(1);
  return {
    transform,
    rotationDegrees: rotationAngle(transform),
    translation: [transform[3]!, transform[7]!, transform[11]!],
    distances,
    mean: n ? sum / n : 0,
    rms: n ? Math.sqrt(squares / n) : 0,
    max,
    histogram: { edges, counts },
    coloured,
    range,
  };
}
