import { describe, expect, it } from 'vitest';
import { STL_POSITIONS, concat, meshError, stlAscii, stlBinary, text } from './fixtures.ts';
import { archJaw } from '../fixtures/jaw.ts';
import { weld } from '../write/weld.ts';
import { writeStl } from '../write/stl.ts';
import { readStl } from './stl.ts';

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (v: number, i: number) => Object.is(v, b[i]));

describe('readStl', () => {
  it('reads ascii (any case) as a triangle soup of positions', () => {
    const m = readStl(stlAscii);
    expect([...m.positions]).toEqual(STL_POSITIONS);
    expect(m.indices).toBeUndefined();
    expect(m.normals).toBeUndefined();
  });

  it('reads ascii with several solids and CRLF lines', () => {
    const one = new TextDecoder().decode(stlAscii).replaceAll('\n', '\r\n');
    expect([...readStl(text(one + one)).positions]).toEqual([...STL_POSITIONS, ...STL_POSITIONS]);
  });

  it('reads binary, also when its header starts with "solid"', () => {
    expect([...readStl(stlBinary()).positions]).toEqual(STL_POSITIONS);
    expect([...readStl(stlBinary('solid two\nfacet normal 0 0 1')).positions]).toEqual(STL_POSITIONS);
    expect(readStl(stlBinary('solid', 0)).positions.length).toBe(0);
  });

  it('weld: reads binary and ascii into the same indexed mesh as weld(soup), -0 and 0 kept apart', () => {
    for (const bytes of [stlBinary(), stlAscii, writeStl(archJaw({ triangles: 20_000 }))]) {
      const soup = readStl(bytes);
      const welded = readStl(bytes, { weld: true });
      const expected = weld(soup);
      expect(sameBits(welded.positions, expected.positions)).toBe(true);
      expect(sameBits(welded.indices!, expected.indices!)).toBe(true);
    }
    const jaw = readStl(writeStl(archJaw({ triangles: 20_000 })), { weld: true });
    expect(jaw.positions.length / 3).toBeLessThan(jaw.indices!.length / 3); // shared, not one per corner
    const zeros = stlBinary();
    new DataView(zeros.buffer).setFloat32(84 + 12, -0, true);
    new DataView(zeros.buffer).setFloat32(84 + 50 + 12, 0, true);
    const signed = readStl(zeros, { weld: true });
    expect(sameBits(signed.positions, weld(readStl(zeros)).positions)).toBe(true);
  });

  describe('errors', () => {
    it('truncated: a binary file shorter than its count says, or than its header', () => {
      const full = stlBinary();
      let e = meshError(() => readStl(full.subarray(0, full.length - 1)));
      expect(e.code).toBe('truncated');
      expect(e.message).toBe('binary STL declares 2 triangles (184 bytes) but has 183');
      expect(meshError(() => readStl(full.subarray(0, 50))).code).toBe('truncated');
      const huge = stlBinary('x', 0);
      new DataView(huge.buffer).setUint32(80, 4_000_000_000, true);
      e = meshError(() => readStl(huge));
      expect(e.code).toBe('truncated');
    });

    it('bad-count: a binary file longer than its count says, an ascii facet without 3 vertices', () => {
      const e = meshError(() => readStl(concat(stlBinary(), new Uint8Array(50))));
      expect(e.code).toBe('bad-count');
      expect(e.message).toBe('binary STL declares 2 triangles (184 bytes) but has 234');
      const four = new TextDecoder().decode(stlAscii).replace('vertex 1 1 0', 'vertex 1 1 0\nvertex 2 2 2');
      expect(meshError(() => readStl(text(four))).message).toMatch(/facet with 4 vertices/);
    });

    it('bad-number: NaN in binary, junk in ascii', () => {
      const nan = stlBinary();
      new DataView(nan.buffer).setFloat32(84 + 12 + 4, NaN, true);
      expect(meshError(() => readStl(nan)).code).toBe('bad-number');
      expect(meshError(() => readStl(nan, { weld: true })).message).toBe(
        'STL triangle 0 has a coordinate NaN',
      );
      const full = stlBinary();
      expect(meshError(() => readStl(full.subarray(0, full.length - 1), { weld: true })).code).toBe(
        'truncated',
      );
      const junk = new TextDecoder().decode(stlAscii).replace('-1.5e1', '1.2.3');
      const e = meshError(() => readStl(text(junk)));
      expect(e.code).toBe('bad-number');
      expect(e.message).toMatch(/'1.2.3' on line 13/);
    });

    it('truncated and unsupported ascii: no endsolid, unexpected words', () => {
      const ascii = new TextDecoder().decode(stlAscii);
      expect(meshError(() => readStl(text(ascii.slice(0, ascii.indexOf('endsolid'))))).code).toBe(
        'truncated',
      );
      expect(meshError(() => readStl(text(ascii.slice(0, 60)))).code).toBe('truncated');
      const e = meshError(() => readStl(text(ascii.replace('outer loop', 'inner loop'))));
      expect(e.code).toBe('unsupported');
      expect(e.message).toBe("ascii STL: 'outer' expected, 'inner' found on line 3");
    });
  });
});
