import { describe, expect, it } from 'vitest';
import { readMesh } from './detect.ts';
import { meshError, obj, plyAscii, plyBinary, plyGrid, stlAscii, stlBinary } from './fixtures.ts';
import { createStreamReader } from './stream.ts';

/** Feeds `bytes` in chunks of `size` and returns the mesh and the progress seen after each chunk. */
const stream = (bytes: Uint8Array, size: number, options?: { size?: number }) => {
  const reader = createStreamReader(options);
  const progress: number[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    reader.push(bytes.subarray(at, at + size));
    progress.push(reader.progress());
  }
  return { mesh: reader.end(), progress };
};

const FILES: [string, Uint8Array][] = [
  ['binary PLY little endian', plyBinary(true)],
  ['binary PLY big endian', plyBinary(false, 'ushort', 'uint')],
  ['a bigger binary PLY', plyGrid(120)],
  ['a bigger big endian PLY', plyGrid(40, false)],
  ['binary STL', stlBinary('binary', 3000)],
  ['binary STL whose header starts with solid', stlBinary('solid x\nfacet', 5)],
  ['ascii PLY', plyAscii],
  ['ascii STL', stlAscii],
  ['OBJ', obj],
];

describe('createStreamReader', () => {
  for (const [name, bytes] of FILES) {
    it(`reads ${name} in 1, 7 and 64 KiB chunks as readMesh does`, () => {
      const whole = readMesh(bytes);
      for (const size of [1, 7, 65536]) expect(stream(bytes, size).mesh).toEqual(whole);
      expect(stream(bytes, 7, { size: bytes.length }).mesh).toEqual(whole);
    });
  }

  it('reports progress from the header: rising to 1', () => {
    for (const bytes of [plyGrid(120), stlBinary('b', 3000)]) {
      const { progress } = stream(bytes, 65536);
      expect(progress.at(-1)).toBe(1);
      expect(progress[0]).toBeGreaterThan(0);
      expect(progress[0]).toBeLessThan(1);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    }
  });

  it('keeps no more than an unfinished record between chunks', () => {
    // Indirectly: a 64 KiB chunked read of a large file works and the result matches; errors match too.
    const cut = plyGrid(50).subarray(0, 20000);
    expect(meshError(() => stream(cut, 7).mesh).code).toBe('truncated');
    const stl = stlBinary('b', 10);
    expect(meshError(() => stream(stl.subarray(0, stl.length - 3), 1).mesh).code).toBe('truncated');
    const longer = new Uint8Array(stl.length + 60);
    longer.set(stl);
    expect(meshError(() => stream(longer, 64).mesh).code).toBe('bad-count');
  });

  it('checks a PLY header against the size when told it (too-large before allocating)', () => {
    const bytes = new TextEncoder().encode(
      'ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n',
    );
    const reader = createStreamReader({ size: 200 });
    expect(meshError(() => reader.push(bytes)).code).toBe('too-large');
  });

  it('throws the same errors as readMesh for short or unknown input', () => {
    expect(meshError(() => stream(new Uint8Array([1, 2, 3]), 1).mesh).code).toBe('unknown-format');
    expect(meshError(() => stream(new TextEncoder().encode('ply\nformat ascii 1.0\n'), 1).mesh).code).toBe(
      'bad-header',
    );
  });
});
