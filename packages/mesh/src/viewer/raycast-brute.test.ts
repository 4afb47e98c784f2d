import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { random } from '../compare/align.ts';
import { TriangleBvh, type BvhParts } from '../compare/bvh.ts';
import { archJaw } from '../fixtures/jaw.ts';
import { raycastBrute } from './raycast-brute.ts';

type Ray = [number, number, number, number, number, number];

/** The tree and brute force give the same answer: hit or not, the same triangle, the same t (1e-6 relative). */
function expectSame(bvh: TriangleBvh, positions: Float32Array, indices: Uint32Array, ray: Ray) {
  const hit = bvh.raycast(...ray);
  const brute = raycastBrute(positions, indices, ...ray);
  expect(hit).toBe(brute !== null);
  if (!brute) {
    expect(bvh.triangle).toBe(-1);
    return 'miss';
  }
  expect(bvh.triangle).toBe(brute.triangle);
  expect(Math.abs(bvh.hitT - brute.t)).toBeLessThanOrEqual(1e-6 * Math.max(1e-9, brute.t));
  for (let k = 0; k < 3; k++) expect(bvh.point[k]).toBeCloseTo(brute.point[k]!, 9);
  return 'hit';
}

/** The unit normal of mesh triangle t by its winding. */
function windingNormal(positions: Float32Array, indices: Uint32Array, t: number): number[] {
  const [a, b, c] = [indices[t * 3]! * 3, indices[t * 3 + 1]! * 3, indices[t * 3 + 2]! * 3];
  const u = [0, 1, 2].map((k) => positions[b + k]! - positions[a + k]!);
  const v = [0, 1, 2].map((k) => positions[c + k]! - positions[a + k]!);
  const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const len = Math.hypot(n[0]!, n[1]!, n[2]!);
  return n.map((x) => x / len);
}

