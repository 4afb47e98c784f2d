import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { Mesh, Raycaster, Vector2, Vector3, type PerspectiveCamera } from 'three';
import { CameraFlight, PinMarkers, cameraOf } from '../../../../shared/mesh-view/PinMarkers.tsx';
import type { PinAnchor } from './pins.ts';
import type { PinsTool } from './use-pins.ts';

/** A tap, not a drag: the pointer moved at most this many CSS pixels between down and up. */
const TAP_SLOP = 6;

interface Controls {
  target: Vector3;
}

/**
 * The pins in the viewer's scene (inside the Canvas): every pin of the case with its number and text, the flight
 * to a chosen pin, and, while the Remark tool is on, a tap or click on the surface marks the place to write about.
 * Scan meshes carry `userData.fileId`; the nearest visible one under the pointer is picked.
 */
export function PinsLayer({
  tool,
  size,
  visibleFiles,
}: {
  tool: PinsTool;
  size: number;
  visibleFiles: ReadonlySet<string>;
}) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const scene = useThree((s) => s.scene);
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);
  const { placing, setDraft } = tool;

  useEffect(() => {
    if (!placing) return;
    const canvas = gl.domElement;
    let down: { x: number; y: number; id: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = e.isPrimary ? { x: e.clientX, y: e.clientY, id: e.pointerId } : null;
    };
    const onUp = (e: PointerEvent) => {
      if (!down || down.id !== e.pointerId) return;
      const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
      down = null;
      if (moved > TAP_SLOP) return;
      const rect = canvas.getBoundingClientRect();
      const ndc = new Vector2(
        ((e.clientX - rect.left) / rect.width) * 2 - 1,
        -((e.clientY - rect.top) / rect.height) * 2 + 1,
      );
      const raycaster = new Raycaster();
      raycaster.setFromCamera(ndc, camera);
      const targets: Mesh[] = [];
      scene.traverse((o) => {
        if (o instanceof Mesh && typeof o.userData.fileId === 'string' && o.visible) targets.push(o);
      });
      const hit = raycaster.intersectObjects(targets, false)[0];
      if (!hit || !hit.face) return;
      const normal = hit.face.normal.clone().transformDirection(hit.object.matrixWorld);
      // The side facing the viewer (scans are open surfaces, seen from either side).
      if (normal.dot(raycaster.ray.direction) > 0) normal.negate();
      const v = (p: Vector3): [number, number, number] => [p.x, p.y, p.z];
      const anchor: PinAnchor = {
        fileId: hit.object.userData.fileId as string,
        point: v(hit.point),
        normal: v(normal),
        camera: cameraOf(camera, controls?.target ?? hit.point),
      };
      setDraft(anchor);
      invalidate();
    };
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointerup', onUp);
    return () => {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
    };
  }, [placing, gl, camera, scene, controls, setDraft, invalidate]);

  const draft = tool.draft;
  return (
    <>
      <PinMarkers
        pins={tool.pins}
        openId={tool.openId}
        onOpen={tool.setOpenId}
        size={size}
        visibleFiles={visibleFiles}
      />
      {draft && (
        <mesh
          position={draft.point.map((c, i) => c + draft.normal[i]! * size * 0.6) as [number, number, number]}
          raycast={() => null}
        >
          <sphereGeometry args={[size * 1.1, 16, 12]} />
          <meshBasicMaterial color="#1677ff" />
        </mesh>
      )}
      <CameraFlight to={tool.flight.to} flight={tool.flight.n} />
    </>
  );
}
