/**
 * What a printer needs from a model, measured: every edge shared by exactly two triangles (watertight), the two
 * running it in opposite directions (consistently oriented), and the enclosed volume (positive when the triangles
 * face outward).
 */
import type { Mesh } from '../mesh.ts';
import { weld } from '../write/weld.ts';
import { buildEdges } from './topology.ts';

export interface MeshCheck {
  triangles: number;
  /** Edges only one triangle uses. */
  boundaryEdges: number;
  /** Edges more than two triangles use. */
  nonManifoldEdges: number;
  /** Every edge is shared by exactly two triangles (and there is at least one triangle). */
  watertight: boolean;
  /** Across every shared edge the two triangles run it in opposite directions. */
  consistentlyOriented: boolean;
  /** Signed volume in mm³ (the divergence theorem over the triangles): positive when they face outward. */
  volume: number;
}

/** Six times the signed volume of the tetrahedron triangle `t` (its first corner) spans with the origin. */
export function tetra(positions: Float32Array, indices: Uint32Array, t: number): number {
  const a = indices[t]! * 3;
  const b = indices[t + 1]! * 3;
  const c = indices[t + 2]! * 3;
  const ax = positions[a]!;
  const ay = positions[a + 1]!;
  const az = positions[a + 2]!;
  const bx = positions[b]!;
  const by = positions[b + 1]!;
  const bz = positions[b + 2]!;
  const cx = positions[c]!;
  const cy = positions[c + 1]!;
  const cz = positions[c + 2]!;
  return ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
}

/** The signed volume of the triangles (sum of the tetrahedra they span with the origin, in float64). */
export function signedVolume(positions: Float32Array, indices: Uint32Array): number {
  let sum = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) sum += tetra(positions, indices, t);
  return sum / 6;
}

/**
 * Checks a mesh as it is indexed; a triangle soup (no indices, as STL stores it) is welded first, since in a soup
 * no two triangles share a vertex.
 */
export function checkMesh(mesh: Mesh): MeshCheck {
  const indexed = mesh.indices ? mesh : weld({ positions: mesh.positions });
  const indices = indexed.indices!;
  const triangles = (indices.length / 3) | 0;
  const edges = buildEdges(indices);
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let consistent = true;
  for (let e = 0; e < edges.count; e++) {
    const u = edges.uses[e]!;
    if (u === 1) boundaryEdges++;
    else if (u > 2) {
      nonManifoldEdges++;
      consistent = false;
    } else if (indices[edges.first[e]!] === indices[edges.second[e]!]) consistent = false;
  }
  return {
    triangles,
    boundaryEdges,
    nonManifoldEdges,
    watertight: triangles > 0 && boundaryEdges === 0 && nonManifoldEdges === 0,
    consistentlyOriented: consistent,
    volume: signedVolume(indexed.positions, indices),
  };
}
