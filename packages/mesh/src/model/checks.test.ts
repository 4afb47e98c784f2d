import { describe, expect, it } from 'vitest';
import type { Mesh } from '../mesh.ts';
import { weld } from '../write/weld.ts';
import { cubeSoup } from '../write/testing.ts';
import { checkMesh } from './checks.ts';
import { earClip } from './earclip.ts';
import { boundaryLoops, buildEdges, orient } from './topology.ts';

const cube = (): Mesh => weld(cubeSoup());

describe('checkMesh', () => {
  it('finds a unit cube soup closed, outward and of volume 1 (welding the soup first)', () => {
    const soup = cubeSoup();
    const c = checkMesh(soup);
    expect(c).toMatchObject({ triangles: 12, boundaryEdges: 0, nonManifoldEdges: 0, watertight: true });
    expect(c.consistentlyOriented).toBe(true);
    expect(Math.abs(c.volume)).toBeCloseTo(1, 6);
  });

  it('counts the open edges of a cube without its last face', () => {
    const m = cube();
    const c = checkMesh({ positions: m.positions, indices: m.indices!.subarray(0, 30) });
    expect(c.boundaryEdges).toBe(4);
    expect(c.watertight).toBe(false);
  });

  it('sees one flipped triangle, and three triangles on one edge', () => {
    const m = cube();
    const flipped = m.indices!.slice();
    [flipped[1], flipped[2]] = [flipped[2]!, flipped[1]!];
    expect(checkMesh({ positions: m.positions, indices: flipped }).consistentlyOriented).toBe(false);
    const extra = new Uint32Array(39);
    extra.set(m.indices!);
    extra.set(m.indices!.subarray(0, 3), 36);
    const c = checkMesh({ positions: m.positions, indices: extra });
    expect(c.nonManifoldEdges).toBe(3);
    expect(c.watertight).toBe(false);
  });

  it('turns the sign of the volume with the winding', () => {
    const m = cube();
    const before = checkMesh(m).volume;
    const inv = m.indices!.slice();
    for (let t = 0; t < inv.length; t += 3) [inv[t + 1], inv[t + 2]] = [inv[t + 2]!, inv[t + 1]!];
    expect(checkMesh({ positions: m.positions, indices: inv }).volume).toBeCloseTo(-before, 9);
  });
});

describe('topology', () => {
  it('orients a cube whose faces were flipped at random, and finds no loops on it', () => {
    const m = cube();
    const idx = m.indices!.slice();
    for (const t of [0, 3, 4, 7, 11]) [idx[t * 3 + 1], idx[t * 3 + 2]] = [idx[t * 3 + 2]!, idx[t * 3 + 1]!];
    const edges = buildEdges(idx);
    expect(edges.count).toBe(18);
    const o = orient(idx, edges);
    expect(o.components).toBe(1);
    expect(o.conflicts).toBe(0);
    for (let f = 0; f < 12; f++)
      if (o.flip[f]) [idx[f * 3 + 1], idx[f * 3 + 2]] = [idx[f * 3 + 2]!, idx[f * 3 + 1]!];
    expect(checkMesh({ positions: m.positions, indices: idx }).consistentlyOriented).toBe(true);
    expect(boundaryLoops(idx, edges, 8).loops).toEqual([]);
  });

  it('splits two holes that touch at a vertex into two loops', () => {
    // Two triangles meeting only at vertex 0: the boundary passes vertex 0 twice.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, -1, 0, 0, -1, -1, 0]);
    const indices = new Uint32Array([0, 1, 2, 0, 3, 4]);
    const { loops, broken } = boundaryLoops(indices, buildEdges(indices), 5);
    expect(broken).toBe(0);
    expect(loops.map((l) => l.length)).toEqual([3, 3]);
    expect(positions.length).toBe(15);
  });
});

