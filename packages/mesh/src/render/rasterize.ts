/**
 * A software rasteriser for case thumbnails: meshes in, RGBA pixels out, no GPU, no dependencies.
 *
 * One fixed 3/4 view (from the front of the arch, a little to the side and above; z is up, the front teeth face +y),
 * orthographic, fitted to the meshes' projected extent. Both sides of every triangle are drawn (scans are open
 * surfaces): each face is lit on the side that faces the viewer. Lighting is flat per triangle (Lambert from a key
 * light, a head light and some ambient), colours are interpolated per vertex (Gouraud). The image is drawn at twice
 * its size in each direction and box-filtered down, so edges are smooth and the alpha channel carries the coverage.
 *
 * Memory: a depth and a colour buffer at the supersampled size, nothing per vertex or per triangle; vertices are
 * transformed as their triangles are drawn. Triangles with a non-finite coordinate or an out-of-range index are
 * skipped.
 */
import type { Mesh } from '../mesh.ts';

export type Rgba = readonly [r: number, g: number, b: number, a: number];

export interface RenderOptions {
  width: number;
  height: number;
  /** Every vertex in one plaster colour instead of its own. */
  plaster?: boolean;
  /** Behind the meshes (0–255 each); transparent by default. */
  background?: Rgba;
}

export interface RenderedImage {
  width: number;
  height: number;
  /** RGBA, row by row from the top, 4 bytes per pixel. */
  data: Uint8Array;
}

/** The colour of a plaster model, used in plaster mode and for meshes without colours. */
export const PLASTER_COLOR: readonly [number, number, number] = [236, 229, 214];

/** Samples per pixel in each direction. */
const SS = 2;
/** The empty border around the fitted meshes, as a fraction of the image's smaller side. */
const MARGIN = 0.06;
const MAX_SIDE = 8192;

// Lighting, in view space (x right, y up, z toward the viewer).
const AMBIENT = 0.22;
const KEY = 0.62;
const HEAD = 0.26;
const KEY_LIGHT = normalize([-0.45, 0.65, 0.62]);

/** The camera: from the front (+y), 28° toward +x and 32° above the occlusal plane, looking at the meshes. */
const AZIMUTH = (28 * Math.PI) / 180;
const ELEVATION = (32 * Math.PI) / 180;

function normalize(v: readonly [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

/**
 * The thumbnail view's axes in world coordinates: `right` and `up` on the screen, `toward` the viewer. A point p lands
 * at (p·right, p·up) on the screen before fitting, with depth p·toward.
 */
export const THUMBNAIL_VIEW = (() => {
  const toward = normalize([
    Math.sin(AZIMUTH) * Math.cos(ELEVATION),
    Math.cos(AZIMUTH) * Math.cos(ELEVATION),
    Math.sin(ELEVATION),
  ]);
  // right = normalize(worldUp × toward), up = toward × right
  const right = normalize([-toward[1], toward[0], 0]);
  const up: [number, number, number] = [
    toward[1] * right[2] - toward[2] * right[1],
    toward[2] * right[0] - toward[0] * right[2],
    toward[0] * right[1] - toward[1] * right[0],
  ];
  return { right, up, toward } as const;
})();

function checkSide(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE) {
    throw new RangeError(`${name} must be a whole number from 1 to ${MAX_SIDE}, not ${v}`);
  }
  return v;
}

const clampByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Renders the meshes, fitted into the image, from the thumbnail view. */
export function renderImage(meshes: readonly Mesh[], opts: RenderOptions): RenderedImage {
  const width = checkSide('width', opts.width);
  const height = checkSide('height', opts.height);
  const bg = opts.background ?? [0, 0, 0, 0];
  const plaster = opts.plaster ?? false;

  const W = width * SS;
  const H = height * SS;
  const depth = new Float32Array(W * H).fill(-Infinity);
  const rgb = new Uint8Array(W * H * 3);

  const { right, up, toward } = THUMBNAIL_VIEW;
  const [rx, ry, rz] = right;
  const [ux, uy, uz] = up;
  const [tx, ty, tz] = toward;

  // Pass 1: the projected extent of every finite vertex.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const m of meshes) {
    if (triangles(m) === 0) continue;
    const p = m.positions;
    for (let i = 0; i + 2 < p.length; i += 3) {
      const x = p[i]!;
      const y = p[i + 1]!;
      const z = p[i + 2]!;
      const s = x + y + z;
      if (s - s !== 0) continue; // NaN or ±Infinity
      const sx = x * rx + y * ry + z * rz;
      const sy = x * ux + y * uy + z * uz;
      if (sx < minX) minX = sx;
      if (sx > maxX) maxX = sx;
      if (sy < minY) minY = sy;
      if (sy > maxY) maxY = sy;
    }
  }

  if (minX <= maxX) {
    // Fit: the larger of the two extents fills the image less its margin; centred.
    const margin = MARGIN * Math.min(W, H);
    const spanX = Math.max(maxX - minX, 1e-9);
    const spanY = Math.max(maxY - minY, 1e-9);
    const scale = Math.min((W - 2 * margin) / spanX, (H - 2 * margin) / spanY);
    const ox = W / 2 - ((minX + maxX) / 2) * scale;
    const oy = H / 2 + ((minY + maxY) / 2) * scale;
    // Screen x = p·right·scale + ox, screen y = oy − p·up·scale (rows go down), depth = p·toward·scale.
    const view: View = [
      rx * scale,
      ry * scale,
      rz * scale,
      ox,
      -ux * scale,
      -uy * scale,
      -uz * scale,
      oy,
      tx * scale,
      ty * scale,
      tz * scale,
    ];
    for (const m of meshes) drawMesh(m, view, plaster, W, H, depth, rgb);
  }

  return { width, height, data: resolve(width, height, depth, rgb, bg) };
}

