/**
 * A scan's body checked against its header before anything is stored: a file whose header declares more than its
 * bytes can hold (a PLY claiming 2³¹ vertices in 4 KB, a binary STL whose triangle count does not fit its size) is
 * refused here, from its first bytes and its whole size, without reading the rest.
 */
import { MeshError, type MeshFormat } from '../mesh.ts';
import { detectFormat } from './detect.ts';
import { checkPlySize, parsePlyHeader } from './ply.ts';
import { STL_HEADER, STL_RECORD, isAsciiStl, stlCount } from './stl.ts';

/** How many first bytes `checkScanSize` needs: a PLY header longer than this is refused. */
export const CHECK_HEAD_BYTES = 64 * 1024;

/**
 * Checks that a file of `size` bytes starting with `head` (its first CHECK_HEAD_BYTES bytes, or all of it) can hold
 * what its header declares, and answers its format. Throws a MeshError: `unknown-format` for no PLY, STL or OBJ;
 * `bad-header` for a PLY header that cannot be read (or is longer than CHECK_HEAD_BYTES); `too-large` for a PLY
 * header that declares more records than the body can hold, even with every list empty and every ascii value one
 * character; `truncated` for a binary STL whose size is not 84 + 50 × its triangle count. OBJ and ascii STL declare
 * no counts: only their format is checked.
 */
export const checkScanSize = (head: Uint8Array, size: number): MeshFormat => {
  const format = detectFormat(head, size);
  if (!format) throw new MeshError('unknown-format', 'not a PLY, STL or OBJ file');
  if (format === 'ply') {
    const header = parsePlyHeader(head.subarray(0, CHECK_HEAD_BYTES));
    if (!header) {
      throw new MeshError(
        'bad-header',
        head.length >= size
          ? 'PLY header: no end_header'
          : `PLY header: no end_header in the first ${CHECK_HEAD_BYTES} bytes`,
      );
    }
    checkPlySize(header, size - header.length);
  } else if (format === 'stl' && !isAsciiStl(head, size)) {
    const count = stlCount(head);
    if (count === undefined || size !== STL_HEADER + STL_RECORD * count)
      throw new MeshError(
        'truncated',
        `binary STL declares ${count ?? 0} triangles (${STL_HEADER + STL_RECORD * (count ?? 0)} bytes); the file has ${size}`,
      );
  }
  return format;
};
