import { describe, expect, it } from 'vitest';
import { CHECK_HEAD_BYTES, checkScanSize } from './check.ts';
import {
  concat,
  meshError,
  obj,
  plyAscii,
  plyBinary,
  plyGrid,
  stlAscii,
  stlBinary,
  text,
} from './fixtures.ts';

const whole = (bytes: Uint8Array) => checkScanSize(bytes.subarray(0, CHECK_HEAD_BYTES), bytes.length);

describe('checkScanSize: a scan body against its header', () => {
  it('passes well-formed files of every format and answers their format', () => {
    expect(whole(plyAscii)).toBe('ply');
    expect(whole(plyBinary(true))).toBe('ply');
    expect(whole(plyBinary(false))).toBe('ply');
    expect(whole(plyGrid(40))).toBe('ply');
    expect(whole(stlBinary())).toBe('stl');
    expect(whole(stlAscii)).toBe('stl');
    expect(whole(obj)).toBe('obj');
  });

  it('refuses a PLY whose header declares 2³¹ vertices in a 4 KB body, without reading the body', () => {
    const header = text(
      'ply\nformat binary_little_endian 1.0\nelement vertex 2147483648\nproperty float x\n' +
        'property float y\nproperty float z\nelement face 0\nproperty list uchar int vertex_indices\nend_header\n',
    );
    const file = concat(header, new Uint8Array(4096));
    expect(meshError(() => whole(file)).code).toBe('too-large');
    // Only the first bytes are read: with a size that holds the vertices, the same header passes.
    expect(checkScanSize(header, header.length + 12 * 2 ** 31)).toBe('ply');
  });

  it('refuses a PLY cut short (binary and ascii) and a binary STL whose count does not fit its size', () => {
    // A lower bound (every list empty): a body short of even the vertices is refused.
    const grid = plyGrid(40);
    expect(meshError(() => whole(grid.subarray(0, 2000))).code).toBe('too-large');
    const ascii = new TextDecoder().decode(plyAscii).replace(/element vertex \d+/, 'element vertex 500');
    expect(meshError(() => whole(text(ascii))).code).toBe('too-large');
    const stl = stlBinary('binary', 2);
    const lying = stl.slice();
    new DataView(lying.buffer).setUint32(80, 2 ** 31, true);
    expect(meshError(() => whole(lying)).code).toBe('truncated');
  });

  it('refuses what is no scan and a PLY header that never ends', () => {
    expect(meshError(() => whole(text('%PDF-1.7\n' + 'x'.repeat(200)))).code).toBe('unknown-format');
    const endless = text('ply\nformat ascii 1.0\n' + 'comment padding\n'.repeat(5000));
    expect(meshError(() => checkScanSize(endless.subarray(0, CHECK_HEAD_BYTES), endless.length)).code).toBe(
      'bad-header',
    );
  });
});