/** The affine map to the screen: rows for x and y (3 factors and an offset each), then depth (3 factors). */
type View = [number, number, number, number, number, number, number, number, number, number, number];

function triangles(m: Mesh): number {
  return m.indices ? Math.floor(m.indices.length / 3) : Math.floor(m.positions.length / 9);
}

function drawMesh(
  m: Mesh,
  view: View,
  plaster: boolean,
  W: number,
  H: number,
  depth: Float32Array,
  rgb: Uint8Array,
): void {
  const p = m.positions;
  const idx = m.indices;
  const vertices = Math.floor(p.length / 3);
  const col = !plaster && m.colors && m.colors.length >= vertices * 3 ? m.colors : null;
  const count = triangles(m);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10] = view;
  const [pr, pg, pb] = PLASTER_COLOR;
  const normals = idx ? vertexNormals(p, idx, vertices) : null;

  for (let t = 0; t < count; t++) {
    let a: number;
    let b: number;
    let c: number;
    if (idx) {
      a = idx[t * 3]!;
      b = idx[t * 3 + 1]!;
      c = idx[t * 3 + 2]!;
      if (a >= vertices || b >= vertices || c >= vertices) continue;
    } else {
      a = t * 3;
      b = a + 1;
      c = a + 2;
    }
    const ax = p[a * 3]!;
    const ay = p[a * 3 + 1]!;
    const az = p[a * 3 + 2]!;
    const bx = p[b * 3]!;
    const by = p[b * 3 + 1]!;
    const bz = p[b * 3 + 2]!;
    const cx = p[c * 3]!;
    const cy = p[c * 3 + 1]!;
    const cz = p[c * 3 + 2]!;
    const finite = ax + ay + az + bx + by + bz + cx + cy + cz;
    if (finite - finite !== 0) continue;

    // Screen coordinates (x0, y0), (x1, y1), (x2, y2) and depths.
    const x0 = ax * m0 + ay * m1 + az * m2 + m3;
    const y0 = ax * m4 + ay * m5 + az * m6 + m7;
    const z0 = ax * m8 + ay * m9 + az * m10;
    let x1 = bx * m0 + by * m1 + bz * m2 + m3;
    let y1 = bx * m4 + by * m5 + bz * m6 + m7;
    let z1 = bx * m8 + by * m9 + bz * m10;
    let x2 = cx * m0 + cy * m1 + cz * m2 + m3;
    let y2 = cx * m4 + cy * m5 + cz * m6 + m7;
    let z2 = cx * m8 + cy * m9 + cz * m10;

    // Sample centres at (i + 0.5, j + 0.5); the triangle's box of them, clipped to the image.
    let minX = Math.ceil(Math.min(x0, x1, x2) - 0.5);
    let maxX = Math.floor(Math.max(x0, x1, x2) - 0.5);
    let minY = Math.ceil(Math.min(y0, y1, y2) - 0.5);
    let maxY = Math.floor(Math.max(y0, y1, y2) - 0.5);
    if (minX < 0) minX = 0;
    if (minY < 0) minY = 0;
    if (maxX >= W) maxX = W - 1;
    if (maxY >= H) maxY = H - 1;
    if (minX > maxX || minY > maxY) continue; // covers no sample (most triangles of a large scan at thumbnail size)

    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if (area === 0) continue;

    // Lighting: from the vertex normals when the mesh is indexed (smooth), else from the face normal (flat); either
    // way turned toward the viewer, so the back of an open surface is lit like its front. In screen space y points
    // down, so the face normal's view z is -area: the triangle faces the viewer when area < 0.
    let s0: number;
    let s1: number;
    let s2: number;
    if (normals) {
      const f = area > 0 ? -1 : 1;
      s0 = shadeOf(normals, a, f);
      s1 = shadeOf(normals, b, f);
      s2 = shadeOf(normals, c, f);
    } else {
      const ex = x1 - x0;
      const ey = -(y1 - y0);
      const ez = z1 - z0;
      const fx = x2 - x0;
      const fy = -(y2 - y0);
      const fz = z2 - z0;
      let nx = ey * fz - ez * fy;
      let ny = ez * fx - ex * fz;
      let nz = ex * fy - ey * fx;
      const len = Math.hypot(nx, ny, nz);
      nx /= len;
      ny /= len;
      nz /= len;
      if (nz < 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      s0 = s1 = s2 = shade(nx, ny, nz);
    }

    // Shaded vertex colours; b and c swap with their colours when the winding is reversed, so area > 0.
    let r0: number,
      g0: number,
      b0: number,
      r1: number,
      g1: number,
      b1: number,
      r2: number,
      g2: number,
      b2: number;
    if (col) {
      r0 = col[a * 3]! * s0;
      g0 = col[a * 3 + 1]! * s0;
      b0 = col[a * 3 + 2]! * s0;
      r1 = col[b * 3]! * s1;
      g1 = col[b * 3 + 1]! * s1;
      b1 = col[b * 3 + 2]! * s1;
      r2 = col[c * 3]! * s2;
      g2 = col[c * 3 + 1]! * s2;
      b2 = col[c * 3 + 2]! * s2;
    } else {
      r0 = pr * s0;
      g0 = pg * s0;
      b0 = pb * s0;
      r1 = pr * s1;
      g1 = pg * s1;
      b1 = pb * s1;
      r2 = pr * s2;
      g2 = pg * s2;
      b2 = pb * s2;
    }
    if (area < 0) {
      area = -area;
      let s = x1;
      x1 = x2;
      x2 = s;
      s = y1;
      y1 = y2;
      y2 = s;
      s = z1;
      z1 = z2;
      z2 = s;
      s = r1;
      r1 = r2;
      r2 = s;
      s = g1;
      g1 = g2;
      g2 = s;
      s = b1;
      b1 = b2;
      b2 = s;
    }
    const inv = 1 / area;

    // Edge functions (positive inside): w0 opposite vertex 0, etc., stepped along x.
    const a0 = (y1 - y2) * inv;
    const a1 = (y2 - y0) * inv;
    const a2 = (y0 - y1) * inv;
    const sx = minX + 0.5;
    for (let j = minY; j <= maxY; j++) {
      const sy = j + 0.5;
      let w0 = ((x2 - x1) * (sy - y1) - (y2 - y1) * (sx - x1)) * inv;
      let w1 = ((x0 - x2) * (sy - y2) - (y0 - y2) * (sx - x2)) * inv;
      let w2 = ((x1 - x0) * (sy - y0) - (y1 - y0) * (sx - x0)) * inv;
      let at = j * W + minX;
      for (let i = minX; i <= maxX; i++, at++, w0 += a0, w1 += a1, w2 += a2) {
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * z0 + w1 * z1 + w2 * z2;
        if (z <= depth[at]!) continue;
        depth[at] = z;
        const o = at * 3;
        rgb[o] = clampByte(w0 * r0 + w1 * r1 + w2 * r2);
        rgb[o + 1] = clampByte(w0 * g0 + w1 * g1 + w2 * g2);
        rgb[o + 2] = clampByte(w0 * b0 + w1 * b1 + w2 * b2);
      }
    }
  }
}

