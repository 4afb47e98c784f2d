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
  /** How many moving vertices the first ICP uses (default 5,000; at least 100). */
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
  /**
   * Per vertex of `coloured`: 1 where the reference has no counterpart (the vertex lies beyond the reference's open
   * border, or farther from it than a twentieth of its size: the part of the second scan the first does not cover). Those vertices keep their distance to the
   * border in `distances`, are grey in `coloured`, and are left out of mean, rms, max, range and the histogram.
   */
  outside: Uint8Array;
  /** The vertices measured (not outside): the histogram's counts add up to this. */
  covered: number;
}

/** Farther than this fraction of the reference's size, a vertex counts as not covered by the reference. */
export const FAR = 0.05;

/** The colour of a vertex the reference does not cover. */
export const UNCOVERED_COLOUR: [number, number, number] = [170, 170, 170];

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

  // No counterpart: beyond the reference's border (see match), or farther than a twentieth of its size (a part of
  // the scan the reference does not show, nearest to some other part of it).
  const outside = matched.outside.slice();
  const far = surface.diagonal * FAR;
  for (let v = 0; v < n; v++) if (Math.abs(distances[v]!) > far) outside[v] = 1;
  let covered = 0;
  let sum = 0;
  let squares = 0;
  let max = 0;
  const abs = new Float32Array(n);
  for (let v = 0; v < n; v++) {
    if (outside[v]) continue;
    const d = distances[v]!;
    sum += d;
    squares += d * d;
    abs[covered++] = Math.abs(d);
  }
  const measured = abs.subarray(0, covered).sort();
  if (covered) max = measured[covered - 1]!;
  const range = Math.max(MIN_RANGE, measured[Math.min(covered - 1, Math.floor(covered * 0.95))] ?? 0);

  const bins = Math.max(1, Math.round(opts.bins ?? 40));
  const edges = Array.from({ length: bins + 1 }, (_, i) => -range + (2 * range * i) / bins);
  const counts = new Array<number>(bins).fill(0);
  for (let v = 0; v < n; v++) {
    if (outside[v]) continue;
    const b = Math.min(bins - 1, Math.max(0, Math.floor(((distances[v]! + range) / (2 * range)) * bins)));
    counts[b] = counts[b]! + 1;
  }

  const colors = new Uint8Array(n * 3);
  for (let v = 0; v < n; v++)
    if (outside[v]) colors.set(UNCOVERED_COLOUR, v * 3);
    else colourInto(distances[v]!, range, colors, v * 3);
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
    mean: covered ? sum / covered : 0,
    rms: covered ? Math.sqrt(squares / covered) : 0,
    max,
    histogram: { edges, counts },
    coloured,
    range,
    outside,
    covered,
  };
}
