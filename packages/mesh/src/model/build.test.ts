import { describe, expect, it } from 'vitest';
import { archJaw } from '../fixtures/jaw.ts';
import { MeshError, type Mesh } from '../mesh.ts';
import { readStl } from '../read/stl.ts';
import { writeStl } from '../write/stl.ts';
import { weld } from '../write/weld.ts';
import { cubeSoup } from '../write/testing.ts';
import { buildModel, modelFrame, type BaseKind } from './build.ts';
import { checkMesh } from './checks.ts';
import { boundaryLoops, buildEdges } from './topology.ts';

const KINDS: BaseKind[] = ['horseshoe', 'solid'];

/** Closed, manifold, one winding, outward. */
function expectPrintable(m: Mesh) {
  const c = checkMesh(m);
  expect(c.boundaryEdges).toBe(0);
  expect(c.nonManifoldEdges).toBe(0);
  expect(c.watertight).toBe(true);
  expect(c.consistentlyOriented).toBe(true);
  expect(c.volume).toBeGreaterThan(0);
  expect(m.colors).toBeUndefined();
  const n = m.positions.length / 3;
  expect(m.indices!.every((i) => i < n)).toBe(true);
  return c;
}

/** The lowest vertex along `up`. */
function lowest(m: Mesh, up: readonly number[]): number {
  let min = Infinity;
  const p = m.positions;
  for (let v = 0; v < p.length; v += 3)
    min = Math.min(min, p[v]! * up[0]! + p[v + 1]! * up[1]! + p[v + 2]! * up[2]!);
  return min;
}

/** The base sits `baseHeight` below the lowest border point, within float32 rounding of the coordinates. */
function expectBaseAt(model: Mesh, scan: Mesh, baseHeight: number) {
  const frame = modelFrame(scan)!;
  expect(frame).not.toBeNull();
  const want = frame.borderMin - baseHeight;
  let size = 0;
  for (const c of model.positions) size = Math.max(size, Math.abs(c));
  expect(Math.abs(lowest(model, frame.up) - want)).toBeLessThanOrEqual(1e-6 * size); // float32 coordinates
  return frame;
}

/** A UV sphere, indexed, wound outward. */
function sphere(r: number, rings = 24, segments = 48): Mesh {
  const positions: number[] = [0, 0, r];
  for (let i = 1; i < rings; i++) {
    const th = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const ph = (2 * Math.PI * j) / segments;
      positions.push(r * Math.sin(th) * Math.cos(ph), r * Math.sin(th) * Math.sin(ph), r * Math.cos(th));
    }
  }
  positions.push(0, 0, -r);
  const south = positions.length / 3 - 1;
  const at = (i: number, j: number) => 1 + (i - 1) * segments + (j % segments);
  const idx: number[] = [];
  for (let j = 0; j < segments; j++) idx.push(0, at(1, j), at(1, j + 1));
  for (let i = 1; i + 1 < rings; i++)
    for (let j = 0; j < segments; j++)
      idx.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  for (let j = 0; j < segments; j++) idx.push(south, at(rings - 1, j + 1), at(rings - 1, j));
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(idx) };
}

const inverted = (m: Mesh): Mesh => {
  const idx = m.indices!.slice();
  for (let t = 0; t < idx.length; t += 3) [idx[t + 1], idx[t + 2]] = [idx[t + 2]!, idx[t + 1]!];
  return { positions: m.positions, indices: idx };
};

/** Rotates a mesh (a copy) by the rotation taking z to `axis`-ish: angles about x then y. */
function rotated(m: Mesh, ax: number, ay: number): Mesh {
  const p = m.positions.slice();
  const [cx, sx, cy, sy] = [Math.cos(ax), Math.sin(ax), Math.cos(ay), Math.sin(ay)];
  for (let v = 0; v < p.length; v += 3) {
    const x = p[v]!;
    const y = p[v + 1]! * cx - p[v + 2]! * sx;
    const z = p[v + 1]! * sx + p[v + 2]! * cx;
    p[v] = x * cy + z * sy;
    p[v + 1] = y;
    p[v + 2] = -x * sy + z * cy;
  }
  return { positions: p, indices: m.indices! };
}