/** Light reaching a surface of view-space unit normal n: ambient, a head light and a key light from the upper left. */
function shade(nx: number, ny: number, nz: number): number {
  const key = nx * KEY_LIGHT[0] + ny * KEY_LIGHT[1] + nz * KEY_LIGHT[2];
  return AMBIENT + (nz > 0 ? HEAD * nz : 0) + (key > 0 ? KEY * key : 0);
}

/** shade() of vertex v's normal, negated when f is -1 (the triangle is seen from behind). */
function shadeOf(normals: Float32Array, v: number, f: number): number {
  return shade(f * normals[v * 3]!, f * normals[v * 3 + 1]!, f * normals[v * 3 + 2]!);
}

/**
 * Unit normals per vertex in view space: the area-weighted sum of its triangles' normals (by their winding), so a
 * scan's noise is smoothed and a coarse mesh shows no facets. Vertices of no valid triangle get 0, 0, 0.
 */
function vertexNormals(p: Float32Array, idx: Uint32Array, vertices: number): Float32Array {
  const n = new Float32Array(vertices * 3);
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]!;
    const b = idx[t + 1]!;
    const c = idx[t + 2]!;
    if (a >= vertices || b >= vertices || c >= vertices) continue;
    const ex = p[b * 3]! - p[a * 3]!;
    const ey = p[b * 3 + 1]! - p[a * 3 + 1]!;
    const ez = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const fx = p[c * 3]! - p[a * 3]!;
    const fy = p[c * 3 + 1]! - p[a * 3 + 1]!;
    const fz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    const nx = ey * fz - ez * fy;
    const ny = ez * fx - ex * fz;
    const nz = ex * fy - ey * fx;
    const finite = nx + ny + nz;
    if (finite - finite !== 0) continue;
    n[a * 3]! += nx;
    n[a * 3 + 1]! += ny;
    n[a * 3 + 2]! += nz;
    n[b * 3]! += nx;
    n[b * 3 + 1]! += ny;
    n[b * 3 + 2]! += nz;
    n[c * 3]! += nx;
    n[c * 3 + 1]! += ny;
    n[c * 3 + 2]! += nz;
  }
  const { right, up, toward } = THUMBNAIL_VIEW;
  for (let v = 0; v < n.length; v += 3) {
    const x = n[v]!;
    const y = n[v + 1]!;
    const z = n[v + 2]!;
    const vx = x * right[0] + y * right[1] + z * right[2];
    const vy = x * up[0] + y * up[1] + z * up[2];
    const vz = x * toward[0] + y * toward[1] + z * toward[2];
    const len = Math.hypot(vx, vy, vz);
    const k = len > 0 && Number.isFinite(len) ? 1 / len : 0;
    n[v] = vx * k;
    n[v + 1] = vy * k;
    n[v + 2] = vz * k;
  }
  return n;
}

