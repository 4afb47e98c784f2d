/**
 * Smooth vertex normals, the one function every part computes them with (the viewer's scan worker, the comparison):
 * each triangle adds its area-weighted normal (the un-normalized cross product) to its three vertices, summed in
 * float64, then each sum is normalized (a vertex of no triangle, or of degenerate ones only, keeps 0, 0, 0). Without
 * indices (a triangle soup, as STL stores it) every vertex gets its own triangle's normal: flat shading.
 */
export function vertexNormals(positions: Float32Array, indices?: Uint32Array): Float32Array {
  const acc = new Float64Array(positions.length);
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
    acc[a] = acc[a]! + nx;
    acc[a + 1] = acc[a + 1]! + ny;
    acc[a + 2] = acc[a + 2]! + nz;
    acc[b] = acc[b]! + nx;
    acc[b + 1] = acc[b + 1]! + ny;
    acc[b + 2] = acc[b + 2]! + nz;
    acc[c] = acc[c]! + nx;
    acc[c + 1] = acc[c + 1]! + ny;
    acc[c + 2] = acc[c + 2]! + nz;
  }
  const out = new Float32Array(positions.length);
  for (let i = 0; i < out.length; i += 3) {
    const len = Math.hypot(acc[i]!, acc[i + 1]!, acc[i + 2]!);
    if (len > 0) {
      out[i] = acc[i]! / len;
      out[i + 1] = acc[i + 1]! / len;
      out[i + 2] = acc[i + 2]! / len;
    }
  }
  return out;
}
