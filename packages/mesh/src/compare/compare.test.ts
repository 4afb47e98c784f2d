import { describe, expect, it } from 'vitest';
import { archJaw } from '../fixtures/jaw.ts';
import { MeshError, type Mesh } from '../mesh.ts';
import { readPly } from '../read/index.ts';
import { writePly } from '../write/index.ts';
import { closestOnTriangle, TriangleBvh } from './bvh.ts';
import { compareMeshes, deviationColour } from './index.ts';
import {
  axisAngle,
  hornRotation,
  multiply,
  rigid,
  rotationAngle,
  symmetricEigen,
  type Transform,
} from './linalg.ts';
import { boxDiagonal } from './surface.ts';
import { vertexNormals } from '../normals.ts';
import { random, sampleVertices } from './align.ts';

const JAW = 20_000;

/** The known motion: 5° about a skew axis, then 2 mm along a skew direction. */
const MOTION = rigid(axisAngle([0.3, 0.5, 0.8], (5 * Math.PI) / 180), [
  2 / Math.sqrt(3),
  -2 / Math.sqrt(3),
  2 / Math.sqrt(3),
]);

function moved(mesh: Mesh, m: Transform): Mesh {
  const p = mesh.positions.slice();
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!;
    const y = p[i + 1]!;
    const z = p[i + 2]!;
    for (let k = 0; k < 3; k++)
      p[i + k] = m[k * 4]! * x + m[k * 4 + 1]! * y + m[k * 4 + 2]! * z + m[k * 4 + 3]!;
  }
  return { ...mesh, positions: p };
}

/** How far `recovered · motion` is from the identity: degrees and mm (at the origin, the arch's centre). */
function residual(recovered: Transform, motion: Transform) {
  const e = multiply(recovered, motion);
  return { degrees: rotationAngle(e), mm: Math.hypot(e[3]!, e[7]!, e[11]!) };
}

/** The unsigned distance from p to the mesh, by brute force: the nearest point of every triangle. */
function bruteForce(mesh: Mesh): (x: number, y: number, z: number) => number {
  const p = mesh.positions;
  const idx = mesh.indices!;
  const t = new Float32Array(idx.length * 3);
  for (let i = 0; i < idx.length; i++) for (let a = 0; a < 3; a++) t[i * 3 + a] = p[idx[i]! * 3 + a]!;
  return (x, y, z) => {
    let best = Infinity;
    for (let o = 0; o < t.length; o += 9) {
      const d = closestOnTriangle(t, o, x, y, z);
      if (d < best) best = d;
    }
    return Math.sqrt(best);
  };
}

/** The moving scan's vertex v under the transform, in float64 (what the comparison measured). */
function aligned(mesh: Mesh, m: Transform, v: number): [number, number, number] {
  const p = mesh.positions;
  const [x, y, z] = [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!];
  return [0, 1, 2].map((k) => m[k * 4]! * x + m[k * 4 + 1]! * y + m[k * 4 + 2]! * z + m[k * 4 + 3]!) as [
    number,
    number,
    number,
  ];
}

describe('linear algebra', () => {
  it('finds a symmetric matrix’s eigenvalues and vectors', () => {
    const { values, vectors } = symmetricEigen([4, 1, 0, 1, 3, 1, 0, 1, 2], 3);
    for (let c = 0; c < 3; c++) {
      const v = [vectors[c]!, vectors[3 + c]!, vectors[6 + c]!];
      const av = [4 * v[0]! + v[1]!, v[0]! + 3 * v[1]! + v[2]!, v[1]! + 2 * v[2]!];
      for (let k = 0; k < 3; k++) expect(av[k]).toBeCloseTo(values[c]! * v[k]!, 10);
    }
    expect(values[0]).toBeGreaterThan(values[1]!);
    expect(values[1]).toBeGreaterThan(values[2]!);
  });

  it('recovers a rotation from point pairs in closed form (Horn)', () => {
    const r = axisAngle([1, -2, 0.5], 0.7);
    const rnd = random(3);
    const s = new Array<number>(9).fill(0);
    const pts = Array.from({ length: 20 }, () => [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5]);
    const mean = [0, 1, 2].map((k) => pts.reduce((a, p) => a + p[k]!, 0) / pts.length);
    for (const p of pts) {
      const c = p.map((x, k) => x - mean[k]!);
      const q = [0, 1, 2].map((k) => r[k * 3]! * c[0]! + r[k * 3 + 1]! * c[1]! + r[k * 3 + 2]! * c[2]!);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s[a * 3 + b] = s[a * 3 + b]! + c[a]! * q[b]!;
    }
    const found = hornRotation(s);
    for (let i = 0; i < 9; i++) expect(found[i]).toBeCloseTo(r[i]!, 10);
  });
});

