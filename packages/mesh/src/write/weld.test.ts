import { describe, expect, it } from 'vitest';
import type { Mesh } from '../mesh.ts';
import { cubeSoup } from './testing.ts';
import { weld } from './weld.ts';

const corners = (m: Mesh, t: number) =>
  [0, 1, 2].map((k) => {
    const v = m.indices ? m.indices[t * 3 + k]! : t * 3 + k;
    return Array.from(m.positions.subarray(v * 3, v * 3 + 3));
  });

describe('weld', () => {
  it('turns the soup of a cube into 8 vertices and keeps every triangle', () => {
    const soup = cubeSoup();
    const w = weld(soup);
    expect(w.positions.length).toBe(24);
    expect(w.indices!.length).toBe(36);
    for (let t = 0; t < 12; t++) expect(corners(w, t)).toEqual(corners(soup, t));
  });

  it('keeps vertices apart when their colours differ, merges them when equal', () => {
    const soup = cubeSoup();
    const colors = new Uint8Array(36 * 3).fill(200);
    colors[0] = 1; // the first corner of the first triangle is a different red
    const w = weld({ ...soup, colors });
    expect(w.positions.length / 3).toBe(9);
    expect(w.colors![0]).toBe(1);
    for (let v = 1; v < 9; v++) expect(w.colors![v * 3]).toBe(200);
  });

  it('remaps the indices of an indexed mesh', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]);
    const w = weld({ positions, indices: new Uint32Array([0, 1, 2, 3, 2, 4]) });
    expect(Array.from(w.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(Array.from(w.indices!)).toEqual([0, 1, 2, 1, 2, 0]);
  });

  it('compares exact bits: -0 and 0, nearby floats stay apart', () => {
    const a = Math.fround(0.1);
    const next = new Float32Array(
      new Uint32Array([new Uint32Array(new Float32Array([a]).buffer)[0]! + 1]).buffer,
    )[0]!;
    const positions = new Float32Array([a, 0, 0, next, 0, 0, 0, 0, 0, -0, 0, 0, a, 0, 0, 0, 0, 0]);
    const w = weld({ positions });
    expect(w.positions.length / 3).toBe(4);
    expect(Array.from(w.indices!)).toEqual([0, 1, 2, 3, 0, 2]);
  });

  it('welds many vertices quickly and correctly (grid soup)', () => {
    const n = 300;
    const soup = new Float32Array(n * n * 18);
    let at = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        for (const [x, y] of [
          [i, j],
          [i + 1, j],
          [i + 1, j + 1],
          [i, j],
          [i + 1, j + 1],
          [i, j + 1],
        ])
          soup.set([x! * 0.1, y! * 0.1, 0], (at += 3) - 3);
      }
    const w = weld({ positions: soup });
    expect(w.positions.length / 3).toBe((n + 1) * (n + 1));
    let wrong = 0;
    for (let i = 0; i < w.indices!.length * 3; i++) {
      if (w.positions[w.indices![Math.floor(i / 3)]! * 3 + (i % 3)] !== soup[i]) wrong++;
    }
    expect(wrong).toBe(0);
  });
});
