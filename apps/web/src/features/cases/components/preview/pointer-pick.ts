/**
 * Picking a point of the scan under the pointer: the ray from the camera through the pointer, in the scans' own
 * coordinates (the meshes sit untransformed in the scene), against each shown file's bounding-volume hierarchy
 * (TriangleBvh.raycast, built in the scan worker). With a section, only the kept side counts: the ray starts where
 * it enters that side and stops where it leaves it, so a point behind the cut is never picked through it.
 */
import type { TriangleBvh } from '@archway/mesh';
import { Raycaster, Vector2, Vector3, type Camera, type Plane } from 'three';

export interface PickTarget {
  fileId: string;
  bvh: TriangleBvh;
}

export interface Pick {
  fileId: string;
  point: Vector3;
  normal: Vector3;
}

const raycaster = new Raycaster();
const ndc = new Vector2();

/**
 * The ray through a pointer at (x, y) css pixels from the canvas's top left corner, of a canvas `width` × `height`.
 * Only the ray's arithmetic of Raycaster.setFromCamera is used (no three.js scene raycast).
 */
export function rayAt(camera: Camera, x: number, y: number, width: number, height: number) {
  ndc.set((x / width) * 2 - 1, -(y / height) * 2 + 1);
  raycaster.setFromCamera(ndc, camera);
  return raycaster.ray;
}

/** The nearest point of the targets on the ray o + t·d (d a unit vector), on the kept side of `clip` if given. */
export function pick(
  targets: readonly PickTarget[],
  origin: Vector3,
  direction: Vector3,
  clip: Plane | null,
): Pick | null {
  let from = 0;
  let to = Infinity;
  if (clip) {
    // three.js keeps the side where n·p + constant ≥ 0.
    const s = clip.normal.dot(origin) + clip.constant;
    const rate = clip.normal.dot(direction);
    if (s < 0) {
      if (rate <= 0) return null;
      from = -s / rate;
    } else if (rate < 0) to = -s / rate;
  }
  const ox = origin.x + direction.x * from;
  const oy = origin.y + direction.y * from;
  const oz = origin.z + direction.z * from;
  let best: Pick | null = null;
  let bestT = to - from;
  for (const { fileId, bvh } of targets) {
    if (!bvh.raycast(ox, oy, oz, direction.x, direction.y, direction.z, bestT)) continue;
    if (bvh.hitT > bestT) continue;
    bestT = bvh.hitT;
    const [px, py, pz] = bvh.point;
    const [nx, ny, nz] = bvh.hitNormal;
    best = { fileId, point: new Vector3(px, py, pz), normal: new Vector3(nx, ny, nz) };
  }
  return best;
}
