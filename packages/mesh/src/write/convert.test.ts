import { describe, expect, it } from 'vitest';
import { MeshError } from '../mesh.ts';
import { convert } from './convert.ts';
import { writeObj } from './obj.ts';
import { writePly } from './ply.ts';
import { writeStl } from './stl.ts';
import { cubeSoup } from './testing.ts';

describe('convert', () => {
  it('dispatches to the writers with their options', () => {
    const cube = cubeSoup();
    expect(convert(cube, 'ply')).toEqual(writePly(cube));
    expect(convert(cube, 'ply', { ascii: true })).toEqual(writePly(cube, { ascii: true }));
    expect(convert(cube, 'stl')).toEqual(writeStl(cube));
    expect(convert(cube, 'stl', { ascii: true })).toEqual(writeStl(cube, { ascii: true }));
    expect(convert(cube, 'obj')).toEqual(writeObj(cube));
  });

  it('names an unknown format', () => {
    expect(() => convert(cubeSoup(), 'gltf' as never)).toThrow(MeshError);
  });
});
