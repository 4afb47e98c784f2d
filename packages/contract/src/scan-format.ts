import type { ScanFormat } from './cases.ts';

/**
 * The format of a scan file, read from its first bytes (never from its name): PLY (`ply` magic line), binary STL
 * (an 80-byte header, then a triangle count that matches the size, when `size` is known) or ASCII STL (`solid` …
 * `facet`), OBJ (vertex lines `v x y z`). Undefined when it is none of them.
 */
export function detectScanFormat(head: Uint8Array, size?: number): ScanFormat | undefined {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 4096));
  if (/^ply\r?\n/.test(text)) return 'ply';
  if (/^\s*solid\b[^\n]*\r?\n\s*(facet|endsolid)\b/.test(text)) return 'stl';
  if (head.length >= 84) {
    const triangles = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(80, true);
    if (
      size !== undefined ? size === 84 + triangles * 50 : triangles > 0 && !text.slice(0, 84).includes('\n')
    )
      return 'stl';
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() && !l.trimStart().startsWith('#'));
  const objLine = /^(v|vn|vt|vp|f|l|o|g|s|mtllib|usemtl)\s/;
  if (objLine.test(lines[0]?.trimStart() ?? '') && lines.some((l) => /^v\s+-?[\d.]/.test(l))) return 'obj';
  return undefined;
}
