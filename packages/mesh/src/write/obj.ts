/**
 * OBJ writer: `v x y z [r g b]` (colours as 0–1 fractions) and `f a b c` with 1-based indices. Floats are printed
 * shortest-first so they parse back to the same float32. A triangle soup is welded first.
 */
import type { Mesh } from '../mesh.ts';
import { colourText, formatFloat32, TextSink } from './text.ts';
import { weld } from './weld.ts';

export function writeObj(input: Mesh): Uint8Array {
  const mesh = input.indices ? input : weld(input);
  const { positions, colors } = mesh;
  const indices = mesh.indices!;
  const n = positions.length / 3;
  const out = new TextSink();
  out.write('# archway\n');
  for (let v = 0; v < n; v++) {
    let line = `v ${formatFloat32(positions[v * 3]!)} ${formatFloat32(positions[v * 3 + 1]!)} ${formatFloat32(positions[v * 3 + 2]!)}`;
    if (colors)
      line += ` ${colourText[colors[v * 3]!]} ${colourText[colors[v * 3 + 1]!]} ${colourText[colors[v * 3 + 2]!]}`;
    out.write(line + '\n');
  }
  for (let i = 0; i + 2 < indices.length; i += 3) {
    out.write(`f ${indices[i]! + 1} ${indices[i + 1]! + 1} ${indices[i + 2]! + 1}\n`);
  }
  return out.bytes();
}
