import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { archJaw } from '@archway/mesh';
import { boxPoints, fitDistanceFrom, fitPlacement, fitPoints, FILL } from './fit.ts';

const FOV = 35;
/** The view the viewers open with: from the front, a little above the bite. */
const FRONT = new Vector3(0, 1, 0.35).normalize();

/** How far out every vertex lands on screen: the largest |x| and |y| in normalized device coordinates (−1…1). */
function reach(
  positions: Float32Array,
  target: Vector3,
  distance: number,
  direction: Vector3,
  aspect: number,
) {
  const camera = new PerspectiveCamera(FOV, aspect, distance / 100, distance * 10);
  camera.up.set(0, 0, 1);
  camera.position.copy(target).addScaledVector(direction, distance);
  camera.lookAt(target);
  camera.updateMatrixWorld();
  camera.updateProjectionMatrix();
  const p = new Vector3();
  let x = 0;
  let y = 0;
  let left = Infinity;
  let right = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    p.set(positions[i]!, positions[i + 1]!, positions[i + 2]!).project(camera);
    x = Math.max(x, Math.abs(p.x));
    y = Math.max(y, Math.abs(p.y));
    left = Math.min(left, p.x);
    right = Math.max(right, p.x);
  }
  return { x, y, left, right };
}

describe('fitting the camera to the scans', () => {
  // A jaw as a scanner gives it (some 221,000 triangles, like the real scan of the issue), opened in a wide canvas
  // (the case page at 1440) and in a tall one (a phone).
  const jaw = archJaw({ triangles: 221_803, seed: 1 });
  const points = fitPoints(jaw.positions);

  for (const [name, aspect] of [
    ['wide canvas', 1280 / 800],
    ['phone', 390 / 600],
  ] as const)
    it(`fills the canvas with a small margin, centred (${name})`, () => {
      const placed = fitPlacement(points, FRONT, FOV, aspect)!;
      const r = reach(jaw.positions, placed.target, placed.distance, FRONT, aspect);
      // Every vertex is inside, and the limiting side is filled to FILL (a point sample can miss a vertex by a hair).
      expect(Math.max(r.x, r.y)).toBeLessThanOrEqual(FILL + 0.01);
      expect(Math.max(r.x, r.y)).toBeGreaterThan(FILL - 0.02);
      // Centred: the margins on the left and the right are the same.
      expect(Math.abs(r.left + r.right)).toBeLessThan(0.02);
    });

  it('fills far more of the canvas than fitting the bounding box did (the scan at half the width)', () => {
    const aspect = 1280 / 800;
    const lo = new Vector3(Infinity, Infinity, Infinity);
    const hi = new Vector3(-Infinity, -Infinity, -Infinity);
    for (let i = 0; i < jaw.positions.length; i += 3) {
      const v = new Vector3(jaw.positions[i], jaw.positions[i + 1], jaw.positions[i + 2]);
      lo.min(v);
      hi.max(v);
    }
    const centre = lo.clone().add(hi).multiplyScalar(0.5);
    const boxed = reach(
      jaw.positions,
      centre,
      fitDistanceFrom(boxPoints(lo, hi), centre, FRONT, FOV, aspect),
      FRONT,
      aspect,
    );
    const placed = fitPlacement(points, FRONT, FOV, aspect)!;
    const fitted = reach(jaw.positions, placed.target, placed.distance, FRONT, aspect);
    expect(boxed.right - boxed.left).toBeLessThan(0.75 * (fitted.right - fitted.left));
  });

  it('keeps the extremes of a scan among its points, and no more than asked', () => {
    const many = fitPoints(jaw.positions, 300);
    expect(many.length).toBe(300 * 3);
    const xs = [];
    for (let i = 0; i < many.length; i += 3) xs.push(many[i]!);
    let max = -Infinity;
    for (let i = 0; i < jaw.positions.length; i += 3) max = Math.max(max, jaw.positions[i]!);
    expect(Math.max(...xs)).toBe(max);
    expect(fitPlacement(new Float32Array(0), FRONT, FOV, 1)).toBeNull();
  });
});
