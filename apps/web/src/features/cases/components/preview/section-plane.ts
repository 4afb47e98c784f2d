/**
 * The section's plane as numbers: the settings a person chooses (an orientation preset, a tilt, a position across
 * the scans' box, which side is kept) and the plane they make. No React, no renderer: the tool (SectionTool.tsx) and
 * the tests use it alike.
 */
import { Plane, Vector3, type Box3 } from 'three';

export type SectionPreset = 'horizontal' | 'frontBack' | 'leftRight';
export const SECTION_PRESETS: readonly SectionPreset[] = ['horizontal', 'frontBack', 'leftRight'];

export interface SectionSettings {
  preset: SectionPreset;
  /** Where the plane lies across the box along its normal, 0…100 %. */
  position: number;
  /** Degrees, −60…60. */
  tilt: number;
  /** Keep the side the normal points to (else the other one). */
  flipped: boolean;
}

/**
 * Horizontal, 40 % up the box: through the lower jaw's teeth when a pair in occlusion is shown (half-way would be the
 * gap of the bite, cutting nothing), through a single jaw's crowns or ridge otherwise.
 */
export const DEFAULT_SECTION: SectionSettings = {
  preset: 'horizontal',
  position: 40,
  tilt: 0,
  flipped: false,
};
export const MAX_TILT = 60;

export const OUTLINE_COLOUR = '#e0115f';
/** The inside of a cut scan (its back faces), in one flat colour no scan has: the cut reads as a solid. */
export const CAP_COLOUR = '#7d8fa6';

/**
 * The plane's normal before it is flipped: horizontal (the occlusal plane, normal +z, tilted front to back about x),
 * front–back (normal +y, tilted up and down about x) and left–right (normal +x, turned about z).
 */
export function sectionNormal(preset: SectionPreset, tilt: number): Vector3 {
  const a = (tilt * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  if (preset === 'horizontal') return new Vector3(0, -s, c);
  if (preset === 'frontBack') return new Vector3(0, c, s);
  return new Vector3(c, s, 0);
}

/**
 * The plane n·x = d of the settings over `box`: d runs from the box's lowest corner along n (0 %) to its highest
 * (100 %). Kept: the side below (n·x ≤ d), or above when flipped; as a THREE.Plane (kept where n·x + constant ≥ 0)
 * into `out`.
 */
export function sectionPlane(settings: SectionSettings, box: Box3, out = new Plane()) {
  const n = sectionNormal(settings.preset, settings.tilt);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < 8; i++) {
    const v =
      n.x * (i & 1 ? box.max.x : box.min.x) +
      n.y * (i & 2 ? box.max.y : box.min.y) +
      n.z * (i & 4 ? box.max.z : box.min.z);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const d = lo + ((hi - lo) * settings.position) / 100;
  if (settings.flipped) out.set(n, -d);
  else out.set(n.clone().negate(), d);
  return { normal: n, d, plane: out };
}
