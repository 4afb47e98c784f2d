/**
 * STL writer: binary by default (80-byte header, uint32 triangle count, per triangle the true face normal, its three
 * vertices and a zero attribute word) or ASCII (`solid archway` … `endsolid archway`). Colours are not written.
 */
import type { Mesh } from '../mesh.ts';
import { triangleCount } from '../mesh.ts';
import { formatFloat32, TextSink } from './text.ts';

export interface StlOptions {
  ascii?: boolean;
}

const HEADER = 'archway binary STL';

/** The unit normal of triangle (a, b, c) by the right-hand rule, or 0, 0, 0 when it has no area. */
export function faceNormal(
  p: Float32Array,
  a: number,
  b: number,
  c: number,
  out: Float64Array,
): Float64Array {
  const ux = p[b * 3]! - p[a * 3]!;
  const uy = p[b * 3 + 1]! - p[a * 3 + 1]!;
  const uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
  const vx = p[c * 3]! - p[a * 3]!;
  const vy = p[c * 3 + 1]! - p[a * 3 + 1]!;
  const vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (len > 0 && len < Infinity) {
    out[0] = nx / len;
    out[1] = ny / len;
    out[2] = nz / len;
  } else out.fill(0);
  return out;
}

export function writeStl(mesh: Mesh, opts: StlOptions = {}): Uint8Array {
  const p = mesh.positions;
  const idx = mesh.indices;
  const m = triangleCount(mesh);
  const corner = idx ? (i: number) => idx[i]! : (i: number) => i;
  const nrm = new Float64Array(3);

  if (opts.ascii) {
    const out = new TextSink();
    const f = (x: number) => formatFloat32(Math.fround(x));
    out.write('solid archway\n');
    for (let t = 0; t < m; t++) {
      const a = corner(t * 3);
      const b = corner(t * 3 + 1);
      const c = corner(t * 3 + 2);
      faceNormal(p, a, b, c, nrm);
      let s = `  facet normal ${f(nrm[0]!)} ${f(nrm[1]!)} ${f(nrm[2]!)}\n    outer loop\n`;
      for (const v of [a, b, c])
        s += `      vertex ${f(p[v * 3]!)} ${f(p[v * 3 + 1]!)} ${f(p[v * 3 + 2]!)}\n`;
      out.write(s + '    endloop\n  endfacet\n');
    }
    out.write('endsolid archway\n');
    return out.bytes();
  }

  const bytes = new Uint8Array(84 + 50 * m);
  const view = new DataView(bytes.buffer);
  bytes.fill(0x20, 0, 80);
  bytes.set(new TextEncoder().encode(HEADER));
  view.setUint32(80, m, true);
  // One pass, no allocation per triangle: this loop is most of a PLY→STL conversion.
  for (let t = 0, at = 84; t < m; t++, at += 50) {
    const a = (idx ? idx[t * 3]! : t * 3) * 3;
    const b = (idx ? idx[t * 3 + 1]! : t * 3 + 1) * 3;
    const c = (idx ? idx[t * 3 + 2]! : t * 3 + 2) * 3;
    const ax = p[a]!;
    const ay = p[a + 1]!;
    const az = p[a + 2]!;
    const bx = p[b]!;
    const by = p[b + 1]!;
    const bz = p[b + 2]!;
    const cx = p[c]!;
    const cy = p[c + 1]!;
    const cz = p[c + 2]!;
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len > 0 && len < Infinity) {
      nx /= len;
      ny /= len;
      nz /= len;
    } else nx = ny = nz = 0;
    view.setFloat32(at, nx, true);
    view.setFloat32(at + 4, ny, true);
    view.setFloat32(at + 8, nz, true);
    view.setFloat32(at + 12, ax, true);
    view.setFloat32(at + 16, ay, true);
    view.setFloat32(at + 20, az, true);
    view.setFloat32(at + 24, bx, true);
    view.setFloat32(at + 28, by, true);
    view.setFloat32(at + 32, bz, true);
    view.setFloat32(at + 36, cx, true);
    view.setFloat32(at + 40, cy, true);
    view.setFloat32(at + 44, cz, true);
    // the attribute byte count (2 bytes) stays 0
  }
  return bytes;
}
