import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, type Plane } from 'three';
import { materialOf } from './scene.tsx';
import type { BiteResult } from './bite-worker-protocol.ts';

/** A part of a jaw in the scene: its geometry and whether it is shown. */
export interface BitePart {
  key: string;
  fileId: string;
  geometry: BufferGeometry;
  visible: boolean;
}

/**
 * The jaws coloured by the bite (inside the Canvas), drawn in place of the scan's own meshes while the Bite tool is
 * on. Each part's geometry shares the scan's position, normal and index attributes (nothing is uploaded again) and
 * gets the bite's colours as its own colour attribute; switching the tool off drops these geometries, the scan's own
 * colours were never touched.
 */
export function BiteLayer({
  upper,
  lower,
  result,
  clippingPlanes,
}: {
  upper: readonly BitePart[];
  lower: readonly BitePart[];
  result: BiteResult;
  /** The section's plane while it is on (the bite is cut like the scan). */
  clippingPlanes: Plane[];
}) {
  const meshes = useMemo(() => {
    const jaw = (parts: readonly BitePart[], colours: Uint8Array[]) =>
      parts.flatMap((part, i) => {
        const c = colours[i];
        const positions = part.geometry.getAttribute('position');
        if (!c || c.length !== positions.count * 3) return [];
        const geometry = new BufferGeometry();
        geometry.setAttribute('position', positions);
        geometry.setAttribute('normal', part.geometry.getAttribute('normal'));
        geometry.setAttribute('color', new BufferAttribute(c, 3, true));
        const index = part.geometry.getIndex();
        if (index) geometry.setIndex(index);
        geometry.boundingSphere = part.geometry.boundingSphere;
        return [{ key: part.key, fileId: part.fileId, geometry, visible: part.visible }];
      });
    return [...jaw(upper, result.upper.colors), ...jaw(lower, result.lower.colors)];
  }, [upper, lower, result]);
  // Only the colour buffers are this layer's own: the shared attributes are detached first, so disposing frees
  // just the colours on the GPU (three.js frees every attribute a disposed geometry holds).
  useEffect(
    () => () =>
      meshes.forEach(({ geometry }) => {
        geometry.deleteAttribute('position');
        geometry.deleteAttribute('normal');
        geometry.setIndex(null);
        geometry.dispose();
      }),
    [meshes],
  );

  return (
    <>
      {meshes.map((m) => (
        <mesh
          key={m.key}
          geometry={m.geometry}
          visible={m.visible}
          userData={{ fileId: m.fileId, bite: true }}
        >
          <meshStandardMaterial
            {...materialOf({ colours: true, hasColors: true })}
            clippingPlanes={clippingPlanes}
          />
        </mesh>
      ))}
    </>
  );
}
