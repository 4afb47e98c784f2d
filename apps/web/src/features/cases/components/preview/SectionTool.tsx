/**
 * The section of the 3D preview: a clipping plane placed by the person (an orientation preset, a tilt, a position
 * across the scans' box, which side is kept) and the outline where it cuts the shown scans (sectionOutline on each
 * file's bounding-volume hierarchy, drawn as line segments over the scan). The plane is one THREE.Plane the scan
 * materials share (material.clippingPlanes, with the renderer's local clipping on).
 */
import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { sectionOutline, type TriangleBvh } from '@archway/mesh';
import { BackSide, BufferAttribute, BufferGeometry, Plane, Vector3, type Box3 } from 'three';

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

/**
 * The cut outline of the shown scans by the plane n·x = d, as one LineSegments drawn over the scan; tells
 * `onSegments` how many segments it has (0 without a hierarchy yet or when the plane misses the scans).
 */
export function SectionOutline({
  bvhs,
  normal,
  d,
  onSegments,
}: {
  bvhs: readonly TriangleBvh[];
  normal: Vector3;
  d: number;
  onSegments: (segments: number) => void;
}) {
  const invalidate = useThree((s) => s.invalidate);
  const geometry = useMemo(() => {
    const pieces = bvhs.map((bvh) => sectionOutline(bvh, normal.x, normal.y, normal.z, d));
    const all = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pieces) {
      all.set(p, at);
      at += p.length;
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(all, 3));
    return g;
  }, [bvhs, normal, d]);
  useEffect(() => {
    onSegments(geometry.getAttribute('position').count / 2);
    invalidate();
    return () => geometry.dispose();
  }, [geometry, onSegments, invalidate]);
  return (
    <lineSegments geometry={geometry} renderOrder={15} frustumCulled={false}>
      <lineBasicMaterial color={OUTLINE_COLOUR} depthTest={false} transparent />
    </lineSegments>
  );
}

/**
 * The inside of a cut scan: its back faces, clipped by the same plane, in one flat colour. Where the plane cuts the
 * scan one looks into it and sees this colour instead of the background through the hollow shell.
 */
export function SectionCap({
  geometry,
  visible,
  planes,
}: {
  geometry: BufferGeometry;
  visible: boolean;
  planes: Plane[];
}) {
  return (
    <mesh geometry={geometry} visible={visible}>
      <meshBasicMaterial color={CAP_COLOUR} side={BackSide} clippingPlanes={planes} />
    </mesh>
  );
}

/** Turns the renderer's local clipping on (off again when the viewer closes). */
export function LocalClipping() {
  const gl = useThree((s) => s.gl);
  useEffect(() => {
    gl.localClippingEnabled = true;
    return () => {
      gl.localClippingEnabled = false;
    };
  }, [gl]);
  return null;
}
