import { describe, expect, it } from 'vitest';
import { archJaw, writePly, writeStl } from '@archway/mesh';
import { meshBuffers, meshFromBytes, vertexNormals } from './mesh-data.ts';

describe('meshFromBytes', () => {
  it('reads a coloured PLY with its indices and colours, and gives every vertex a unit normal', () => {
    const jaw = archJaw({ triangles: 2_000, seed: 3 });
    const mesh = meshFromBytes(writePly(jaw));
    expect(mesh.positions.length).toBe(jaw.positions.length);
    expect(mesh.indices?.length).toBe(jaw.indices!.length);
    expect(mesh.colors?.length).toBe(mesh.positions.length);
    expect(Array.from(mesh.colors!.slice(0, 3))).toEqual(Array.from(jaw.colors!.slice(0, 3)));
    expect(mesh.normals?.length).toBe(mesh.positions.length);
    for (let i = 0; i < mesh.normals!.length; i += 3) {
      const length = Math.hypot(mesh.normals![i]!, mesh.normals![i + 1]!, mesh.normals![i + 2]!);
      expect(length).toBeCloseTo(1, 4);
    }
  });

  it('reads an STL (a triangle soup, no colours) and refuses bytes that are no mesh', () => {
    const jaw = archJaw({ triangles: 500, seed: 4 });
    const mesh = meshFromBytes(writeStl(jaw));
    expect(mesh.positions.length).toBe((jaw.indices!.length / 3) * 9);
    expect(mesh.colors).toBeUndefined();
    expect(() => meshFromBytes(new TextEncoder().encode('not a mesh at all'))).toThrow();
  });

  it('lists each buffer once, to transfer it', () => {
    const positions = new Float32Array(9);
    const mesh = { positions, normals: vertexNormals(positions) };
    expect(meshBuffers(mesh)).toEqual([positions.buffer, mesh.normals.buffer]);
  });
});

describe('vertexNormals', () => {
  it('points a triangle in the xy plane along +z (counter-clockwise) and leaves a degenerate one at zero', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    const normals = vertexNormals(positions);
    expect(Array.from(normals.slice(0, 3))).toEqual([0, 0, 1]);
    expect(Array.from(normals.slice(9, 12))).toEqual([0, 0, 0]);
  });
});