describe('TriangleBvh.raycast against brute force', () => {
  for (const [seed, closed, upper] of [
    [1, false, false],
    [2, true, false],
    [3, true, true],
  ] as const) {
    it(`archJaw seed ${seed}${closed ? ' closed' : ''}${upper ? ' upper' : ''}: pointer rays, misses, grazing, from inside`, () => {
      const jaw = archJaw({ triangles: 12_000, seed, closed, upper });
      const { positions } = jaw;
      const indices = jaw.indices!;
      const bvh = new TriangleBvh(positions, indices);
      const rnd = random(seed * 7919);
      const nv = positions.length / 3;
      const m = indices.length / 3;
      const tally = { hit: 0, miss: 0 };
      // From orbit positions toward random vertices (a pointer over the scan), the direction scaled at random.
      for (let i = 0; i < 150; i++) {
        const v = Math.floor(rnd() * nv) * 3;
        const theta = rnd() * 2 * Math.PI;
        const phi = rnd() * Math.PI;
        const o = [
          80 * Math.sin(phi) * Math.cos(theta),
          80 * Math.sin(phi) * Math.sin(theta),
          80 * Math.cos(phi) + 10,
        ];
        const s = 0.01 + rnd() * 3;
        const ray: Ray = [
          o[0]!,
          o[1]!,
          o[2]!,
          (positions[v]! - o[0]! + rnd() - 0.5) * s,
          (positions[v + 1]! - o[1]! + rnd() - 0.5) * s,
          (positions[v + 2]! - o[2]! + rnd() - 0.5) * s,
        ];
        tally[expectSame(bvh, positions, indices, ray)]++;
      }
      // Away from the scan: misses.
      for (let i = 0; i < 30; i++) {
        const ray: Ray = [0, 0, 100, rnd() - 0.5, rnd() - 0.5, 0.2 + rnd()];
        const answer = expectSame(bvh, positions, indices, ray);
        expect(answer).toBe('miss');
        tally[answer]++;
      }
      // Grazing: along a triangle's plane, starting beside one of its corners.
      for (let i = 0; i < 60; i++) {
        const t = Math.floor(rnd() * m);
        const a = indices[t * 3]! * 3;
        const b = indices[t * 3 + 1]! * 3;
        const c = indices[t * 3 + 2]! * 3;
        const w = rnd();
        const dir = [0, 1, 2].map(
          (k) => positions[b + k]! * w + positions[c + k]! * (1 - w) - positions[a + k]!,
        );
        const o = [0, 1, 2].map((k) => positions[a + k]! - dir[k]! * 3);
        tally[expectSame(bvh, positions, indices, [o[0]!, o[1]!, o[2]!, dir[0]!, dir[1]!, dir[2]!])]++;
      }
      // From inside the solid (just under a triangle), in random directions; and from a vertex itself.
      for (let i = 0; i < 60; i++) {
        const t = Math.floor(rnd() * m);
        const n = windingNormal(positions, indices, t);
        const v = indices[t * 3]! * 3;
        const depth = i % 2 ? 0 : 0.05;
        const o = [0, 1, 2].map((k) => positions[v + k]! - n[k]! * depth);
        const ray: Ray = [o[0]!, o[1]!, o[2]!, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
        tally[expectSame(bvh, positions, indices, ray)]++;
      }
      expect(tally.hit).toBeGreaterThan(200);
      expect(tally.miss).toBeGreaterThan(30);
    });
  }

  it('random rays (fast-check): the same answer as brute force', () => {
    const jaw = archJaw({ triangles: 4_000, seed: 5, closed: true });
    const indices = jaw.indices!;
    const bvh = new TriangleBvh(jaw.positions, indices);
    const coord = fc.double({ min: -60, max: 60, noNaN: true });
    const dir = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        coord,
        coord,
        fc.double({ min: -10, max: 40, noNaN: true }),
        dir,
        dir,
        dir,
        (x, y, z, a, b, c) => {
          fc.pre(Math.hypot(a, b, c) > 1e-6);
          expectSame(bvh, jaw.positions, indices, [x, y, z, a, b, c]);
        },
      ),
      { numRuns: 300, seed: 25 },
    );
  });

  it('fills the hit: point on the ray, unit normal by the winding, maxT honoured', () => {
    const jaw = archJaw({ triangles: 6_000, seed: 4 });
    const indices = jaw.indices!;
    const bvh = new TriangleBvh(jaw.positions, indices);
    // Straight down onto the arch's front crest.
    expect(bvh.raycast(0, 28, 50, 0, 0, -2)).toBe(true);
    const t = bvh.hitT;
    expect(bvh.point[2]).toBeCloseTo(50 - 2 * t, 9);
    const n = windingNormal(jaw.positions, indices, bvh.triangle);
    for (let k = 0; k < 3; k++) expect(bvh.hitNormal[k]).toBeCloseTo(n[k]!, 12);
    expect(Math.hypot(...bvh.hitNormal)).toBeCloseTo(1, 12);
    expect(bvh.hitNormal[2]).toBeGreaterThan(0.5); // the lower jaw's crest faces up
    expect(bvh.raycast(0, 28, 50, 0, 0, -2, t * 0.999)).toBe(false);
    expect(bvh.triangle).toBe(-1);
    expect(bvh.raycast(0, 28, 50, 0, 0, -2, t)).toBe(true);
    // The upper jaw, mirrored with its winding reversed, faces down at the same place.
    const upper = archJaw({ triangles: 6_000, seed: 4, upper: true });
    const ub = new TriangleBvh(upper.positions, upper.indices!);
    expect(ub.raycast(0, 28, -50, 0, 0, 1)).toBe(true);
    expect(ub.hitNormal[2]).toBeLessThan(-0.5);
  });

  it('toParts / fromParts: a copy of the parts answers exactly the same', () => {
    const jaw = archJaw({ triangles: 8_000, seed: 6, closed: true });
    const indices = jaw.indices!;
    const bvh = new TriangleBvh(jaw.positions, indices);
    const parts = bvh.toParts();
    const copy: BvhParts = structuredClone(parts);
    for (const key of ['coords', 'order', 'bounds', 'first', 'count'] as const)
      expect(copy[key].constructor).toBe(parts[key].constructor);
    const back = TriangleBvh.fromParts(copy);
    const rnd = random(99);
    let hits = 0;
    for (let i = 0; i < 200; i++) {
      const ray: Ray = [rnd() * 80 - 40, rnd() * 80 - 40, 40, rnd() - 0.5, rnd() - 0.5, -rnd()];
      const a = bvh.raycast(...ray);
      const b = back.raycast(...ray);
      expect(b).toBe(a);
      expect(back.triangle).toBe(bvh.triangle);
      if (a) {
        hits++;
        expect(back.hitT).toBe(bvh.hitT);
        expect([...back.hitNormal]).toEqual([...bvh.hitNormal]);
      }
      const [x, y, z] = [rnd() * 60 - 30, rnd() * 60 - 30, rnd() * 20];
      expect(back.nearest(x, y, z)).toBe(bvh.nearest(x, y, z));
      expect(back.triangle).toBe(bvh.triangle);
    }
    expect(hits).toBeGreaterThan(20);
  });
});
