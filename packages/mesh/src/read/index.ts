/** The readers: PLY, STL and OBJ from bytes, format detection, and a streaming reader for binary PLY and STL. */
export { readPly } from './ply.ts';
export { readStl } from './stl.ts';
export { readObj } from './obj.ts';
export { detectFormat, readMesh } from './detect.ts';
export { createStreamReader, type StreamReader } from './stream.ts';
export { CHECK_HEAD_BYTES, checkScanSize } from './check.ts';
