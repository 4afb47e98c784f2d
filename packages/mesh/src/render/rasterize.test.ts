import { describe, expect, it } from 'vitest';
import { archJaw } from '../fixtures/jaw.ts';
import type { Mesh } from '../mesh.ts';
import { renderImage, THUMBNAIL_VIEW, type RenderedImage } from './rasterize.ts';

const { right, up } = THUMBNAIL_VIEW;
const at = (o: number[], r: number, u: number) => [0, 1, 2].map((k) => o[k]! + r * right[k]! + u * up[k]!);

/** A right triangle facing the camera: its corner at the lower left, legs along the screen's right and up. */
function facingTriangle(colors: number[]): Mesh {
  const o = [1, 2, 3];
  return {
    positions: new Float32Array([...at(o, 0, 0), ...at(o, 2, 0), ...at(o, 0, 2)]),
    colors: new Uint8Array(colors),
    indices: new Uint32Array([0, 1, 2]),
  };
}

const pixel = (img: RenderedImage, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

const opaque = (img: RenderedImage) => {
  let n = 0;
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 255) n++;
  return n;
};

/** Pixels whose channel k clearly dominates the other two. */
const dominated = (img: RenderedImage, k: number) => {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i + 3]! < 128) continue;
    const v = img.data[i + k]!;
    if (v > 2 * img.data[i + ((k + 1) % 3)]! && v > 2 * img.data[i + ((k + 2) % 3)]!) n++;
  }
  return n;
};

