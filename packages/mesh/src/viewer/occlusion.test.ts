import { describe, expect, it } from 'vitest';
import { closestOnTriangle } from '../compare/bvh.ts';
import { archJaw } from '../fixtures/jaw.ts';
import { occlusionLegend, occlusionMap, type Jaw } from './occlusion.ts';

/**
 * A flat plate over [0, length] × [0, width] on an n × m grid at height z(x), facing up (+z, by its winding) or
 * down.
 */
function plate(
  length: number,
  width: number,
  n: number,
  m: number,
  z: (x: number) => number,
  up: boolean,
): Jaw {
  const positions = new Float32Array((n + 1) * (m + 1) * 3);
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      const v = (i * (m + 1) + j) * 3;
      const x = (length * i) / n;
      positions[v] = x;
      positions[v + 1] = (width * j) / m;
      positions[v + 2] = z(x);
    }
  const indices: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const a = i * (m + 1) + j;
      const b = a + m + 1; // +x
      const c = b + 1;
      const d = a + 1; // +y
      if (up) indices.push(a, b, c, a, c, d);
      else indices.push(a, c, b, a, d, c);
    }
  return { positions, indices: new Uint32Array(indices) };
}

/** The brute-force unsigned distance from p to the jaw: every triangle. */
function bruteDistance(jaw: Jaw, px: number, py: number, pz: number): number {
  const t = new Float64Array(9);
  let best = Infinity;
  const { positions, indices } = jaw;
  for (let i = 0; i < indices.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = indices[i + k]! * 3;
      t[k * 3] = positions[v]!;
      t[k * 3 + 1] = positions[v + 1]!;
      t[k * 3 + 2] = positions[v + 2]!;
    }
    best = Math.min(best, closestOnTriangle(t, 0, px, py, pz));
  }
  return Math.sqrt(best);
}