/** Box-filters the samples down to pixels; alpha is the covered share, composited over the background. */
function resolve(width: number, height: number, depth: Float32Array, rgb: Uint8Array, bg: Rgba): Uint8Array {
  const W = width * SS;
  const out = new Uint8Array(width * height * 4);
  const samples = SS * SS;
  const bgA = bg[3] / 255;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let j = 0; j < SS; j++) {
        let at = (y * SS + j) * W + x * SS;
        for (let i = 0; i < SS; i++, at++) {
          if (depth[at] === -Infinity) continue;
          covered++;
          r += rgb[at * 3]!;
          g += rgb[at * 3 + 1]!;
          b += rgb[at * 3 + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      if (covered === 0) {
        out[o] = bg[0];
        out[o + 1] = bg[1];
        out[o + 2] = bg[2];
        out[o + 3] = bg[3];
        continue;
      }
      // Straight alpha "over": the meshes' mean colour with their coverage, then the background.
      const fa = covered / samples;
      const rest = bgA * (1 - fa);
      const oa = fa + rest;
      out[o] = clampByte((r / covered) * (fa / oa) + bg[0] * (rest / oa));
      out[o + 1] = clampByte((g / covered) * (fa / oa) + bg[1] * (rest / oa));
      out[o + 2] = clampByte((b / covered) * (fa / oa) + bg[2] * (rest / oa));
      out[o + 3] = clampByte(oa * 255);
    }
  }
  return out;
}