describe('renderImage', () => {
  it('a triangle facing the camera fills the lower-left half of the fitted square, in its shaded colour', () => {
    const red = [255, 0, 0, 255, 0, 0, 255, 0, 0];
    const img = renderImage([facingTriangle(red)], { width: 64, height: 64 });
    expect(img.width).toBe(64);
    expect(img.data.length).toBe(64 * 64 * 4);
    // The square is the image less a 6% margin each side: 56.3 px; the triangle half of it.
    expect(Math.abs(opaque(img) - (56.32 * 56.32) / 2)).toBeLessThan(60);
    const [r, g, b, a] = pixel(img, 12, 50);
    expect(a).toBe(255);
    expect(g).toBe(0);
    expect(b).toBe(0);
    expect(r).toBeGreaterThan(200); // lit face on: ambient + head light + most of the key light
    expect(pixel(img, 50, 12)).toEqual([0, 0, 0, 0]); // beyond the hypotenuse
    expect(pixel(img, 1, 1)).toEqual([0, 0, 0, 0]); // the margin
    // Edges are smoothed: some pixels along the hypotenuse are partly covered.
    expect(img.data.some((v, i) => i % 4 === 3 && v > 0 && v < 255)).toBe(true);
  });

  it('interpolates vertex colours and draws both sides alike', () => {
    const rgb = [255, 0, 0, 0, 255, 0, 0, 0, 255];
    const front = renderImage([facingTriangle(rgb)], { width: 64, height: 64 });
    const [r, g, b] = pixel(front, 9, 53); // near the red corner
    expect(r).toBeGreaterThan(4 * Math.max(g!, b!));
    const [r2, g2, b2] = pixel(front, 50, 53); // near the green corner
    expect(g2).toBeGreaterThan(4 * Math.max(r2!, b2!));

    // The same triangle wound the other way (seen from behind), and as a soup without indices.
    const back = facingTriangle(rgb);
    back.indices = new Uint32Array([0, 2, 1]);
    expect(renderImage([back], { width: 64, height: 64 }).data).toEqual(front.data);
    const soup = facingTriangle(rgb);
    delete soup.indices;
    expect(renderImage([soup], { width: 64, height: 64 }).data).toEqual(front.data);
  });

  it('is deterministic', () => {
    const jaw = archJaw({ triangles: 20_000, seed: 3 });
    const a = renderImage([jaw], { width: 96, height: 72 });
    const b = renderImage([jaw], { width: 96, height: 72 });
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });

  it('plaster mode paints every vertex alike, unlike the colours', () => {
    const jaw = archJaw({ triangles: 20_000 });
    const colour = renderImage([jaw], { width: 96, height: 72 });
    const plaster = renderImage([jaw], { width: 96, height: 72, plaster: true });
    // Same coverage, other colours; plaster is pale (no channel far below the others).
    for (let i = 3; i < colour.data.length; i += 4) expect(plaster.data[i]).toBe(colour.data[i]);
    expect(Buffer.from(colour.data).equals(Buffer.from(plaster.data))).toBe(false);
    const pink = (img: RenderedImage) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4) if (img.data[i]! - img.data[i + 1]! > 40) n++;
      return n;
    };
    expect(pink(colour)).toBeGreaterThan(500);
    expect(pink(plaster)).toBe(0);
  });

  it('empty and degenerate input leave the background', () => {
    const background = [10, 20, 30, 255] as const;
    const none = renderImage([], { width: 8, height: 6, background });
    expect(none.data.length).toBe(8 * 6 * 4);
    for (let i = 0; i < none.data.length; i += 4)
      expect(pixel(none, (i / 4) % 8, Math.floor(i / 32))).toEqual([10, 20, 30, 255]);
    const empty: Mesh = { positions: new Float32Array(0) };
    expect(renderImage([empty], { width: 8, height: 6 }).data.every((v) => v === 0)).toBe(true);
    const flat: Mesh = { positions: new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]) }; // no area
    expect(renderImage([flat], { width: 8, height: 6 }).data.every((v) => v === 0)).toBe(true);
    const nan: Mesh = { positions: new Float32Array([NaN, 0, 0, 1, 0, 0, 0, 1, 0]) };
    expect(renderImage([nan], { width: 8, height: 6 }).data.every((v) => v === 0)).toBe(true);
    expect(() => renderImage([], { width: 0, height: 6 })).toThrow(RangeError);
    expect(() => renderImage([], { width: 1.5, height: 6 })).toThrow(RangeError);
  });

  it('skips triangles with a NaN coordinate or an index out of range, and draws the rest as before', () => {
    const red = [255, 0, 0, 255, 0, 0, 255, 0, 0];
    const alone = renderImage([facingTriangle(red)], { width: 32, height: 32 });
    const tri = facingTriangle(red);
    // Vertices 3-5 lie within the triangle's extent (every finite vertex counts in the fit).
    const p = tri.positions;
    const positions = new Float32Array([...p, NaN, 5, 5, ...p.subarray(0, 3), ...p.subarray(3, 6)]);
    const colors = new Uint8Array([...tri.colors!, 0, 255, 0, 0, 255, 0, 0, 255, 0]);
    const indices = new Uint32Array([0, 1, 2, 3, 4, 5, 0, 1, 99]);
    expect(renderImage([{ positions, colors, indices }], { width: 32, height: 32 }).data).toEqual(alone.data);
  });

  it('composites edges over the given background', () => {
    const red = [255, 0, 0, 255, 0, 0, 255, 0, 0];
    const img = renderImage([facingTriangle(red)], { width: 64, height: 64, background: [0, 0, 255, 255] });
    expect(opaque(img)).toBe(64 * 64);
    expect(pixel(img, 50, 12)).toEqual([0, 0, 255, 255]);
    // A pixel on the hypotenuse mixes red and blue.
    const mixed = [...Array(64).keys()].map((x) => pixel(img, x, 31)).find(([r, , b]) => r! > 20 && b! > 20);
    expect(mixed).toBeDefined();
  });

  it('shows a dental arch: both jaws visible, covering a good part of the thumbnail', () => {
    const lower = archJaw({ triangles: 40_000, closed: true });
    const upper = archJaw({ triangles: 40_000, closed: true, upper: true, seed: 2 });
    const img = renderImage([lower, upper], { width: 160, height: 120 });
    const covered = opaque(img) / (160 * 120);
    expect(covered).toBeGreaterThan(0.3);
    expect(covered).toBeLessThan(0.85);

    // Painted apart (lower blue, upper green), each jaw shows a good share of the image, the upper one above.
    const paint = (m: Mesh, rgb: number[]) => ({
      ...m,
      colors: new Uint8Array(m.positions.length).map((_, i) => rgb[i % 3]!),
    });
    const apart = renderImage([paint(lower, [0, 0, 255]), paint(upper, [0, 255, 0])], {
      width: 160,
      height: 120,
    });
    const blue = dominated(apart, 2);
    const green = dominated(apart, 1);
    expect(blue / (160 * 120)).toBeGreaterThan(0.1);
    expect(green / (160 * 120)).toBeGreaterThan(0.1);
    const meanRow = (k: number) => {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < apart.data.length; i += 4) {
        const v = apart.data[i + k]!;
        if (
          apart.data[i + 3]! >= 128 &&
          v > 2 * apart.data[i + ((k + 1) % 3)]! &&
          v > 2 * apart.data[i + ((k + 2) % 3)]!
        ) {
          sum += Math.floor(i / 4 / 160);
          n++;
        }
      }
      return sum / n;
    };
    expect(meanRow(1)).toBeLessThan(meanRow(2));
  });
});
