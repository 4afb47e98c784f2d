import type { CaseComment } from '@archway/contract';

/** Three numbers: x, y, z in the scan's frame (mm). */
export type Vec3 = [number, number, number];

/** Where a remark is pinned: the scan file, the point on its surface, the surface normal there, and the view. */
export interface PinAnchor {
  fileId: string;
  point: Vec3;
  normal: Vec3;
  camera: { position: Vec3; target: Vec3; up: Vec3 };
}

/** A comment of the case thread pinned to the scan (the server's comment with its `anchor`). */
export type PinnedComment = CaseComment & { anchor: PinAnchor };

/** What a pin shows: its comment's id, text, author organization and time, and its anchor. */
export interface Pin {
  id: string;
  text: string;
  anchor: PinAnchor;
  custName: string;
  createTime: string;
}

const isVec3 = (v: unknown): v is Vec3 =>
  Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** Whether a value is a usable anchor (a comment from an older server has none; a broken one is not drawn). */
export function isAnchor(value: unknown): value is PinAnchor {
  if (!value || typeof value !== 'object') return false;
  const a = value as Partial<PinAnchor>;
  return (
    typeof a.fileId === 'string' &&
    isVec3(a.point) &&
    isVec3(a.normal) &&
    !!a.camera &&
    isVec3(a.camera.position) &&
    isVec3(a.camera.target) &&
    isVec3(a.camera.up)
  );
}

/** The pins among a thread's comments, oldest first, as the thread lists them. */
export function pinsOf(
  comments: readonly (Pick<CaseComment, 'id' | 'text' | 'custName' | 'createTime'> & { anchor?: unknown })[],
): Pin[] {
  return comments.flatMap((c) =>
    isAnchor(c.anchor)
      ? [{ id: c.id, text: c.text, anchor: c.anchor, custName: c.custName, createTime: c.createTime }]
      : [],
  );
}

/** The pin's number as the list and the marker show it (1-based, in thread order). */
export const pinNumber = (pins: readonly Pin[], id: string) => pins.findIndex((p) => p.id === id) + 1;

/** A section's plane as three.js keeps it: the side where normal·p + constant ≥ 0 stays, the rest is cut away. */
export interface KeptSide {
  normal: { x: number; y: number; z: number };
  constant: number;
}

/**
 * Whether a pin is shown: its file is shown (all are when `visibleFiles` is absent) and, with a section, its point
 * is on the kept side: a pin whose surface the section cuts away is hidden with it (a point on the plane itself stays).
 */
export function pinVisible(
  anchor: Pick<PinAnchor, 'fileId' | 'point'>,
  visibleFiles?: ReadonlySet<string>,
  clip?: KeptSide | null,
): boolean {
  if (visibleFiles && !visibleFiles.has(anchor.fileId)) return false;
  if (!clip) return true;
  const [x, y, z] = anchor.point;
  const { normal, constant } = clip;
  const scale = Math.max(1, Math.abs(constant), Math.abs(x), Math.abs(y), Math.abs(z));
  return normal.x * x + normal.y * y + normal.z * z + constant >= -1e-6 * scale;
}
