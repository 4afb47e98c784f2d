import { Vector3, type Box3 } from 'three';
import type { PinAnchor } from './pins.ts';
import { fitDistance } from './views.ts';

const v = (p: Vector3): [number, number, number] => [p.x, p.y, p.z];

/** An aspect so wide that the scan's height alone decides the fitting distance. */
const UNLIMITED = 1e6;

/**
 * A pin's saved camera for the canvas's aspect now: the same direction and target, the distance scaled as the
 * framing would scale it (scene.tsx's CameraRig): by how much farther the box must be, seen from that direction, to
 * fit the current width than to fit the height alone. On a wide canvas the saved camera is kept as it was; on a
 * narrower one the camera steps back so the scan is not cropped at the sides. (The pin does not keep the aspect it
 * was placed at: one placed on a narrow screen is shown no closer on a wide one.)
 */
export function fittedCamera(
  camera: PinAnchor['camera'],
  box: Box3 | null,
  aspect: number,
  /** The camera's vertical field of view, degrees. */
  fov: number,
): PinAnchor['camera'] {
  if (!box || box.isEmpty() || !(aspect > 0)) return camera;
  const target = new Vector3(...camera.target);
  const offset = new Vector3(...camera.position).sub(target);
  const unlimited = fitDistance(box, offset, fov, UNLIMITED);
  const now = fitDistance(box, offset, fov, aspect);
  if (!(unlimited > 0) || now <= unlimited) return camera;
  return { ...camera, position: v(target.addScaledVector(offset, now / unlimited)) };
}

/**
 * Which pin the camera should fly to now, or null: the pin asked for (a comment's "Show on the scan", again and again
 * on the same open page) once the scan is drawn and the pins arrived, unless it is the one already flown to. `flown`
 * is the pin asked for that was last handled; a page that stops asking (`requested` null) clears it, so asking for
 * that pin again flies again.
 */
export function pinToFly({
  requested,
  flown,
  ready,
}: {
  requested: string | null;
  flown: string | null;
  /** The scan is drawn and the case's pins are loaded. */
  ready: boolean;
}): string | null {
  if (!requested || !ready || requested === flown) return null;
  return requested;
}
