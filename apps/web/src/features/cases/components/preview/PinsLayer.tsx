import { useCallback, useMemo, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import type { Box3, Mesh, Plane, PerspectiveCamera, Vector3 } from 'three';
import { CameraFlight, PinMarkers, cameraOf } from '../../../../shared/mesh-view/PinMarkers.tsx';
import { Marker, usePicking } from './MeasureTool.tsx';
import type { Pick, PickTarget } from './pointer-pick.ts';
import type { PinsTool } from './use-pins.ts';
import { fittedCamera } from './pin-camera.ts';
import { FOV } from './scene.tsx';

interface Controls {
  target: Vector3;
}

const v = (p: Vector3): [number, number, number] => [p.x, p.y, p.z];

/**
 * The pins in the viewer's scene (inside the Canvas): every pin of the case with its number and text, the flight
 * to a chosen pin, and, while the Remark tool is on, a tap or click on the surface marks the place to write about.
 * Picking is the measuring tool's (a ray on each shown scan's bounding-volume hierarchy, the section's kept side
 * only); the anchor keeps the file, the point, the surface normal facing the viewer and the camera at that moment.
 */
export function PinsLayer({
  tool,
  size,
  visibleFiles,
  targets,
  clip,
  box,
}: {
  tool: PinsTool;
  size: number;
  visibleFiles: ReadonlySet<string>;
  targets: readonly PickTarget[];
  clip: Plane | null;
  /** The scans' box: a pin's camera is fitted to the canvas's aspect by it. */
  box: Box3 | null;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const marker = useRef<Mesh>(null);
  const { setDraft } = tool;

  const onPick = useCallback(
    (hit: Pick) => {
      const normal = hit.normal.clone().normalize();
      // The side facing the viewer (a scan is an open surface, seen from either side).
      if (normal.dot(camera.position.clone().sub(hit.point)) < 0) normal.negate();
      setDraft({
        fileId: hit.fileId,
        point: v(hit.point),
        normal: v(normal),
        camera: cameraOf(camera, controls?.target ?? hit.point),
      });
    },
    [camera, controls, setDraft],
  );
  usePicking({ active: tool.placing && targets.length > 0, targets, clip, marker, onPick });

  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const aspect = width / Math.max(1, height);
  const flightTo = tool.flight.to;
  // Fitted when a flight starts (CameraFlight starts on a new flight number, with the camera given then).
  const to = useMemo(
    () => (flightTo ? fittedCamera(flightTo, box, aspect, FOV) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new flight decides it
    [tool.flight.n, flightTo, box],
  );

  const draft = tool.draft;
  return (
    <>
      <PinMarkers
        pins={tool.pins}
        size={size}
        overlay={tool.overlay}
        visibleFiles={visibleFiles}
        clip={clip}
      />
      <Marker size={size} object={marker} />
      {draft && (
        <mesh
          position={draft.point.map((c, i) => c + draft.normal[i]! * size * 0.6) as [number, number, number]}
          renderOrder={21}
        >
          <sphereGeometry args={[size * 1.1, 16, 12]} />
          <meshBasicMaterial color="#1677ff" depthTest={false} transparent />
        </mesh>
      )}
      <CameraFlight to={to} flight={tool.flight.n} />
    </>
  );
}