describe('buildModel on an open jaw scan', () => {
  const jaw = archJaw({ triangles: 20_000, seed: 3 });

  it.each(KINDS)('closes it with a %s base at the asked height', (baseKind) => {
    expect(checkMesh(jaw).watertight).toBe(false);
    const model = buildModel(jaw, { baseHeight: 4, baseKind });
    const c = expectPrintable(model);
    expect(c.triangles).toBeGreaterThan(checkMesh(jaw).triangles);
    const frame = expectBaseAt(model, jaw, 4);
    // A lower jaw: up is the occlusal direction, close to +z (within a degree).
    expect(frame.up[2]).toBeGreaterThan(0.999);
    // The scan surface is kept as it was: every scan vertex is still there, at the same place.
    const have = new Set<string>();
    for (let v = 0; v < model.positions.length; v += 3) have.add(model.positions.subarray(v, v + 3).join());
    let missing = 0;
    for (let v = 0; v < jaw.positions.length; v += 3)
      if (!have.has(jaw.positions.subarray(v, v + 3).join())) missing++;
    expect(missing).toBe(0);
  });

  it('makes a solid base bigger than a horseshoe one, and a higher base bigger still', () => {
    const horseshoe = checkMesh(buildModel(jaw, { baseHeight: 4, baseKind: 'horseshoe' })).volume;
    const solid = checkMesh(buildModel(jaw, { baseHeight: 4, baseKind: 'solid' })).volume;
    const tall = checkMesh(buildModel(jaw, { baseHeight: 12, baseKind: 'horseshoe' })).volume;
    expect(solid).toBeGreaterThan(horseshoe * 1.1);
    expect(tall).toBeGreaterThan(horseshoe * 1.5);
  });

  it('puts the base above an upper jaw (teeth down)', () => {
    const upper = archJaw({ triangles: 8_000, upper: true });
    const model = buildModel(upper, { baseHeight: 6, baseKind: 'solid' });
    expectPrintable(model);
    const frame = expectBaseAt(model, upper, 6);
    expect(frame.up[2]).toBeLessThan(-0.999);
  });

  it.each(KINDS)('stands a box without a bottom on a %s base: exactly 1 + height in volume', (baseKind) => {
    const open: Mesh = { positions: cubeSoup().positions.slice(18) }; // the bottom's two triangles off
    const model = buildModel(open, { baseHeight: 2.5, baseKind });
    const c = expectPrintable(model);
    expect(c.volume).toBeCloseTo(3.5, 6);
    expect(c.triangles).toBe(10 + 8 + 2); // five faces, four walls, the bottom
    expect(modelFrame(open)).toEqual({ up: [0, 0, 1], borderMin: 0 });
    expect(lowest(model, [0, 0, 1])).toBe(-2.5);
  });

  it('reports progress up to 1, never going back', () => {
    const seen: number[] = [];
    buildModel(jaw, { baseHeight: 2, baseKind: 'horseshoe', onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
  });

  it('builds from a triangle soup (the scan as STL) and writes an STL that reads back watertight', () => {
    const soup = readStl(writeStl(jaw));
    expect(soup.indices).toBeUndefined();
    const model = buildModel(soup, { baseHeight: 3, baseKind: 'horseshoe' });
    const c = expectPrintable(model);
    expectBaseAt(model, jaw, 3);
    const back = readStl(writeStl(model));
    const again = checkMesh(back); // welded inside: exact bits survive binary STL
    expect(again).toMatchObject({ watertight: true, consistentlyOriented: true, triangles: c.triangles });
    expect(again.volume).toBeCloseTo(c.volume, 6);
  });

  it('fills a small hole in the scan as well as closing the border', () => {
    // Cut out the triangles around the highest vertex (a tooth's tip, well inside the scan).
    const idx = jaw.indices!;
    let centre = 0;
    for (let v = 0; v < jaw.positions.length / 3; v++)
      if (jaw.positions[v * 3 + 2]! > jaw.positions[centre * 3 + 2]!) centre = v;
    const kept: number[] = [];
    for (let t = 0; t < idx.length; t += 3)
      if (idx[t] !== centre && idx[t + 1] !== centre && idx[t + 2] !== centre)
        kept.push(idx[t]!, idx[t + 1]!, idx[t + 2]!);
    const holed: Mesh = { positions: jaw.positions, indices: Uint32Array.from(kept) };
    const indices = holed.indices!;
    expect(boundaryLoops(indices, buildEdges(indices), jaw.positions.length / 3).loops).toHaveLength(2);
    const model = buildModel(holed, { baseHeight: 5, baseKind: 'solid' });
    expectPrintable(model);
    expectBaseAt(model, holed, 5);
    // The hole's six triangles are replaced by four (a hexagon's ear clipping): the rest is the same base.
    const plain = checkMesh(buildModel(jaw, { baseHeight: 5, baseKind: 'solid' }));
    expect(checkMesh(model).triangles).toBe(plain.triangles - 6 + 4);
  });

  it('repairs mixed winding, a repeated triangle and a loose fragment', () => {
    const idx = jaw.indices!.slice();
    for (let t = 0; t < idx.length; t += 3 * 7) [idx[t + 1], idx[t + 2]] = [idx[t + 2]!, idx[t + 1]!];
    const n = jaw.positions.length / 3;
    const positions = new Float32Array(jaw.positions.length + 9);
    positions.set(jaw.positions);
    positions.set([100, 100, 100, 101, 100, 100, 100, 101, 100], jaw.positions.length); // a floating triangle
    const indices = new Uint32Array(idx.length + 6);
    indices.set(idx);
    indices.set(idx.subarray(300, 303), idx.length); // the same triangle twice: three triangles on its edges
    indices.set([n, n + 1, n + 2], idx.length + 3);
    const model = buildModel({ positions, indices }, { baseHeight: 5, baseKind: 'horseshoe' });
    expectPrintable(model);
    expect(lowest(model, [-1, 0, 0])).toBeGreaterThan(-60); // the fragment at x = 100..101 is gone
  });
});

/**
 * A scan with a ragged border, as a scanner leaves it: the open jaw cut along a wavy, noisy line (a staircase of
 * triangle edges, with pinches and loose crumbs) and a few triangles missing here and there (small holes).
 */
function raggedScan(seed: number): Mesh {
  const jaw = archJaw({ triangles: 20_000, seed });
  const p = jaw.positions;
  const idx = jaw.indices!;
  let s = seed * 7919;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const kept: number[] = [];
  for (let t = 0; t < idx.length; t += 3) {
    const [a, b, c] = [idx[t]! * 3, idx[t + 1]! * 3, idx[t + 2]! * 3];
    const x = (p[a]! + p[b]! + p[c]!) / 3;
    const y = (p[a + 1]! + p[b + 1]! + p[c + 1]!) / 3;
    const z = (p[a + 2]! + p[b + 2]! + p[c + 2]!) / 3;
    const cut = 1.5 + Math.sin(x * 0.7 + seed) * 0.8 + Math.cos(y * 0.9) * 0.6 + (rnd() - 0.5) * 0.6;
    if (z < cut || rnd() < 0.003) continue;
    kept.push(idx[t]!, idx[t + 1]!, idx[t + 2]!);
  }
  return { positions: p, indices: Uint32Array.from(kept) };
}

describe('buildModel on ragged scans', () => {
  it.each([
    [1, 'horseshoe'],
    [2, 'solid'],
    [3, 'horseshoe'],
  ] as const)(
    'seed %i: closes the ragged border with a %s base and fills the small holes',
    (seed, baseKind) => {
      const scan = raggedScan(seed);
      const idx = scan.indices!;
      expect(boundaryLoops(idx, buildEdges(idx), scan.positions.length / 3).loops.length).toBeGreaterThan(20);
      const model = buildModel(scan, { baseHeight: 3, baseKind });
      expectPrintable(model);
      const frame = expectBaseAt(model, scan, 3);
      expect(frame.up[2]).toBeGreaterThan(0.99);
      const back = checkMesh(readStl(writeStl(model)));
      expect(back.watertight && back.consistentlyOriented).toBe(true);
    },
  );
});

describe('buildModel on closed meshes', () => {
  it.each(KINDS)('keeps a closed jaw as it is (%s asked: no base is added)', (baseKind) => {
    const closed = archJaw({ triangles: 10_000, closed: true, seed: 2 });
    const before = checkMesh(closed);
    expect(before.watertight).toBe(true);
    const model = buildModel(closed, { baseHeight: 5, baseKind });
    const after = expectPrintable(model);
    expect(after.triangles).toBe(before.triangles);
    expect(after.volume).toBeCloseTo(before.volume, 6);
    expect(modelFrame(closed)).toBeNull();
  });

  it('turns an inside-out sphere and cube outward, with the same volume', () => {
    const ball = sphere(10);
    const v = checkMesh(ball).volume;
    expect(v).toBeGreaterThan(4000); // 4/3 pi r^3 = 4189, less the facets
    const out = buildModel(inverted(ball), { baseHeight: 5, baseKind: 'solid' });
    expect(expectPrintable(out).volume).toBeCloseTo(v, 6);
    const box = buildModel(inverted(weld(cubeSoup())), { baseHeight: 1, baseKind: 'horseshoe' });
    expect(expectPrintable(box).volume).toBeCloseTo(1, 9);
    expect(buildModel(cubeSoup(), { baseHeight: 1, baseKind: 'horseshoe' }).indices).toHaveLength(36);
  });

  it('fills the small hole of a closed jaw without a base', () => {
    const closed = archJaw({ triangles: 10_000, closed: true });
    const idx = closed.indices!;
    const holed: Mesh = { positions: closed.positions, indices: idx.subarray(6) }; // two triangles off: a quad hole
    const model = buildModel(holed, { baseHeight: 5, baseKind: 'horseshoe' });
    const c = expectPrintable(model);
    expect(c.triangles).toBe(idx.length / 3); // the quad is filled with two triangles again
    expect(c.volume).toBeCloseTo(checkMesh(closed).volume, 0);
  });
});

describe('buildModel refuses', () => {
  it('a mesh without triangles', () => {
    const none = () => buildModel({ positions: new Float32Array(0) }, { baseHeight: 5, baseKind: 'solid' });
    expect(none).toThrow(MeshError);
    try {
      none();
    } catch (e) {
      expect((e as MeshError).code).toBe('not-a-jaw');
    }
    const flat = { positions: new Float32Array(9), indices: new Uint32Array([0, 0, 1]) };
    expect(() => buildModel(flat, { baseHeight: 5, baseKind: 'solid' })).toThrow(/triangle/);
  });
});

describe('buildModel over seeds, sizes, heights and poses', () => {
  const cases = [1, 2, 3, 4, 5, 6].map((seed) => ({
    seed,
    triangles: 1_500 + seed * 2_300,
    baseHeight: [1, 30, 7.5, 2.25, 15, 4][seed - 1]!,
    baseKind: KINDS[seed % 2]!,
    upper: seed % 3 === 0,
    ax: (seed * 0.7) % 1.2,
    ay: (seed * 1.3) % 1.1,
  }));
  it.each(cases)('seed $seed: $triangles triangles, $baseKind base $baseHeight mm', (k) => {
    const jaw = archJaw({ triangles: k.triangles, seed: k.seed, upper: k.upper });
    const scan = rotated(k.seed % 2 ? inverted(jaw) : jaw, k.ax, k.ay); // half of them wound inward
    const model = buildModel(scan, { baseHeight: k.baseHeight, baseKind: k.baseKind });
    expectPrintable(model);
    const frame = expectBaseAt(model, scan, k.baseHeight);
    // Up follows the pose: the jaw's own z axis rotated the same way (sign flipped for an upper jaw).
    const z = rotated(
      { positions: new Float32Array([0, 0, 1]), indices: new Uint32Array(0) },
      k.ax,
      k.ay,
    ).positions;
    const along = frame.up[0] * z[0]! + frame.up[1] * z[1]! + frame.up[2] * z[2]!;
    expect(k.upper ? -along : along).toBeGreaterThan(0.999);
  });
});
