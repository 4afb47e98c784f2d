/**
 * The viewer's framing, without React: the standard views' directions, the camera distance at which a box fills a
 * share of the view, and the eased path between two views. Scans are stored with +z up and +y towards the lips;
 * +x is the patient's left (quadrants 2 and 3, as intraoral scanners and the demo's jaws have it).
 *
 * The camera's up stays +z in every view: the orbit controls turn around the axis the camera had when they were
 * made, so a view never changes it. The occlusal views therefore look along z tilted by half a degree towards the
 * lips, which also decides which way the arch lies on screen: as if the camera had tilted from the front view (the
 * upper jaw's front teeth at the top, the lower jaw's at the bottom, as one looks into a patient's mouth), so the turn
 * between them and the front view is a pure tilt, never a spin about the vertical.
 */
import { Box3, Vector3, type Vector3Like } from 'three';
import { boxPoints, fitDistanceFrom, FILL } from '../../../../shared/viewer-core/fit.ts';

export type ViewName = 'upper' | 'lower' | 'front' | 'left' | 'right' | 'back';
export const VIEW_NAMES: readonly ViewName[] = ['upper', 'lower', 'front', 'left', 'right', 'back'];

/** The first view (and the reset's): from the front, a little above the bite. */
export const DEFAULT_DIRECTION = new Vector3(0, 1, 0.35).normalize();

const TILT = (0.5 * Math.PI) / 180;

/** From the target towards the camera, per view. */
export const VIEW_DIRECTIONS: Readonly<Record<ViewName, Vector3>> = {
  // Below the upper jaw looking up, a hair towards the lips: the front teeth at the top of the screen.
  upper: new Vector3(0, Math.sin(TILT), -Math.cos(TILT)),
  // Above the lower jaw looking down, a hair towards the lips: the front teeth at the bottom.
  lower: new Vector3(0, Math.sin(TILT), Math.cos(TILT)),
  front: new Vector3(0, 1, 0),
  left: new Vector3(1, 0, 0),
  right: new Vector3(-1, 0, 0),
  back: new Vector3(0, -1, 0),
};

export { FILL };

/**
 * The distance from the box's centre along `direction` at which the whole box, as the camera sees it (perspective,
 * vertical field of view `fov` in degrees, `aspect` = width / height), fits within `fill` of the view in both
 * directions: each of its eight corners is checked against the frustum's sides (the viewer core's fitting, fit.ts,
 * on the corners; the camera itself is fitted to the scans' points, scene.tsx).
 */
export function fitDistance(
  box: Box3,
  direction: Vector3Like,
  fov: number,
  aspect: number,
  fill = FILL,
): number {
  const centre = box.getCenter(new Vector3());
  return fitDistanceFrom(boxPoints(box.min, box.max), centre, direction, fov, aspect, fill);
}

/** Ease in and out (cubic): the camera starts and stops gently. */
export const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const NEAR_VERTICAL = Math.sin(Math.PI / 180);

/** A camera placement: where it is and what it looks at. */
export interface Placement {
  position: Vector3;
  target: Vector3;
}

/**
 * The placement at `t` (0…1, eased by the caller) on the way from `from` to `to`: the target moves in a straight
 * line, the direction turns on the sphere (azimuth the short way round, elevation linearly) and the distance changes
 * geometrically, so a turn from the front to the back passes beside the scan, never through it.
 */
export function between(from: Placement, to: Placement, t: number, out: Placement): Placement {
  const a = new Vector3().subVectors(from.position, from.target);
  const b = new Vector3().subVectors(to.position, to.target);
  const ra = a.length();
  const rb = b.length();
  const azA = Math.atan2(a.y, a.x);
  let azB = Math.atan2(b.y, b.x);
  if (azB - azA > Math.PI) azB -= 2 * Math.PI;
  if (azA - azB > Math.PI) azB += 2 * Math.PI;
  const elA = Math.asin(Math.max(-1, Math.min(1, a.z / (ra || 1))));
  const elB = Math.asin(Math.max(-1, Math.min(1, b.z / (rb || 1))));
  // A view within a degree of z has no azimuth worth keeping: it takes the other end's, so the turn is a pure tilt.
  const flatA = Math.hypot(a.x, a.y) < NEAR_VERTICAL * (ra || 1);
  const flatB = Math.hypot(b.x, b.y) < NEAR_VERTICAL * (rb || 1);
  const az0 = flatA ? azB : azA;
  const az1 = flatB ? az0 : azB;
  const az = az0 + (az1 - az0) * t;
  const el = elA + (elB - elA) * t;
  const r = ra > 0 && rb > 0 ? ra * (rb / ra) ** t : ra + (rb - ra) * t;
  out.target.lerpVectors(from.target, to.target, t);
  out.position
    .set(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el))
    .multiplyScalar(r)
    .add(out.target);
  return out;
}

/** A direction rounded to two decimals, as the viewer shows it in `data-camera` ("0.00,0.01,-1.00"). */
export function directionText(v: Vector3Like): string {
  const f = (n: number) => (Math.abs(n) < 0.005 ? 0 : n).toFixed(2);
  return `${f(v.x)},${f(v.y)},${f(v.z)}`;
}