describe('occlusionMap', () => {
  it('parallel plates 0.3 mm apart: every distance 0.3, no contact, all near (yellow to green)', () => {
    const lower = plate(10, 4, 40, 16, () => 0, true);
    const upper = plate(10, 4, 40, 16, () => 0.3, false);
    const r = occlusionMap(upper, lower);
    for (const side of [r.upper, r.lower]) {
      expect(side.minClearance).toBeCloseTo(0.3, 6);
      for (const d of side.distances) expect(d).toBeCloseTo(0.3, 6);
      expect(side.contactArea).toBe(0);
      const n = side.distances.length;
      expect(side.histogram.counts.reduce((a, b) => a + b, 0) + side.histogram.beyond).toBe(n);
      // -0.5 .. 2 in 40 bins of 0.0625: 0.3 falls in bin 12.8 → 12.
      expect(side.histogram.counts[12]).toBe(n);
      // Between yellow (contact) and green (near): 0.3 is 0.556 of the way.
      expect([...side.colors.subarray(0, 3)]).toEqual([
        Math.round(250 + (64 - 250) * (0.25 / 0.45)),
        Math.round(208 + (176 - 208) * (0.25 / 0.45)),
        Math.round(52 + (88 - 52) * (0.25 / 0.45)),
      ]);
    }
    expect(r.thresholds).toEqual({ contact: 0.05, near: 0.5, range: 2 });
  });

  it('a tilted plate touching at one end: the known minimum and contact areas on both jaws', () => {
    const gap = 0.01;
    const slope = 0.02;
    const lower = plate(10, 4, 50, 8, () => 0, true);
    const upper = plate(10, 4, 50, 8, (x) => gap + slope * x, false);
    const r = occlusionMap(upper, lower, { contact: 0.05 });
    const stretch = Math.hypot(1, slope);
    expect(r.upper.minClearance).toBeCloseTo(gap, 6);
    expect(r.upper.minVertex).toBeLessThan(9); // on the x = 0 edge
    expect(r.lower.minClearance).toBeCloseTo(gap / stretch, 5);
    // Upper: gap + slope x ≤ 0.05 for x ≤ 2 (its surface is tilted: × stretch). Lower: the perpendicular distance
    // (gap + slope x) / stretch ≤ 0.05.
    expect(r.upper.contactArea).toBeCloseTo(4 * 2 * stretch, 4);
    expect(r.lower.contactArea).toBeCloseTo((4 * (0.05 * stretch - gap)) / slope, 3);
    // Red where in contact, blue beyond near, grey beyond the range (0.01 + 0.02 × 10 = 0.21: none here).
    const v = 0;
    expect([...r.upper.colors.subarray(v, v + 3)]).toEqual(occlusionLegend()[0]!.rgb);
  });

  it('plates overlapping by 0.1 mm: negative distances on both sides, every vertex in contact', () => {
    const lower = plate(6, 6, 12, 12, () => 0, true);
    const upper = plate(6, 6, 12, 12, () => -0.1, false);
    const r = occlusionMap(upper, lower);
    for (const side of [r.upper, r.lower]) {
      for (const d of side.distances) expect(d).toBeCloseTo(-0.1, 6);
      expect(side.minClearance).toBeCloseTo(-0.1, 6);
      expect(side.contactArea).toBeCloseTo(36, 6);
      expect([...side.colors.subarray(0, 3)]).toEqual([214, 40, 48]);
    }
    // Far apart (3 mm, beyond the range of 2): grey, and outside the histogram.
    const far = occlusionMap(
      plate(6, 6, 4, 4, () => 3, false),
      lower,
    );
    expect([...far.upper.colors.subarray(0, 3)]).toEqual(occlusionLegend().at(-1)!.rgb);
    expect(far.upper.histogram.beyond).toBe(25);
  });

  it("archJaw's bite: the smallest gap is the bite, contacts appear below the contact threshold, overlap is negative", () => {
    const opts = { triangles: 30_000, seed: 3 };
    const lower = archJaw(opts) as Jaw;
    for (const bite of [0.1, 0.02, 0]) {
      const upper = archJaw({ ...opts, upper: true, bite }) as Jaw;
      const r = occlusionMap(upper, lower);
      expect(r.upper.minClearance).toBeCloseTo(bite, 5);
      expect(r.lower.minClearance).toBeCloseTo(bite, 5);
      for (const d of r.upper.distances) expect(d).toBeGreaterThanOrEqual(0);
      for (const d of r.lower.distances) expect(d).toBeGreaterThanOrEqual(0);
      if (bite > 0.05) expect(r.upper.contactArea).toBe(0);
      else {
        expect(r.upper.contactArea).toBeGreaterThan(0.01);
        expect(r.lower.contactArea).toBeGreaterThan(0.01);
      }
    }
    const overlap = occlusionMap(archJaw({ ...opts, upper: true, bite: -0.2 }) as Jaw, lower);
    expect(overlap.upper.minClearance).toBeLessThan(-0.05);
    expect(overlap.upper.minClearance).toBeGreaterThanOrEqual(-0.2 - 1e-5);
    expect(overlap.lower.minClearance).toBeLessThan(-0.05);
    expect(overlap.upper.contactArea).toBeGreaterThan(0.2);
  });

  it('against brute-force nearest points on 2,000 sampled vertices: the same distances to 1 µm', () => {
    const lower = archJaw({ triangles: 20_000, seed: 7 }) as Jaw;
    const upper = archJaw({ triangles: 24_000, seed: 7, upper: true, bite: 0.05 }) as Jaw;
    const r = occlusionMap(upper, lower);
    let worst = 0;
    for (const [jaw, other, side] of [
      [upper, lower, r.upper],
      [lower, upper, r.lower],
    ] as const) {
      const n = jaw.positions.length / 3;
      for (let i = 0; i < 1000; i++) {
        const v = Math.floor((i * 7919.123) % n);
        const p = jaw.positions;
        const d = bruteDistance(other, p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!);
        worst = Math.max(worst, Math.abs(Math.abs(side.distances[v]!) - d));
      }
    }
    expect(worst).toBeLessThan(0.001);
  });

  it('occlusionLegend: steps at the thresholds, matching the colours', () => {
    const legend = occlusionLegend({ contact: 0.1, near: 0.4, range: 1 });
    expect(legend.map((s) => s.mm)).toEqual([-0.4, 0.1, 0.1, 0.4, 0.4, 1, 1]);
    const lower = plate(2, 2, 2, 2, () => 0, true);
    // 0.25: half way from contact (yellow) to near (green).
    const r = occlusionMap(
      plate(2, 2, 2, 2, () => 0.25, false),
      lower,
      { contact: 0.1, near: 0.4, range: 1 },
    );
    const half = legend[2]!.rgb.map((a, k) => Math.round(a + (legend[3]!.rgb[k]! - a) * 0.5));
    for (let k = 0; k < 3; k++) expect(Math.abs(r.upper.colors[k]! - half[k]!)).toBeLessThanOrEqual(1);
    const r2 = occlusionMap(
      plate(2, 2, 2, 2, () => 1, false),
      lower,
      { contact: 0.1, near: 0.4, range: 1 },
    );
    expect([...r2.upper.colors.subarray(0, 3)]).toEqual(legend[5]!.rgb);
  });
});
