import { describe, expect, it } from 'vitest';
import type { Mesh } from '../mesh.ts';
import { cubeSoup, parseStl } from './testing.ts';
import { writeStl } from './stl.ts';
import { weld } from './weld.ts';

const skewed: Mesh = {
  positions: new Float32Array([0.5, -1.25, 3, 2.75, 0.1, -0.3, -1.1, 4.2, 0.7, 9, 9, 9, 9, 9, 9, 1, 2, 3]),
  indices: new Uint32Array([0, 1, 2, 3, 4, 5]),
};

describe('writeStl', () => {
  it('binary: 84 + 50n bytes, the vertices exactly, unit normals perpendicular to both edges', () => {
    const soup = cubeSoup();
    for (const mesh of [soup, weld(soup)]) {
      const bytes = writeStl(mesh);
      expect(bytes.length).toBe(84 + 50 * 12);
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).not.toBe('solid');
      const { positions, normals } = parseStl(bytes);
      expect(positions).toEqual(soup.positions);
      for (let t = 0; t < 12; t++) {
        const n = normals.subarray(t * 3, t * 3 + 3);
        const p = positions.subarray(t * 9, t * 9 + 9);
        expect(Math.hypot(n[0]!, n[1]!, n[2]!)).toBeCloseTo(1, 6);
        for (const k of [3, 6]) {
          const dot = n[0]! * (p[k]! - p[0]!) + n[1]! * (p[k + 1]! - p[1]!) + n[2]! * (p[k + 2]! - p[2]!);
          expect(Math.abs(dot)).toBeLessThan(1e-6);
        }
      }
      // The cube's faces wind outward: each normal points away from the centre.
      for (let t = 0; t < 12; t++) {
        const cx = (positions[t * 9]! + positions[t * 9 + 3]! + positions[t * 9 + 6]!) / 3 - 0.5;
        const cy = (positions[t * 9 + 1]! + positions[t * 9 + 4]! + positions[t * 9 + 7]!) / 3 - 0.5;
        const cz = (positions[t * 9 + 2]! + positions[t * 9 + 5]! + positions[t * 9 + 8]!) / 3 - 0.5;
        expect(cx * normals[t * 3]! + cy * normals[t * 3 + 1]! + cz * normals[t * 3 + 2]!).toBeGreaterThan(0);
      }
    }
  });

  it('binary: a skewed triangle gets a true unit normal, a degenerate one the zero vector', () => {
    const { positions, normals } = parseStl(writeStl(skewed));
    const n = normals.subarray(0, 3);
    expect(Math.hypot(...n)).toBeCloseTo(1, 6);
    for (const k of [3, 6]) {
      const dot = n[0]! * (positions[k]! - positions[0]!) + n[1]! * (positions[k + 1]! - positions[1]!);
      expect(Math.abs(dot + n[2]! * (positions[k + 2]! - positions[2]!))).toBeLessThan(1e-5);
    }
    expect(Array.from(normals.subarray(3, 6))).toEqual([0, 0, 0]);
  });

  it('ascii: solid archway … endsolid archway, the same numbers as the binary file', () => {
    const text = new TextDecoder().decode(writeStl(skewed, { ascii: true }));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('solid archway');
    expect(lines.at(-1)).toBe('endsolid archway');
    expect(lines.length).toBe(2 + 2 * 7);
    const binary = parseStl(writeStl(skewed));
    const vertices = lines
      .filter((l) => l.trim().startsWith('vertex'))
      .flatMap((l) => l.trim().split(' ').slice(1));
    expect(new Float32Array(vertices.map(Number))).toEqual(binary.positions);
    const normals = lines
      .filter((l) => l.includes('facet normal'))
      .flatMap((l) => l.trim().split(' ').slice(2));
    expect(new Float32Array(normals.map(Number))).toEqual(binary.normals);
    expect(lines[1]).toMatch(/^ {2}facet normal \S+ \S+ \S+$/);
    expect(lines.slice(2, 8).map((l) => l.trim().split(' ')[0])).toEqual([
      'outer',
      'vertex',
      'vertex',
      'vertex',
      'endloop',
      'endfacet',
    ]);
  });
});