describe('nearest point (BVH)', { timeout: 60_000 }, () => {
  it('agrees with brute force for points on, near and far from the surface', () => {
    const jaw = archJaw({ triangles: 4000, seed: 2 });
    const bvh = new TriangleBvh(jaw.positions, jaw.indices!);
    const reference = bruteForce(jaw);
    const rnd = random(9);
    let hint = -1;
    for (let i = 0; i < 300; i++) {
      const v = Math.floor(rnd() * (jaw.positions.length / 3));
      const spread = [0, 0.05, 1, 20][i % 4]!;
      const x = jaw.positions[v * 3]! + (rnd() - 0.5) * spread;
      const y = jaw.positions[v * 3 + 1]! + (rnd() - 0.5) * spread;
      const z = jaw.positions[v * 3 + 2]! + (rnd() - 0.5) * spread;
      const d = Math.sqrt(bvh.nearest(x, y, z, -1, i % 2 ? hint : -1));
      hint = bvh.slot;
      expect(Math.abs(d - reference(x, y, z))).toBeLessThan(1e-9);
    }
  });
});

// Each comparison takes a second or two of CPU; the machine may be shared.
describe('compareMeshes', { timeout: 120_000 }, () => {
  const jaw = archJaw({ triangles: JAW, seed: 1 });
  const diagonal = boxDiagonal(jaw.positions);

  it('recovers a known motion of 5° and 2 mm, and an identical copy aligns to within 0.1 % of the size', () => {
    const progress: number[] = [];
    const result = compareMeshes(jaw, moved(jaw, MOTION), { onProgress: (f) => progress.push(f) });
    const error = residual(result.transform, MOTION);
    expect(error.degrees).toBeLessThan(0.1);
    expect(error.mm).toBeLessThan(0.05);
    expect(result.rotationDegrees).toBeCloseTo(5, 1);
    expect(result.rms).toBeLessThan(0.001 * diagonal);
    expect(result.max).toBeLessThan(0.001 * diagonal);
    expect(result.range).toBe(0.05);
    expect(result.covered).toBe(jaw.positions.length / 3);
    expect(result.histogram.counts.reduce((a, c) => a + c, 0)).toBe(jaw.positions.length / 3);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
    // The coloured copy: indexed, every vertex coloured, its positions on the reference again.
    expect(result.coloured.indices).toEqual(jaw.indices);
    expect(result.coloured.colors!.length).toBe(jaw.positions.length);
    for (let i = 0; i < jaw.positions.length; i += 997)
      expect(Math.abs(result.coloured.positions[i]! - jaw.positions[i]!)).toBeLessThan(1e-3);
  });

  it('measures distances that agree with a brute-force nearest point on 2,000 sampled vertices', () => {
    // The same arch sampled differently (and its noise on other vertices): distances are not all zero.
    const reference = archJaw({ triangles: 8000, seed: 1 });
    const other = archJaw({ triangles: 5000, seed: 1 });
    const result = compareMeshes(reference, moved(other, MOTION));
    const vertices = other.positions.length / 3;
    const distance = bruteForce(reference);
    let largest = 0;
    let worst = 0;
    for (const v of sampleVertices(vertices, 2000, 5)) {
      const [x, y, z] = aligned(moved(other, MOTION), result.transform, v);
      const reference = distance(x, y, z);
      largest = Math.max(largest, reference);
      worst = Math.max(worst, Math.abs(Math.abs(result.distances[v]!) - reference));
    }
    expect(largest).toBeGreaterThan(0.005); // a real test: the distances are not trivially 0
    expect(worst).toBeLessThan(1e-4);
    const error = residual(result.transform, MOTION);
    expect(error.degrees).toBeLessThan(0.1);
    expect(error.mm).toBeLessThan(0.05);
  });

  it('shows a bump as positive, a dent as negative and zero elsewhere', () => {
    const normals = vertexNormals(jaw.positions, jaw.indices!);
    const p = jaw.positions.slice();
    const n = p.length / 3;
    // Two crest vertices (highest z) far apart along the arch.
    const crest = (from: number, to: number) => {
      let best = from;
      for (let v = from; v < to; v++) if (p[v * 3 + 2]! > p[best * 3 + 2]!) best = v;
      return best;
    };
    const bump = crest(Math.floor(n * 0.2), Math.floor(n * 0.3));
    const dent = crest(Math.floor(n * 0.7), Math.floor(n * 0.8));
    const centre = (v: number) => [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!];
    const [b, d] = [centre(bump), centre(dent)];
    const distance = (v: number, c: number[]) =>
      Math.hypot(p[v * 3]! - c[0]!, p[v * 3 + 1]! - c[1]!, p[v * 3 + 2]! - c[2]!);
    const out = p.slice();
    for (let v = 0; v < n; v++)
      for (const [c, height] of [
        [b, 0.3],
        [d, -0.3],
      ] as const) {
        const r = distance(v, c);
        if (r >= 1.5) continue;
        const h = height * (1 + Math.cos((Math.PI * r) / 1.5)) * 0.5;
        for (let k = 0; k < 3; k++) out[v * 3 + k] = out[v * 3 + k]! + h * normals[v * 3 + k]!;
      }
    const result = compareMeshes(jaw, moved({ ...jaw, positions: out }, MOTION));
    expect(result.distances[bump]).toBeGreaterThan(0.25);
    expect(result.distances[dent]).toBeLessThan(-0.25);
    let away = 0;
    for (let v = 0; v < n; v++)
      if (distance(v, b) > 2 && distance(v, d) > 2) away = Math.max(away, Math.abs(result.distances[v]!));
    expect(away).toBeLessThan(0.01);
    expect(result.max).toBeGreaterThan(0.25);
  });

  it('signs distances outside a closed solid as positive', () => {
    const solid = archJaw({ triangles: 8000, seed: 3, closed: true });
    const normals = vertexNormals(solid.positions, solid.indices!);
    const grown = solid.positions.slice();
    for (let i = 0; i < grown.length; i++) grown[i] = grown[i]! + 0.2 * normals[i]!;
    const result = compareMeshes(solid, { ...solid, positions: grown });
    expect(result.mean).toBeGreaterThan(0.1);
    const shrunk = solid.positions.slice();
    for (let i = 0; i < shrunk.length; i++) shrunk[i] = shrunk[i]! - 0.2 * normals[i]!;
    expect(compareMeshes(solid, { ...solid, positions: shrunk }).mean).toBeLessThan(-0.1);
  });

  it('aligns scans that overlap in part, and leaves out what the reference does not cover', () => {
    /** The triangles whose first vertex lies in [from, to) of the vertex numbers (rings run along the arch). */
    const crop = (m: Mesh, from: number, to: number): Mesh => {
      const n = m.positions.length / 3;
      const keep: number[] = [];
      const idx = m.indices!;
      for (let t = 0; t < idx.length; t += 3)
        if (idx[t]! >= from * n && idx[t]! < to * n) keep.push(idx[t]!, idx[t + 1]!, idx[t + 2]!);
      return { positions: m.positions, indices: Uint32Array.from(keep) };
    };
    const result = compareMeshes(crop(jaw, 0, 0.7), moved(crop(jaw, 0.3, 1), MOTION));
    const error = residual(result.transform, MOTION);
    expect(error.degrees).toBeLessThan(0.1);
    expect(error.mm).toBeLessThan(0.05);
    const n = jaw.positions.length / 3;
    let beyond = 0;
    for (let v = Math.ceil(0.75 * n); v < n; v++) beyond += result.outside[v]!;
    // The far end of the second scan (past the reference's 70 %) is not covered; the shared part is measured.
    expect(beyond).toBeGreaterThan(0.9 * (n - Math.ceil(0.75 * n)));
    for (let v = Math.ceil(0.35 * n); v < 0.65 * n; v++) expect(result.outside[v]).toBe(0);
    expect(result.covered).toBe(result.outside.reduce((a, o) => a + (o ? 0 : 1), 0));
    expect(result.histogram.counts.reduce((a, c) => a + c, 0)).toBe(result.covered);
    expect(result.coloured.colors!.subarray((n - 1) * 3, n * 3)).toEqual(Uint8Array.from([170, 170, 170]));
    expect(result.range).toBe(0.05);
  });

  it('counts every vertex in the histogram, over edges from −range to +range', () => {
    const other = archJaw({ triangles: 5000, seed: 4 });
    const result = compareMeshes(jaw, other, { bins: 16 });
    const { edges, counts } = result.histogram;
    expect(counts).toHaveLength(16);
    expect(edges).toHaveLength(17);
    expect(edges[0]).toBeCloseTo(-result.range, 12);
    expect(edges[16]).toBeCloseTo(result.range, 12);
    // Another seed: other teeth, so a few border vertices lie beyond the reference (not counted).
    expect(result.distances).toHaveLength(other.positions.length / 3);
    const measured = result.distances.filter((_, v) => !result.outside[v]);
    expect(result.covered).toBe(measured.length);
    expect(result.covered).toBeGreaterThan(0.9 * result.distances.length);
    expect(counts.reduce((a, c) => a + c, 0)).toBe(result.covered);
    expect(result.rms).toBeCloseTo(Math.sqrt(measured.reduce((a, d) => a + d * d, 0) / measured.length), 6);
    expect(result.max).toBeCloseTo(Math.max(...measured.map(Math.abs)), 6);
    expect(result.range).toBeGreaterThan(0.05);
  });

  it('welds a triangle soup (as STL stores it) before comparing, and writes the coloured copy as PLY', () => {
    const small = archJaw({ triangles: 3000, seed: 1 });
    const soup = new Float32Array(small.indices!.length * 3);
    small.indices!.forEach((v, i) => soup.set(small.positions.subarray(v * 3, v * 3 + 3), i * 3));
    const result = compareMeshes(small, moved({ positions: soup }, MOTION));
    expect(result.coloured.indices).toHaveLength(small.indices!.length);
    expect(result.distances).toHaveLength(small.positions.length / 3);
    expect(residual(result.transform, MOTION).degrees).toBeLessThan(0.1);
    // The download: a binary PLY with the colours, read back as written.
    const back = readPly(writePly(result.coloured));
    expect(back.colors).toEqual(result.coloured.colors);
    expect(back.positions).toEqual(result.coloured.positions);
    expect(back.indices).toEqual(result.coloured.indices);
  });

  it('refuses an empty scan and one that matches nothing', () => {
    const empty: Mesh = { positions: new Float32Array(0), indices: new Uint32Array(0) };
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (e instanceof MeshError) return e.code;
        throw e;
      }
      return 'none';
    };
    expect(code(() => compareMeshes(empty, jaw))).toBe('empty');
    expect(code(() => compareMeshes(jaw, empty))).toBe('empty');
    expect(code(() => compareMeshes(jaw, { positions: new Float32Array(6) }))).toBe('empty');
    // Triangles scattered through a box a hundred times the jaw's size.
    const rnd = random(7);
    const scatter = new Float32Array(9 * 300).map(() => (rnd() - 0.5) * diagonal * 100);
    expect(code(() => compareMeshes(jaw, { positions: scatter }))).toBe('not-aligned');
  });
});

describe('deviationColour', () => {
  it('runs from blue through green to red, clamped beyond the range', () => {
    expect(deviationColour(-0.2, 0.2)).toEqual([0, 0, 255]);
    expect(deviationColour(0, 0.2)).toEqual([0, 255, 0]);
    expect(deviationColour(0.2, 0.2)).toEqual([255, 0, 0]);
    expect(deviationColour(5, 0.2)).toEqual([255, 0, 0]);
    expect(deviationColour(-5, 0.2)).toEqual([0, 0, 255]);
    const [r, g, b] = deviationColour(0.05, 0.2);
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(200);
  });
});
