import { describe, expect, it } from 'vitest';
import { meshError, obj, text } from './fixtures.ts';
import { readObj } from './obj.ts';

describe('readObj', () => {
  it('reads every face form, negative indices and colours; normals per (vertex, normal) pair', () => {
    const m = readObj(obj);
    // Every corner names normal 1 except the first two faces: no normals, the vertices as they are.
    expect([...m.positions]).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.5, 1]);
    expect([...m.colors!]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128, 255, 255, 255]);
    expect(m.normals).toBeUndefined();
    expect([...m.indices!]).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 3, 4, 0, 1, 0, 1, 4]);
  });

  it('gives each vertex and normal pair its own vertex when every corner has a normal', () => {
    const m = readObj(
      text('v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nvn 0 0 -1\nf 1//1 2//1 3//1\nf 1/5/2 3/5/2 -2/1/-1\n'),
    );
    expect([...m.positions]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
    expect([...m.normals!]).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -1]);
    expect([...m.indices!]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.colors).toBeUndefined();
  });

  it('drops colours unless every vertex has them, and ignores other lines', () => {
    const m = readObj(
      text('v 0 0 0 1 0 0\r\nv 1 0 0\r\nv 0 1 0 0 0 1\r\nl 1 2\r\ncurv 0 1\r\n\r\nf 1 2 3\r\n'),
    );
    expect(m.colors).toBeUndefined();
    expect([...m.indices!]).toEqual([0, 1, 2]);
  });

  describe('errors', () => {
    const tri = 'v 0 0 0\nv 1 0 0\nv 0 1 0\n';
    it('bad-index: zero, past the end, before the first, not a number, a missing normal', () => {
      const cases: [string, RegExp][] = [
        ['f 0 1 2', /line 4: vertex index '0' is not valid/],
        ['f 1 2 4', /line 4: vertex 4 does not exist \(there are 3\)/],
        ['f -4 1 2', /vertex -4 does not exist/],
        ['f a 1 2', /vertex index 'a'/],
        ['f 1//1 2//1 3//1', /normal 1 does not exist \(there are 0\)/],
      ];
      for (const [face, message] of cases) {
        const e = meshError(() => readObj(text(tri + face)));
        expect(e.code).toBe('bad-index');
        expect(e.message).toMatch(message);
      }
    });

    it('bad-number and bad-count', () => {
      let e = meshError(() => readObj(text('v 0 zero 0\n')));
      expect(e.code).toBe('bad-number');
      expect(e.message).toBe("OBJ line 1: 'zero' is not a number");
      expect(meshError(() => readObj(text('v 0 0\n'))).code).toBe('bad-number');
      expect(meshError(() => readObj(text('v 0 0 Infinity\n'))).code).toBe('bad-number');
      e = meshError(() => readObj(text(tri + 'f 1 2\n')));
      expect(e.code).toBe('bad-count');
      expect(e.message).toBe('OBJ line 4: a face needs at least 3 vertices');
    });
  });
});
