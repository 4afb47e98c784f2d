/**
 * The section outline: where the plane n·x = d cuts a mesh, as line segments (6 numbers each, for
 * THREE.LineSegments). The tree's boxes the plane does not cross are skipped. A corner exactly on the plane counts
 * as above it, so every cut edge gives one point, and the point of an edge is computed from its two corners in one
 * fixed order: the two triangles of an edge give bit-identical end points and a closed mesh gives closed loops (where
 * the plane runs exactly through a corner, several edges meet at that point: every end point still ends an even
 * number of segments).
 */
import type { TriangleBvh } from '../compare/bvh.ts';

export function sectionOutline(
  bvh: TriangleBvh,
  nx: number,
  ny: number,
  nz: number,
  d: number,
): Float32Array {
  const { coords, bounds, first, count } = bvh.toParts();
  let out = new Float32Array(1024);
  let used = 0;
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  const s = new Float64Array(3);
  const cut = new Float64Array(6);
  if (coords.length === 0) return out.subarray(0, 0);
  const stack: number[] = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const o = node * 6;
    // The box's centre against the plane, and the box's reach along n.
    const centre =
      nx * (bounds[o]! + bounds[o + 3]!) * 0.5 +
      ny * (bounds[o + 1]! + bounds[o + 4]!) * 0.5 +
      nz * (bounds[o + 2]! + bounds[o + 5]!) * 0.5 -
      d;
    const reach =
      (ax * (bounds[o + 3]! - bounds[o]!) +
        ay * (bounds[o + 4]! - bounds[o + 1]!) +
        az * (bounds[o + 5]! - bounds[o + 2]!)) *
      0.5;
    if (Math.abs(centre) > reach * (1 + 1e-9) + 1e-12) continue;
    const n = count[node]!;
    if (n === 0) {
      stack.push(first[node]!, first[node]! + 1);
      continue;
    }
    const start = first[node]!;
    for (let i = start; i < start + n; i++) {
      const c = i * 9;
      let above = 0;
      for (let k = 0; k < 3; k++) {
        s[k] = nx * coords[c + k * 3]! + ny * coords[c + k * 3 + 1]! + nz * coords[c + k * 3 + 2]! - d;
        if (s[k]! >= 0) above++;
      }
      if (above === 0 || above === 3) continue;
      let points = 0;
      for (let k = 0; k < 3; k++) {
        const k1 = (k + 1) % 3;
        if (s[k]! >= 0 === s[k1]! >= 0) continue;
        // The edge's corners in a fixed order (the one below the plane first).
        const [p, q] = s[k]! < 0 ? [k, k1] : [k1, k];
        const sp = s[p]!;
        const sq = s[q]!;
        const f = sp / (sp - sq);
        for (let a = 0; a < 3; a++) {
          const x = coords[c + p * 3 + a]!;
          cut[points * 3 + a] = x + (coords[c + q * 3 + a]! - x) * f;
        }
        points++;
      }
      // Two cut points (one when the plane only touches a corner: the same point twice, left out).
      if (points !== 2 || (cut[0] === cut[3] && cut[1] === cut[4] && cut[2] === cut[5])) continue;
      if (used + 6 > out.length) {
        const grown = new Float32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      for (let a = 0; a < 6; a++) out[used++] = cut[a]!;
    }
  }
  return out.slice(0, used);
}
