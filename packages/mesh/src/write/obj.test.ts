import { describe, expect, it } from 'vitest';
import type { Mesh } from '../mesh.ts';
import { writeObj } from './obj.ts';
import { writePly } from './ply.ts';
import { formatFloat32 } from './text.ts';
import { cubeSoup, parseObj, parsePly } from './testing.ts';

/** A deterministic pseudo-random float32 of any magnitude. */
function floats(count: number): Float32Array {
  const bits = new Uint32Array(count);
  let s = 12345;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const t = (Math.imul(s ^ (s >>> 15), 2246822519) >>> 0) ^ (i * 2654435761);
    bits[i] = t >>> 0;
  }
  const f = new Float32Array(bits.buffer);
  for (let i = 0; i < count; i++) if (!Number.isFinite(f[i]!)) f[i] = i; // no NaN/Infinity in positions
  return f;
}

describe('formatFloat32', () => {
  it('prints every float32 so it parses back to the same float32, and short values short', () => {
    const values = floats(200_000);
    let wrong = 0;
    for (const x of values) if (Math.fround(Number(formatFloat32(x))) !== x) wrong++;
    expect(wrong).toBe(0);
    // As short as the fewest toPrecision digits that round-trip.
    for (const x of values.subarray(0, 20_000)) {
      let p = 1;
      while (Math.fround(Number(x.toPrecision(p))) !== x) p++;
      if (Number(formatFloat32(x)) !== Number(x.toPrecision(p))) wrong++;
    }
    expect(wrong).toBe(0);
    expect(
      [0.1, 0.5, -2.25, 1e-7, 100, 3.4028234663852886e38].map((x) => formatFloat32(Math.fround(x))),
    ).toEqual(['0.1', '0.5', '-2.25', '1e-7', '100', '3.4028235e+38']);
  });
});

describe('writeObj', () => {
  it('writes v lines, 1-based f lines, and floats that parse back exactly', () => {
    const positions = floats(3 * 3000);
    const indices = new Uint32Array(3000).map((_, i) => (i * 7) % 3000);
    const text = new TextDecoder().decode(writeObj({ positions, indices }));
    expect(text.split('\n').filter((l) => l.startsWith('v ')).length).toBe(3000);
    expect(text).toContain(`\nf ${indices[0]! + 1} ${indices[1]! + 1} ${indices[2]! + 1}\n`);
    const back = parseObj(new TextEncoder().encode(text));
    expect(back.positions).toEqual(positions);
    expect(back.indices).toEqual(indices);
    expect(back.colors).toBeUndefined();
  });

  it('welds a soup (the cube: 8 v lines, 12 f lines)', () => {
    const text = new TextDecoder().decode(writeObj(cubeSoup()));
    expect(text.match(/^v /gm)!.length).toBe(8);
    expect(text.match(/^f /gm)!.length).toBe(12);
    expect(text).toContain('\nv 0 0 0\n');
  });

  it('colours survive PLY → OBJ → PLY byte for byte', () => {
    const n = 256 * 3;
    const colors = new Uint8Array(n * 3).map((_, i) => (i * 37 + (i >> 8)) & 255);
    for (let b = 0; b < 256; b++) colors.set([b, 255 - b, (b * 7) & 255], b * 3); // every byte value
    const mesh: Mesh = { positions: floats(n * 3), colors, indices: new Uint32Array(n).map((_, i) => i) };
    const ply = writePly(mesh);
    const fromPly = parsePly(ply).mesh;
    const obj = writeObj(fromPly);
    const fromObj = parseObj(obj);
    expect(fromObj.colors).toEqual(colors);
    expect(writePly(fromObj)).toEqual(ply);
  });
});
