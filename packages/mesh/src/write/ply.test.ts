import { describe, expect, it } from 'vitest';
import type { Mesh } from '../mesh.ts';
import { writePly } from './ply.ts';
import { cubeSoup, parsePly } from './testing.ts';

const coloured: Mesh = {
  positions: new Float32Array([0.1, -2.5, 3e-7, 1234.5678, 0, -0, 7, 8, 9]),
  colors: new Uint8Array([255, 0, 128, 1, 2, 3, 240, 230, 200]),
  indices: new Uint32Array([0, 1, 2]),
};

describe('writePly', () => {
  it('binary: the exact header, then float32 positions, colour bytes and uchar/int faces', () => {
    const bytes = writePly(coloured);
    const { header, mesh } = parsePly(bytes);
    expect(header).toBe(
      [
        'ply',
        'format binary_little_endian 1.0',
        'comment archway',
        'element vertex 3',
        'property float x',
        'property float y',
        'property float z',
        'property uchar red',
        'property uchar green',
        'property uchar blue',
        'element face 1',
        'property list uchar int vertex_indices',
        'end_header',
        '',
      ].join('\n'),
    );
    expect(bytes.length).toBe(header.length + 3 * 15 + 13);
    expect(mesh.positions).toEqual(coloured.positions);
    expect(Object.is(mesh.positions[5], -0)).toBe(true);
    expect(mesh.colors).toEqual(coloured.colors);
    expect(mesh.indices).toEqual(coloured.indices);
  });

  it('binary: a soup is welded (the cube: 8 vertices, 12 faces, no colour properties)', () => {
    const soup = cubeSoup();
    const { header, mesh } = parsePly(writePly(soup));
    expect(header).toContain('element vertex 8\n');
    expect(header).toContain('element face 12\n');
    expect(header).not.toContain('red');
    for (let i = 0; i < 36; i++) {
      const v = mesh.indices![i]!;
      expect(Array.from(mesh.positions.subarray(v * 3, v * 3 + 3))).toEqual(
        Array.from(soup.positions.subarray(i * 3, i * 3 + 3)),
      );
    }
  });

  it('ascii: the same header with format ascii, values that parse back exactly', () => {
    const bytes = writePly(coloured, { ascii: true });
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('ply\nformat ascii 1.0\ncomment archway\nelement vertex 3\n')).toBe(true);
    expect(
      text.endsWith('end_header\n0.1 -2.5 3e-7 255 0 128\n1234.5677 0 0 1 2 3\n7 8 9 240 230 200\n3 0 1 2\n'),
    ).toBe(true);
    const { mesh } = parsePly(bytes);
    expect(mesh.positions).toEqual(new Float32Array([0.1, -2.5, 3e-7, 1234.5678, 0, 0, 7, 8, 9]));
    expect(mesh.colors).toEqual(coloured.colors);
    expect(mesh.indices).toEqual(coloured.indices);
  });
});
