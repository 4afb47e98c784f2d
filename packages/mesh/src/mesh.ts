/**
 * The one in-memory shape every reader produces and every writer takes: typed arrays only, so a mesh moves between
 * a worker and the page without copying (transfer the buffers) and a conversion is one pass over them.
 */
export interface Mesh {
  /** x, y, z of each vertex. */
  positions: Float32Array;
  /** r, g, b (0–255) of each vertex, when the source has colours (alpha is dropped). */
  colors?: Uint8Array;
  /** nx, ny, nz of each vertex, when the source has them. */
  normals?: Float32Array;
  /**
   * Three vertex indices per triangle. Absent: every three consecutive vertices are one triangle (a "triangle soup",
   * as STL stores them).
   */
  indices?: Uint32Array;
}

export type MeshFormat = 'ply' | 'stl' | 'obj';

/** What is wrong with an input, named for the person who has to fix it (and a stable code for programs). */
export type MeshErrorCode =
  | 'unknown-format'
  | 'bad-header'
  | 'unsupported'
  | 'truncated'
  | 'bad-count'
  | 'bad-index'
  | 'bad-number'
  | 'too-large'
  | 'empty'
  | 'not-aligned'
  /** Nothing a model can be built from: no usable triangles, or a surface that cannot be closed. */
  | 'not-a-jaw';

export class MeshError extends Error {
  override name = 'MeshError';
  constructor(
    readonly code: MeshErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The number of triangles of a mesh. */
export const triangleCount = (m: Mesh): number => (m.indices ? m.indices.length / 3 : m.positions.length / 9);
