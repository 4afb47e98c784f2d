/**
 * Fitting the camera to the scans, for every viewer (the case viewer's camera rig, MeshView): not to the bounding
 * box, whose corners stick out far beyond a horseshoe-shaped arch and towards the camera (a 221,803-triangle scan then
 * opened at half the canvas's width), but to the scan's own silhouette, from a few thousand of its points: the
 * extreme vertex along each of 13 axes both ways (a coarse hull: whatever the view, the outline's farthest points are
 * among them or close) and an even sample of the rest. The worker picks them (`fitPoints`); the page fits them
 * (`fitPlacement`): the target is moved so that the scan sits in the middle of the canvas, and the distance is the
 * one at which every point is inside `fill` of the canvas in both directions (perspective, each point checked).
 */
import { Vector3, type Vector3Like } from 'three';

/** The share of the canvas the scans fill on the limiting side: a small margin around them. */
export const FILL = 0.9;

/** How many points a scan keeps for fitting at most (the extremes, then an even sample). */
export const FIT_POINTS = 2048;

const AXES: readonly [number, number, number][] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 1, 0],
  [1, -1, 0],
  [1, 0, 1],
  [1, 0, -1],
  [0, 1, 1],
  [0, 1, -1],
  [1, 1, 1],
  [1, 1, -1],
  [1, -1, 1],
  [-1, 1, 1],
];

/** The points a scan is fitted by: x, y, z of the extreme vertex along each axis both ways, then an even sample. */
export function fitPoints(positions: Float32Array, max = FIT_POINTS): Float32Array {
  const n = Math.floor(positions.length / 3);
  if (n === 0) return new Float32Array(0);
  const lo = new Float64Array(AXES.length).fill(Infinity);
  const hi = new Float64Array(AXES.length).fill(-Infinity);
  const loAt = new Int32Array(AXES.length);
  const hiAt = new Int32Array(AXES.length);
  const d = new Float64Array(AXES.length);
  // The 13 projections written out (a loop over the axes' arrays costs several times more on a million vertices).
  for (let v = 0; v < n; v++) {
    const x = positions[v * 3]!;
    const y = positions[v * 3 + 1]!;
    const z = positions[v * 3 + 2]!;
    d[0] = x;
    d[1] = y;
    d[2] = z;
    d[3] = x + y;
    d[4] = x - y;
    d[5] = x + z;
    d[6] = x - z;
    d[7] = y + z;
    d[8] = y - z;
    d[9] = x + y + z;
    d[10] = x + y - z;
    d[11] = x - y + z;
    d[12] = -x + y + z;
    for (let a = 0; a < 13; a++) {
      const p = d[a]!;
      if (p < lo[a]!) {
        lo[a] = p;
        loAt[a] = v;
      }
      if (p > hi[a]!) {
        hi[a] = p;
        hiAt[a] = v;
      }
    }
  }
  const chosen = [...new Set([...loAt, ...hiAt])];
  const rest = Math.max(0, max - chosen.length);
  const step = Math.max(1, Math.ceil(n / Math.max(1, rest)));
  for (let v = 0; v < n && chosen.length < max; v += step) chosen.push(v);
  const out = new Float32Array(chosen.length * 3);
  chosen.forEach((v, i) => {
    out[i * 3] = positions[v * 3]!;
    out[i * 3 + 1] = positions[v * 3 + 1]!;
    out[i * 3 + 2] = positions[v * 3 + 2]!;
  });
  return out;
}

/** Several scans' fitting points as one array. */
export function joinPoints(sets: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(sets.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of sets) {
    out.set(s, at);
    at += s.length;
  }
  return out;
}

const UP = new Vector3(0, 0, 1);

/** The camera's right and up when it looks back along `back` with up +z (as lookAt makes them). */
export function cameraAxes(back: Vector3): { right: Vector3; up: Vector3 } {
  const right = new Vector3().crossVectors(UP, back);
  if (right.lengthSq() < 1e-12) right.set(1, 0, 0);
  right.normalize();
  return { right, up: new Vector3().crossVectors(back, right).normalize() };
}

