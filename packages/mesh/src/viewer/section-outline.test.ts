import { describe, expect, it } from 'vitest';
import { TriangleBvh } from '../compare/bvh.ts';
import { archJaw } from '../fixtures/jaw.ts';
import { sectionOutline } from './section-outline.ts';

/** A closed box [0,a]×[0,b]×[0,c], each face split into n×n squares, wound outward. */
function box(a: number, b: number, c: number, n = 4): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const indices: number[] = [];
  const size = [a, b, c];
  // Each face: a fixed axis at 0 or its size, and the two others running over the grid (u × v = outward).
  for (const axis of [0, 1, 2]) {
    for (const high of [false, true]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const base = positions.length / 3;
      for (let i = 0; i <= n; i++)
        for (let j = 0; j <= n; j++) {
          const p = [0, 0, 0];
          p[axis] = high ? size[axis]! : 0;
          p[u] = (size[u]! * i) / n;
          p[v] = (size[v]! * j) / n;
          positions.push(...p);
        }
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const p00 = base + i * (n + 1) + j;
          const p10 = p00 + n + 1;
          const p01 = p00 + 1;
          const p11 = p10 + 1;
          if (high) indices.push(p00, p10, p11, p00, p11, p01);
          else indices.push(p00, p11, p10, p00, p01, p11);
        }
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/** A closed cylinder of radius r around the z axis from 0 to h: `sides` facets, `rings` bands, fan caps. */
function cylinder(r: number, h: number, sides: number, rings: number) {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= rings; i++)
    for (let j = 0; j < sides; j++) {
      const phi = (2 * Math.PI * j) / sides;
      positions.push(r * Math.cos(phi), r * Math.sin(phi), (h * i) / rings);
    }
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < sides; j++) {
      const a = i * sides + j;
      const b = i * sides + ((j + 1) % sides);
      indices.push(a, b, b + sides, a, b + sides, a + sides);
    }
  const bottom = positions.length / 3;
  positions.push(0, 0, 0, 0, 0, h);
  for (let j = 0; j < sides; j++) {
    const j1 = (j + 1) % sides;
    indices.push(bottom, j1, j);
    indices.push(bottom + 1, rings * sides + j, rings * sides + j1);
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/**
 * The outline's length, and whether it is closed: every end point (bit for bit) ends an even number of segments, two
 * away from corners the plane runs through exactly.
 */
function measure(outline: Float32Array): {
  length: number;
  closed: boolean;
  simple: boolean;
  segments: number;
} {
  let length = 0;
  const ends = new Map<string, number>();
  for (let s = 0; s < outline.length; s += 6) {
    length += Math.hypot(
      outline[s + 3]! - outline[s]!,
      outline[s + 4]! - outline[s + 1]!,
      outline[s + 5]! - outline[s + 2]!,
    );
    for (const o of [s, s + 3]) {
      const key = `${outline[o]},${outline[o + 1]},${outline[o + 2]}`;
      ends.set(key, (ends.get(key) ?? 0) + 1);
    }
  }
  const closed = [...ends.values()].every((n) => n % 2 === 0);
  const simple = [...ends.values()].every((n) => n === 2);
  return { length, closed, simple, segments: outline.length / 6 };
}

describe('sectionOutline', () => {
  it('a box cut across: a closed rectangle of the known perimeter, on the plane', () => {
    const { positions, indices } = box(10, 6, 4);
    const bvh = new TriangleBvh(positions, indices);
    const level = sectionOutline(bvh, 0, 0, 1, 1.3);
    const m = measure(level);
    expect(m.simple).toBe(true);
    expect(m.segments).toBe(32);
    expect(m.length).toBeCloseTo(32, 5);
    for (let i = 2; i < level.length; i += 3) expect(level[i]).toBeCloseTo(1.3, 6);
    // Tilted about x by 30° through the centre: a rectangle 10 × 6/cos 30°.
    const th = Math.PI / 6;
    const [ny, nz] = [-Math.sin(th), Math.cos(th)];
    const tilted = measure(sectionOutline(bvh, 0, ny, nz, ny * 3 + nz * 2));
    expect(tilted.closed).toBe(true);
    expect(tilted.length).toBeCloseTo(2 * 10 + (2 * 6) / Math.cos(th), 4);
    // A plane beside the box: nothing.
    expect(sectionOutline(bvh, 0, 0, 1, 7).length).toBe(0);
    expect(sectionOutline(bvh, 1, 0, 0, -0.5).length).toBe(0);
  });

  it('a cylinder cut across: a closed polygon of the known perimeter, and a plane through a ring of vertices too', () => {
    const sides = 96;
    const { positions, indices } = cylinder(5, 10, sides, 20);
    const bvh = new TriangleBvh(positions, indices);
    const polygon = sides * 2 * 5 * Math.sin(Math.PI / sides);
    for (const z of [3.3, 5 /* exactly through ring 10's vertices */]) {
      const m = measure(sectionOutline(bvh, 0, 0, 1, z));
      expect(m.closed).toBe(true);
      if (z === 3.3) expect(m.simple).toBe(true);
      expect(m.length).toBeCloseTo(polygon, 4);
    }
    // Along the axis: two lines of 10 mm and the two cap diameters.
    const along = measure(sectionOutline(bvh, 1, 0, 0, 0.01));
    expect(along.closed).toBe(true);
    expect(along.length).toBeGreaterThan(2 * 10 + 2 * 9.9);
    expect(along.length).toBeLessThan(2 * 10 + 2 * 10);
  });

  it('a closed jaw: closed loops, only from triangles the plane crosses', () => {
    const jaw = archJaw({ triangles: 40_000, seed: 2, closed: true });
    const bvh = new TriangleBvh(jaw.positions, jaw.indices!);
    const out = sectionOutline(bvh, 0.3, 0.2, 0.93, 4);
    const m = measure(out);
    expect(m.segments).toBeGreaterThan(100);
    expect(m.closed).toBe(true);
    const len = Math.hypot(0.3, 0.2, 0.93);
    for (let i = 0; i < out.length; i += 3)
      expect(Math.abs(0.3 * out[i]! + 0.2 * out[i + 1]! + 0.93 * out[i + 2]! - 4) / len).toBeLessThan(1e-4);
  });
});
