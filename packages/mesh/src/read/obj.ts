/**
 * Wavefront OBJ reader: `v x y z [r g b]` (colours 0–1, kept when every vertex has them), `vn`, and `f` with `v`,
 * `v/vt`, `v//vn` or `v/vt/vn` corners, 1-based or negative (counted back from the last vertex so far); polygons are
 * fan-triangulated and every other line is ignored. When every corner names a normal, each distinct (vertex, normal)
 * pair becomes one output vertex carrying that normal; otherwise the vertices are output as they are, without normals.
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { F32Builder, U32Builder, latin1, toByte } from './util.ts';

const number = (word: string | undefined, line: number): number => {
  const v = Number(word);
  if (word === undefined || word === '' || !Number.isFinite(v) || /^[+-]?0x/i.test(word)) {
    throw new MeshError('bad-number', `OBJ line ${line}: '${(word ?? '').slice(0, 40)}' is not a number`);
  }
  return v;
};

/** A 1-based or negative OBJ index as a 0-based one, given how many items there are so far. */
const index = (word: string, count: number, what: string, line: number): number => {
  const n = Number(word);
  if (word === '' || !Number.isInteger(n) || n === 0) {
    throw new MeshError('bad-index', `OBJ line ${line}: ${what} index '${word.slice(0, 40)}' is not valid`);
  }
  const i = n > 0 ? n - 1 : count + n;
  if (i < 0 || i >= count) {
    throw new MeshError('bad-index', `OBJ line ${line}: ${what} ${n} does not exist (there are ${count})`);
  }
  return i;
};

export const readObj = (bytes: Uint8Array): Mesh => {
  const lines = latin1(bytes).split('\n');
  const positions = new F32Builder();
  const colors: number[] = [];
  let everyVertexColored = true;
  const normals = new F32Builder();
  /** Per face corner: vertex index and normal index (-1 when none). */
  const corners = new U32Builder();
  const cornerNormals: number[] = [];
  let everyCornerHasNormal = true;
  const polygon: number[] = [];
  const polygonNormals: number[] = [];

  for (const [n, raw] of lines.entries()) {
    const line = n + 1;
    const words = raw.trim().split(/\s+/);
    const key = words[0];
    if (key === 'v') {
      for (let k = 1; k <= 3; k++) positions.push(number(words[k], line));
      if (words.length >= 7) for (let k = 4; k <= 6; k++) colors.push(toByte(number(words[k], line), true));
      else everyVertexColored = false;
    } else if (key === 'vn') {
      for (let k = 1; k <= 3; k++) normals.push(number(words[k], line));
    } else if (key === 'f') {
      if (words.length < 4)
        throw new MeshError('bad-count', `OBJ line ${line}: a face needs at least 3 vertices`);
      polygon.length = 0;
      polygonNormals.length = 0;
      for (const corner of words.slice(1)) {
        const [v, , vn] = corner.split('/');
        polygon.push(index(v ?? '', positions.length / 3, 'vertex', line));
        if (vn === undefined || vn === '') {
          everyCornerHasNormal = false;
          polygonNormals.push(-1);
        } else polygonNormals.push(index(vn, normals.length / 3, 'normal', line));
      }
      for (let i = 1; i + 1 < polygon.length; i++) {
        for (const k of [0, i, i + 1]) {
          corners.push(polygon[k]!);
          cornerNormals.push(polygonNormals[k]!);
        }
      }
    }
  }

  const vertexPositions = positions.finish();
  const vertexColors = everyVertexColored && colors.length > 0 ? Uint8Array.from(colors) : undefined;
  const faceCorners = corners.finish();
  if (!everyCornerHasNormal || faceCorners.length === 0) {
    const mesh: Mesh = { positions: vertexPositions, indices: faceCorners };
    if (vertexColors) mesh.colors = vertexColors;
    return mesh;
  }

  // One output vertex per distinct (vertex, normal) pair.
  const normalValues = normals.finish();
  const pairs = new Map<string, number>();
  const outPositions = new F32Builder();
  const outNormals = new F32Builder();
  const outColors: number[] = [];
  const indices = new Uint32Array(faceCorners.length);
  for (let c = 0; c < faceCorners.length; c++) {
    const v = faceCorners[c]!;
    const vn = cornerNormals[c]!;
    const key = `${v}/${vn}`;
    let out = pairs.get(key);
    if (out === undefined) {
      out = pairs.size;
      pairs.set(key, out);
      for (let k = 0; k < 3; k++) {
        outPositions.push(vertexPositions[v * 3 + k]!);
        outNormals.push(normalValues[vn * 3 + k]!);
        if (vertexColors) outColors.push(vertexColors[v * 3 + k]!);
      }
    }
    indices[c] = out;
  }
  const mesh: Mesh = { positions: outPositions.finish(), normals: outNormals.finish(), indices };
  if (vertexColors) mesh.colors = Uint8Array.from(outColors);
  return mesh;
};
