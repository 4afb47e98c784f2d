import { readMesh, type Mesh } from '@archway/mesh';

/**
 * A mesh as MeshView draws it: positions, optional triangle indices (absent: a triangle soup), optional per-vertex
 * colours (r, g, b bytes as stored in the file: drawn without colour-space conversion) and normals (computed when
 * absent).
 */
export interface MeshData {
  positions: Float32Array;
  indices?: Uint32Array;
  colors?: Uint8Array;
  normals?: Float32Array;
}

/** Smooth, area-weighted vertex normals (flat shading for a triangle soup). */
export function vertexNormals(positions: Float32Array, indices?: Uint32Array): Float32Array {
  const out = new Float32Array(positions.length);
  const count = indices ? indices.length : positions.length / 3;
  for (let t = 0; t + 2 < count; t += 3) {
    const a = (indices ? indices[t]! : t) * 3;
    const b = (indices ? indices[t + 1]! : t + 1) * 3;
    const c = (indices ? indices[t + 2]! : t + 2) * 3;
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!;
    const vy = positions[c + 1]! - positions[a + 1]!;
    const vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      out[v] = out[v]! + nx;
      out[v + 1] = out[v + 1]! + ny;
      out[v + 2] = out[v + 2]! + nz;
    }
  }
  for (let i = 0; i < out.length; i += 3) {
    const len = Math.hypot(out[i]!, out[i + 1]!, out[i + 2]!);
    if (len > 0) {
      out[i] = out[i]! / len;
      out[i + 1] = out[i + 1]! / len;
      out[i + 2] = out[i + 2]! / len;
    }
  }
  return out;
}

/** A file's bytes (PLY, STL or OBJ) as a MeshData with normals: what the worker does off the page's thread. */
export function meshFromBytes(bytes: Uint8Array): MeshData {
  const mesh: Mesh = readMesh(bytes);
  const normals =
    mesh.normals && mesh.normals.length === mesh.positions.length
      ? mesh.normals
      : vertexNormals(mesh.positions, mesh.indices);
  return { positions: mesh.positions, indices: mesh.indices, colors: mesh.colors, normals };
}

/** The distinct buffers of a mesh, to transfer (not copy) between threads. */
export function meshBuffers(mesh: MeshData): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const a of [mesh.positions, mesh.indices, mesh.colors, mesh.normals])
    if (a) buffers.add(a.buffer as ArrayBuffer);
  return [...buffers];
}
