/**
 * The section of the 3D preview: a clipping plane placed by the person (an orientation preset, a tilt, a position
 * across the scans' box, which side is kept) and the outline where it cuts the shown scans (sectionOutline on each
 * file's bounding-volume hierarchy, drawn as line segments over the scan). The plane is one THREE.Plane the scan
 * materials share (material.clippingPlanes, with the renderer's local clipping on).
 */
import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { sectionOutline, type TriangleBvh } from '@archway/mesh';
import { BackSide, BufferAttribute, BufferGeometry, type Plane, type Vector3 } from 'three';
import { CAP_COLOUR, OUTLINE_COLOUR } from './section-plane.ts';

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
