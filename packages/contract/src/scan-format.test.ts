import { describe, expect, it } from 'vitest';
import { detectScanFormat } from './scan-format.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectScanFormat', () => {
  it('reads PLY, ASCII and binary STL, and OBJ from their content', () => {
    expect(detectScanFormat(bytes('ply\nformat binary_little_endian 1.0\n'))).toBe('ply');
    expect(detectScanFormat(bytes('solid jaw\n  facet normal 0 0 1\n'))).toBe('stl');
    expect(detectScanFormat(bytes('# scan\nv 1.0 2.0 3.0\nv 1 2 3\nf 1 2 3\n'))).toBe('obj');
    const stl = new Uint8Array(84 + 2 * 50);
    new DataView(stl.buffer).setUint32(80, 2, true);
    expect(detectScanFormat(stl, stl.length)).toBe('stl');
    expect(detectScanFormat(stl, stl.length + 1)).toBeUndefined();
  });

  it('refuses what is none of them, whatever its name would say', () => {
    expect(detectScanFormat(bytes('%PDF-1.7\n'))).toBeUndefined();
    expect(detectScanFormat(bytes('hello world\n'))).toBeUndefined();
    expect(detectScanFormat(new Uint8Array(0))).toBeUndefined();
    expect(detectScanFormat(bytes('plyx\n'))).toBeUndefined();
  });
});
