import { describe, expect, it } from 'vitest';
import { Box3, PerspectiveCamera, Plane, Vector3 } from 'three';
import {
  between,
  DEFAULT_DIRECTION,
  directionText,
  ease,
  FILL,
  fitDistance,
  VIEW_DIRECTIONS,
  VIEW_NAMES,
  type Placement,
} from './views.ts';
import { DEFAULT_SECTION, sectionNormal, sectionPlane } from './section-plane.ts';

const FOV = 35;
/** A jaw-sized box away from the origin. */
const box = new Box3(new Vector3(-29, -12, -3), new Vector3(29, 33, 30)).translate(new Vector3(5, -7, 2));

/** The box's corners on screen (normalized device coordinates) from a camera at `distance` along `direction`. */
function corners(direction: Vector3, distance: number, aspect: number) {
  const camera = new PerspectiveCamera(FOV, aspect, 0.1, 10_000);
  camera.up.set(0, 0, 1);
  const centre = box.getCenter(new Vector3());
  camera.position.copy(centre).addScaledVector(direction, distance);
  camera.lookAt(centre);
  camera.updateMatrixWorld();
  const out: Vector3[] = [];
  for (let i = 0; i < 8; i++)
    out.push(
      new Vector3(
        i & 1 ? box.max.x : box.min.x,
        i & 2 ? box.max.y : box.min.y,
        i & 4 ? box.max.z : box.min.z,
      ).project(camera),
    );
  return out;
}

describe('fitting the box to the view', () => {
  for (const aspect of [16 / 9, 1, 390 / 560])
    for (const name of [...VIEW_NAMES, 'default' as const])
      it(`puts every corner inside ${FILL * 100} % of the view and one on its edge (${name}, aspect ${aspect.toFixed(2)})`, () => {
        const direction = name === 'default' ? DEFAULT_DIRECTION : VIEW_DIRECTIONS[name];
        const distance = fitDistance(box, direction, FOV, aspect);
        const projected = corners(direction, distance, aspect);
        const reach = Math.max(...projected.flatMap((p) => [Math.abs(p.x), Math.abs(p.y)]));
        expect(reach).toBeCloseTo(FILL, 5);
        // Closer, and a corner leaves the share.
        const nearer = corners(direction, distance * 0.95, aspect);
        expect(Math.max(...nearer.flatMap((p) => [Math.abs(p.x), Math.abs(p.y)]))).toBeGreaterThan(FILL);
      });
});

describe('the standard views', () => {
  it('look up at the upper jaw (the lips at the top of the screen) and down on the lower one (at the bottom)', () => {
    for (const [name, looking, lips] of [
      ['upper', '0.00,-0.01,1.00', 1],
      ['lower', '0.00,-0.01,-1.00', -1],
    ] as const) {
      const camera = new PerspectiveCamera(FOV, 1, 0.1, 1000);
      camera.up.set(0, 0, 1);
      camera.position.copy(VIEW_DIRECTIONS[name]).multiplyScalar(100);
      camera.lookAt(0, 0, 0);
      camera.updateMatrixWorld();
      expect(directionText(VIEW_DIRECTIONS[name].clone().negate())).toBe(looking);
      // A point towards the lips (+y) is drawn above or below the centre.
      expect(Math.sign(new Vector3(0, 20, 0).project(camera).y)).toBe(lips);
    }
  });

  it('turn from the front to the back beside the scan, never through it, and end exactly there', () => {
    const target = new Vector3(1, 2, 3);
    const from: Placement = { position: target.clone().addScaledVector(VIEW_DIRECTIONS.front, 100), target };
    const to: Placement = { position: target.clone().addScaledVector(VIEW_DIRECTIONS.back, 80), target };
    const out: Placement = { position: new Vector3(), target: new Vector3() };
    for (let i = 0; i <= 20; i++) {
      between(from, to, ease(i / 20), out);
      expect(out.position.distanceTo(target)).toBeGreaterThanOrEqual(80 - 1e-9);
    }
    between(from, to, 1, out);
    expect(out.position.distanceTo(to.position)).toBeLessThan(1e-9);
    between(from, to, 0, out);
    expect(out.position.distanceTo(from.position)).toBeLessThan(1e-9);
  });

  it('turn between an occlusal view and the front or back as a pure tilt', () => {
    const target = new Vector3();
    const out: Placement = { position: new Vector3(), target: new Vector3() };
    for (const occlusal of ['upper', 'lower'] as const)
      for (const side of ['front', 'back'] as const) {
        const from: Placement = { position: VIEW_DIRECTIONS[occlusal].clone().multiplyScalar(50), target };
        const to: Placement = { position: VIEW_DIRECTIONS[side].clone().multiplyScalar(50), target };
        for (const t of [0.25, 0.5, 0.75]) {
          between(from, to, t, out);
          expect(Math.abs(out.position.x)).toBeLessThan(1e-9);
          expect(Math.sign(out.position.z)).toBe(occlusal === 'lower' ? 1 : -1);
        }
      }
  });
});

describe('the section plane', () => {
  const kept = (plane: Plane, p: Vector3) => plane.distanceToPoint(p) >= 0;

  it('runs from the box corner lowest along the normal (0 %) to the highest (100 %), keeping the side below', () => {
    const low = box.min.clone();
    const high = box.max.clone();
    const at = (position: number) => sectionPlane({ ...DEFAULT_SECTION, position }, box).plane;
    expect(kept(at(0), low.clone().add(new Vector3(0, 0, 1)))).toBe(false);
    expect(kept(at(100), high.clone().sub(new Vector3(0, 0, 1)))).toBe(true);
    const middle = at(50);
    const centre = box.getCenter(new Vector3());
    expect(middle.distanceToPoint(centre)).toBeCloseTo(0, 9);
    expect(kept(middle, centre.clone().add(new Vector3(0, 0, -1)))).toBe(true);
    expect(kept(middle, centre.clone().add(new Vector3(0, 0, 1)))).toBe(false);
    // The other side.
    const flipped = sectionPlane({ ...DEFAULT_SECTION, position: 50, flipped: true }, box).plane;
    expect(kept(flipped, centre.clone().add(new Vector3(0, 0, 1)))).toBe(true);
  });

  it('gives n·x = d for the outline, on the clipping plane', () => {
    for (const preset of ['horizontal', 'frontBack', 'leftRight'] as const)
      for (const tilt of [-60, 0, 25]) {
        const { normal, d, plane } = sectionPlane({ preset, tilt, position: 30, flipped: false }, box);
        expect(normal.length()).toBeCloseTo(1, 12);
        expect(normal.toArray()).toEqual(sectionNormal(preset, tilt).toArray());
        const onPlane = normal.clone().multiplyScalar(d);
        expect(plane.distanceToPoint(onPlane)).toBeCloseTo(0, 9);
      }
  });
});
