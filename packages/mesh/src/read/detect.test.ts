import { describe, expect, it } from 'vitest';
import { detectFormat, readMesh } from './detect.ts';
import { meshError, obj, plyAscii, plyBinary, stlAscii, stlBinary, text } from './fixtures.ts';

describe('detectFormat and readMesh', () => {
  it('tells the formats apart by content', () => {
    expect(detectFormat(plyAscii)).toBe('ply');
    expect(detectFormat(plyBinary(false))).toBe('ply');
    expect(detectFormat(stlAscii)).toBe('stl');
    expect(detectFormat(stlBinary())).toBe('stl');
    expect(detectFormat(obj)).toBe('obj');
    expect(detectFormat(text('# only a comment\n\nv 1 2 3\n'))).toBe('obj');
  });

  it('reads a binary STL whose header starts with "solid" as binary when its size fits its count', () => {
    const bytes = stlBinary('solid two\nfacet');
    expect(detectFormat(bytes, bytes.length)).toBe('stl');
    expect(readMesh(bytes).positions.length).toBe(18);
  });

  it('reads each format', () => {
    expect(readMesh(plyAscii).indices!.length).toBe(9);
    expect(readMesh(stlAscii).positions.length).toBe(18);
    expect(readMesh(stlBinary()).positions.length).toBe(18);
    expect(readMesh(obj).indices!.length).toBe(15);
  });

  it('unknown-format: anything else', () => {
    for (const bytes of [
      new Uint8Array(0),
      text('hello world\n'),
      new Uint8Array([0, 1, 2]),
      text('<html></html>'),
    ]) {
      expect(detectFormat(bytes, bytes.length)).toBeUndefined();
      const e = meshError(() => readMesh(bytes));
      expect(e.code).toBe('unknown-format');
      expect(e.message).toBe('not a PLY, STL or OBJ file');
    }
  });
});