describe('earClip', () => {
  const area = (x: Float64Array, y: Float64Array, t: Uint32Array) => {
    let sum = 0;
    for (let i = 0; i < t.length; i += 3) {
      const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]!];
      sum += ((x[b]! - x[a]!) * (y[c]! - y[a]!) - (y[b]! - y[a]!) * (x[c]! - x[a]!)) / 2;
    }
    return sum;
  };

  it('covers a non-convex polygon exactly, in the polygon direction, both ways round', () => {
    // A comb: five teeth 1 wide and 3 tall on a 9 x 1 bar; its area is 5 * 3 + 9 = 24.
    const xs = [0, 9];
    const ys = [0, 0];
    for (let k = 4; k >= 0; k--) {
      xs.push(2 * k + 1, 2 * k);
      ys.push(4, 4);
      if (k > 0) {
        xs.push(2 * k, 2 * k - 1);
        ys.push(1, 1);
      }
    }
    const x = Float64Array.from(xs);
    const y = Float64Array.from(ys);
    const t = earClip(x, y);
    expect(t.length).toBe((x.length - 2) * 3);
    const total = area(x, y, t);
    for (let i = 0; i < t.length; i += 3) {
      const one = area(x, y, t.subarray(i, i + 3));
      expect(Math.sign(one) === Math.sign(total) || one === 0).toBe(true); // no triangle against the direction
    }
    expect(total).toBeCloseTo(24, 9);
    const rx = x.slice().reverse();
    const ry = y.slice().reverse();
    expect(area(rx, ry, earClip(rx, ry))).toBeCloseTo(-total, 9);
  });

  it('triangulates a long thin horseshoe band (a jaw outline) exactly', () => {
    const n = 5000;
    const x = new Float64Array(2 * n);
    const y = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const a = -1.95 + (3.9 * i) / (n - 1);
      [x[i], y[i]] = [29 * Math.sin(a), 33 * Math.cos(a)];
      [x[2 * n - 1 - i], y[2 * n - 1 - i]] = [19 * Math.sin(a), 23 * Math.cos(a)];
    }
    const t = earClip(x, y);
    expect(t.length).toBe((2 * n - 2) * 3);
    let exact = 0;
    for (let i = 0, j = 2 * n - 1; i < 2 * n; j = i++) exact += (x[j]! * y[i]! - x[i]! * y[j]!) / 2;
    expect(area(x, y, t)).toBeCloseTo(exact, 6);
    let against = 0;
    for (let i = 0; i < t.length; i += 3)
      if (Math.sign(area(x, y, t.subarray(i, i + 3))) === -Math.sign(exact)) against++;
    expect(against).toBe(0);
  });

  it('still closes an outline that crosses itself: every vertex used, n - 2 triangles', () => {
    // A figure eight (a bow tie) and a polygon touching itself at a repeated point.
    const bow = earClip(Float64Array.from([0, 2, 2, 0]), Float64Array.from([0, 2, 0, 2]));
    expect(bow.length).toBe(6);
    const xs = Float64Array.from([0, 4, 4, 2, 3, 2, 1, 2, 0]);
    const ys = Float64Array.from([0, 0, 4, 2, 3, 4, 3, 2, 4]);
    const t = earClip(xs, ys);
    expect(t.length).toBe(7 * 3);
    expect(new Set(t).size).toBe(9);
  });

  it('triangulates a 4,000-vertex wavy ring outline with every triangle facing the same way', () => {
    const n = 4000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const r = 20 + 2 * Math.sin(a * 37);
      x[i] = r * Math.cos(a);
      y[i] = r * Math.sin(a);
    }
    const t = earClip(x, y);
    let exact = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) exact += (x[j]! * y[i]! - x[i]! * y[j]!) / 2;
    expect(area(x, y, t)).toBeCloseTo(exact, 6);
    let against = 0;
    for (let i = 0; i < t.length; i += 3) if (area(x, y, t.subarray(i, i + 3)) < 0) against++;
    expect(against).toBe(0);
  });
});
