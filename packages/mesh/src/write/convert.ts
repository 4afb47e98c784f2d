/** One entry point for writing a mesh in any supported format. */
import type { Mesh, MeshFormat } from '../mesh.ts';
import { MeshError } from '../mesh.ts';
import { writeObj } from './obj.ts';
import { writePly } from './ply.ts';
import { writeStl } from './stl.ts';

export interface ConvertOptions {
  /** ASCII instead of binary, for PLY and STL (OBJ is always text). */
  ascii?: boolean;
}

export function convert(mesh: Mesh, to: MeshFormat, opts: ConvertOptions = {}): Uint8Array {
  switch (to) {
    case 'ply':
      return writePly(mesh, opts);
    case 'stl':
      return writeStl(mesh, opts);
    case 'obj':
      return writeObj(mesh);
    default:
      throw new MeshError('unknown-format', `Cannot write "${String(to)}": choose ply, stl or obj.`);
  }
}