/**
 * The distance from `target` along `direction` at which every point is within `fill` of the view in both directions
 * (the target kept where it is): each point's depth towards the camera plus its offset over the frustum's slope.
 */
export function fitDistanceFrom(
  points: ArrayLike<number>,
  target: Vector3Like,
  direction: Vector3Like,
  fov: number,
  aspect: number,
  fill = FILL,
): number {
  const back = new Vector3().copy(direction).normalize();
  const { right, up } = cameraAxes(back);
  const tanV = Math.tan(((fov / 2) * Math.PI) / 180) * fill;
  const tanH = tanV * aspect;
  const p = new Vector3();
  let distance = 0;
  for (let i = 0; i + 2 < points.length; i += 3) {
    p.set(points[i]! - target.x, points[i + 1]! - target.y, points[i + 2]! - target.z);
    const depth = p.dot(back);
    distance = Math.max(distance, depth + Math.abs(p.dot(right)) / tanH, depth + Math.abs(p.dot(up)) / tanV);
  }
  return distance;
}

/** Where the camera looks and how far back it stands along `direction` (from the target towards the camera). */
export interface FitPlacement {
  target: Vector3;
  distance: number;
}

/**
 * The target and distance at which every point (x, y, z triples) is seen within `fill` of the view in both
 * directions, centred: perspective with vertical field of view `fov` (degrees) and `aspect` = width / height, the
 * camera's up +z. The target starts at the points' box centre and is moved (three rounds) by the middle of what the
 * points cover on screen, so the margins on opposite sides come out equal.
 */
export function fitPlacement(
  points: ArrayLike<number>,
  direction: Vector3Like,
  fov: number,
  aspect: number,
  fill = FILL,
): FitPlacement | null {
  const n = Math.floor(points.length / 3);
  if (n === 0) return null;
  const back = new Vector3().copy(direction).normalize();
  const { right, up } = cameraAxes(back);
  const tanV = Math.tan(((fov / 2) * Math.PI) / 180) * fill;
  const tanH = tanV * aspect;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n * 3; i += 3)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, points[i + k]!);
      hi[k] = Math.max(hi[k]!, points[i + k]!);
    }
  const target = new Vector3((lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2, (lo[2]! + hi[2]!) / 2);
  const p = new Vector3();
  let distance = 0;
  for (let round = 0; round < 4; round++) {
    distance = fitDistanceFrom(points, target, back, fov, aspect, fill);
    if (round === 3) break;
    // What the points cover on screen (as tangents of the angle from the view's axis), and its middle.
    let uMin = Infinity;
    let uMax = -Infinity;
    let vMin = Infinity;
    let vMax = -Infinity;
    for (let i = 0; i < n * 3; i += 3) {
      p.set(points[i]!, points[i + 1]!, points[i + 2]!).sub(target);
      const w = Math.max(1e-9, distance - p.dot(back));
      const u = p.dot(right) / w;
      const v = p.dot(up) / w;
      uMin = Math.min(uMin, u);
      uMax = Math.max(uMax, u);
      vMin = Math.min(vMin, v);
      vMax = Math.max(vMax, v);
    }
    const du = (uMin + uMax) / 2;
    const dv = (vMin + vMax) / 2;
    if (Math.abs(du) < 1e-4 * tanH && Math.abs(dv) < 1e-4 * tanV) break;
    target.addScaledVector(right, du * distance).addScaledVector(up, dv * distance);
  }
  return { target, distance };
}

/** The eight corners of a box as fitting points (what a viewer without its scan's points fits). */
export function boxPoints(min: Vector3Like, max: Vector3Like): Float32Array {
  const out = new Float32Array(24);
  for (let i = 0; i < 8; i++) {
    out[i * 3] = i & 1 ? max.x : min.x;
    out[i * 3 + 1] = i & 2 ? max.y : min.y;
    out[i * 3 + 2] = i & 4 ? max.z : min.z;
  }
  return out;
}
