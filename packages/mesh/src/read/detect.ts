/**
 * Which format a file is in, from its first bytes (and its size when known), and `readMesh`, which reads any of them.
 */
import { MeshError, type Mesh, type MeshFormat } from '../mesh.ts';
import { readObj } from './obj.ts';
import { readPly } from './ply.ts';
import { STL_HEADER, STL_RECORD, isAsciiStl, readStl, stlCount } from './stl.ts';
import { latin1, looksLikeText } from './util.ts';

/** How many first bytes `detectFormat` looks at. */
export const DETECT_BYTES = 1024;

const OBJ_LINE = /^\s*(v|vn|vt|vp|f|l|p|o|g|s|mtllib|usemtl)\s/;

/** True when some line of `text` (before a partial last one) is an OBJ statement, and none is something else. */
const looksLikeObj = (text: string): boolean => {
  const lines = text.split('\n');
  if (lines.length > 1) lines.pop(); // maybe cut short
  let statements = 0;
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (!OBJ_LINE.test(t + ' ')) return false;
    statements++;
  }
  return statements > 0;
};

/**
 * The format of a file from its first bytes (`head`, best at least DETECT_BYTES of them) and, when known, its `size`;
 * undefined when it is none of them.
 */
export const detectFormat = (head: Uint8Array, size?: number): MeshFormat | undefined => {
  head = head.subarray(0, DETECT_BYTES);
  if (/^ply\r?\n/.test(latin1(head.subarray(0, 5)))) return 'ply';
  if (isAsciiStl(head, size)) return 'stl';
  const count = stlCount(head);
  if (size !== undefined && count !== undefined && size === STL_HEADER + STL_RECORD * count) return 'stl';
  const text = looksLikeText(head);
  if (text && looksLikeObj(latin1(head))) return 'obj';
  // Anything else of at least a binary STL header that is not text: a binary STL (its reader checks the count).
  if (!text && head.length >= STL_HEADER && (size === undefined || size >= STL_HEADER)) return 'stl';
  return undefined;
};

/**
 * Reads a PLY, STL or OBJ file, whichever its content says it is. `weld` makes an STL (a soup) an indexed mesh as
 * it is read; PLY and OBJ are indexed already.
 */
export const readMesh = (bytes: Uint8Array, opts: { weld?: boolean } = {}): Mesh => {
  const format = detectFormat(bytes, bytes.length);
  if (!format) throw new MeshError('unknown-format', 'not a PLY, STL or OBJ file');
  if (format === 'stl') return readStl(bytes, opts);
  return format === 'ply' ? readPly(bytes) : readObj(bytes);
};
