/**
 * Picking without a tree: the ray against every triangle (for the tests and the benchmark, which compare it with
 * `TriangleBvh.raycast`). The same Möller–Trumbore arithmetic on the same float32 corners, so both find the same t.
 */
import { rayTriangle } from '../compare/bvh.ts';

export interface BruteHit {
  t: number;
  triangle: number;
  point: [number, number, number];
}

/** The nearest hit (t ≥ 0) of o + t·d over every triangle, or null; of equal t, the lower triangle. */
export function raycastBrute(
  positions: Float32Array,
  indices: Uint32Array,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): BruteHit | null {
  let best = Infinity;
  let triangle = -1;
  for (let t = 0, i = 0; i < indices.length; t++, i += 3) {
    const a = indices[i]! * 3;
    const b = indices[i + 1]! * 3;
    const c = indices[i + 2]! * 3;
    const hit = rayTriangle(
      positions[a]!,
      positions[a + 1]!,
      positions[a + 2]!,
      positions[b]!,
      positions[b + 1]!,
      positions[b + 2]!,
      positions[c]!,
      positions[c + 1]!,
      positions[c + 2]!,
      ox,
      oy,
      oz,
      dx,
      dy,
      dz,
    );
    if (hit >= 0 && hit < best) {
      best = hit;
      triangle = t;
    }
  }
  if (triangle < 0) return null;
  return { t: best, triangle, point: [ox + best * dx, oy + best * dy, oz + best * dz] };
}
