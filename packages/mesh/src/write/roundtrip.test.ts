import { describe, expect, it } from 'vitest';
import { archJaw } from '../fixtures/jaw.ts';
import { triangleCount } from '../mesh.ts';
import { readObj, readPly, readStl } from '../read/index.ts';
import { convert } from './convert.ts';
import { weld } from './weld.ts';

const same = (a: ArrayLike<number>, b: ArrayLike<number> | undefined) =>
  !!b && a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => Object.is(x, b[i]));

/** The writers read back by the package's own readers, on the jaw fixture. */
describe('write → read', () => {
  const jaw = archJaw({ triangles: 30_000, seed: 3 });

  it('PLY binary and ASCII: positions, colours and indices exactly', () => {
    for (const ascii of [false, true]) {
      const back = readPly(convert(jaw, 'ply', { ascii }));
      expect(same(back.positions, jaw.positions)).toBe(true);
      expect(same(back.colors!, jaw.colors)).toBe(true);
      expect(same(back.indices!, jaw.indices)).toBe(true);
    }
  });

  it('OBJ: positions, colours and indices exactly', () => {
    const back = readObj(convert(jaw, 'obj'));
    expect(same(back.positions, jaw.positions)).toBe(true);
    expect(same(back.colors!, jaw.colors)).toBe(true);
    expect(same(back.indices!, jaw.indices)).toBe(true);
  });

  it('STL binary and ASCII: the same triangles, which weld back to the jaw', () => {
    for (const ascii of [false, true]) {
      const back = readStl(convert(jaw, 'stl', { ascii }));
      expect(triangleCount(back)).toBe(triangleCount(jaw));
      const corners = (m: typeof jaw) => {
        const out = new Float32Array(triangleCount(m) * 9);
        for (let c = 0; c < out.length / 3; c++) {
          const v = m.indices ? m.indices[c]! : c;
          out.set(m.positions.subarray(v * 3, v * 3 + 3), c * 3);
        }
        return out;
      };
      expect(same(corners(back), corners(jaw))).toBe(true);
      expect(weld({ positions: corners(back) }).positions.length).toBe(jaw.positions.length);
    }
  });

  it('PLY → OBJ → PLY keeps every byte', () => {
    const ply = convert(jaw, 'ply');
    expect(same(convert(readObj(convert(readPly(ply), 'obj')), 'ply'), ply)).toBe(true);
  });
});
