/**
 * PLY writer: binary little endian by default (float x y z, uchar red green blue when the mesh has colours, faces as
 * `list uchar int`), or ASCII. A triangle soup is welded first, so the file shares its vertices.
 */
import type { Mesh } from '../mesh.ts';
import { formatFloat32, TextSink } from './text.ts';
import { weld } from './weld.ts';

export interface PlyOptions {
  ascii?: boolean;
}

/** The header text, up to and including `end_header\n`. */
export function plyHeader(
  format: 'ascii' | 'binary_little_endian',
  vertices: number,
  faces: number,
  colours: boolean,
) {
  return [
    'ply',
    `format ${format} 1.0`,
    'comment archway',
    `element vertex ${vertices}`,
    'property float x',
    'property float y',
    'property float z',
    ...(colours ? ['property uchar red', 'property uchar green', 'property uchar blue'] : []),
    `element face ${faces}`,
    'property list uchar int vertex_indices',
    'end_header',
    '',
  ].join('\n');
}

export function writePly(input: Mesh, opts: PlyOptions = {}): Uint8Array {
  const mesh = input.indices ? input : weld(input);
  const { positions, colors } = mesh;
  const indices = mesh.indices!;
  const n = positions.length / 3;
  const m = indices.length / 3;
  const header = plyHeader(opts.ascii ? 'ascii' : 'binary_little_endian', n, m, !!colors);

  if (opts.ascii) {
    const out = new TextSink();
    out.write(header);
    for (let v = 0; v < n; v++) {
      let line = `${formatFloat32(positions[v * 3]!)} ${formatFloat32(positions[v * 3 + 1]!)} ${formatFloat32(positions[v * 3 + 2]!)}`;
      if (colors) line += ` ${colors[v * 3]} ${colors[v * 3 + 1]} ${colors[v * 3 + 2]}`;
      out.write(line + '\n');
    }
    for (let f = 0; f < m; f++)
      out.write(`3 ${indices[f * 3]} ${indices[f * 3 + 1]} ${indices[f * 3 + 2]}\n`);
    return out.bytes();
  }

  const head = new TextEncoder().encode(header);
  const stride = colors ? 15 : 12;
  const bytes = new Uint8Array(head.length + n * stride + m * 13);
  const view = new DataView(bytes.buffer);
  bytes.set(head);
  let at = head.length;
  for (let v = 0; v < n; v++) {
    view.setFloat32(at, positions[v * 3]!, true);
    view.setFloat32(at + 4, positions[v * 3 + 1]!, true);
    view.setFloat32(at + 8, positions[v * 3 + 2]!, true);
    if (colors) {
      bytes[at + 12] = colors[v * 3]!;
      bytes[at + 13] = colors[v * 3 + 1]!;
      bytes[at + 14] = colors[v * 3 + 2]!;
    }
    at += stride;
  }
  for (let f = 0; f < m; f++) {
    bytes[at] = 3;
    view.setInt32(at + 1, indices[f * 3]!, true);
    view.setInt32(at + 5, indices[f * 3 + 1]!, true);
    view.setInt32(at + 9, indices[f * 3 + 2]!, true);
    at += 13;
  }
  return bytes;
}
