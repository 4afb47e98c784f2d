import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Html } from '@react-three/drei';
import { Vector3, type PerspectiveCamera } from 'three';
import type { Pin, PinAnchor } from './pins.ts';
import './pins.css';

interface Controls {
  target: Vector3;
  update(): void;
}

const PIN_COLOUR = '#e8590c';

/**
 * Every pin of a case in the scene: a small ball on the surface and its number beside it; hovering or tapping the
 * number opens its text (one open at a time, `openId`). Read-only: it places nothing (the viewer's Remark tool and
 * the share page both draw pins with it). `size` is the ball's radius (mm).
 */
export function PinMarkers({
  pins,
  openId,
  onOpen,
  size,
  visibleFiles,
}: {
  pins: readonly Pin[];
  openId: string | null;
  onOpen: (id: string | null) => void;
  size: number;
  /** Only pins on these files are drawn (a hidden jaw hides its pins); all when absent. */
  visibleFiles?: ReadonlySet<string>;
}) {
  return (
    <group>
      {pins.map((pin, i) => {
        if (visibleFiles && !visibleFiles.has(pin.anchor.fileId)) return null;
        const [x, y, z] = pin.anchor.point;
        const [nx, ny, nz] = pin.anchor.normal;
        const open = pin.id === openId;
        return (
          <group key={pin.id} position={[x + nx * size * 0.6, y + ny * size * 0.6, z + nz * size * 0.6]}>
            <mesh userData={{ pin: pin.id }} raycast={() => null}>
              <sphereGeometry args={[size, 16, 12]} />
              <meshBasicMaterial color={PIN_COLOUR} />
            </mesh>
            <Html zIndexRange={[20, 0]} style={{ pointerEvents: 'none' }}>
              <div className={open ? 'pin-marker is-open' : 'pin-marker'}>
                <button
                  type="button"
                  className="pin-marker-number"
                  data-testid="viewer-pin"
                  data-pin={pin.id}
                  data-open={open}
                  aria-expanded={open}
                  aria-label={pin.text}
                  onClick={() => onOpen(open ? null : pin.id)}
                  onPointerEnter={(e) => {
                    if (e.pointerType === 'mouse') onOpen(pin.id);
                  }}
                >
                  {i + 1}
                </button>
                {open && (
                  <div className="pin-marker-label" data-testid="viewer-pin-label" role="note">
                    <span className="pin-marker-author">{pin.custName}</span>
                    <span className="pin-marker-text">{pin.text}</span>
                  </div>
                )}
              </div>
            </Html>
          </group>
        );
      })}
    </group>
  );
}

const reduceMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** How long a flight to a saved view takes (ms). */
const FLIGHT_MS = 650;

/**
 * Moves the camera to a saved view (a pin's `camera`) whenever `flight` changes: eased over FLIGHT_MS, at once when
 * the system asks for reduced motion. The orbit target goes along, so turning afterwards turns around the pin.
 * `onArrived` is called when it is there.
 */
export function CameraFlight({
  to,
  flight,
  onArrived,
}: {
  to: PinAnchor['camera'] | null;
  flight: number;
  onArrived?: () => void;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);
  const run = useRef<{
    start: number;
    from: { position: Vector3; target: Vector3; up: Vector3 };
    to: { position: Vector3; target: Vector3; up: Vector3 };
  } | null>(null);
  const arrived = useRef(onArrived);
  arrived.current = onArrived;

  useEffect(() => {
    if (!to || flight === 0) return;
    const target = new Vector3(...to.target);
    const end = { position: new Vector3(...to.position), target, up: new Vector3(...to.up).normalize() };
    const from = {
      position: camera.position.clone(),
      target: controls ? controls.target.clone() : target.clone(),
      up: camera.up.clone(),
    };
    run.current = { start: reduceMotion() ? -Infinity : performance.now(), from, to: end };
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new flight, not a new object, starts it
  }, [flight]);

  useFrame(() => {
    const r = run.current;
    if (!r) return;
    const k = Math.min(1, (performance.now() - r.start) / FLIGHT_MS);
    const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
    camera.position.lerpVectors(r.from.position, r.to.position, e);
    camera.up.lerpVectors(r.from.up, r.to.up, e).normalize();
    const target = new Vector3().lerpVectors(r.from.target, r.to.target, e);
    if (controls) {
      controls.target.copy(target);
      controls.update();
    }
    camera.lookAt(target);
    camera.updateProjectionMatrix();
    if (k >= 1) {
      run.current = null;
      arrived.current?.();
    } else invalidate();
  });
  return null;
}

/** The camera as a pin saves it. */
export function cameraOf(camera: PerspectiveCamera, target: Vector3): PinAnchor['camera'] {
  const v = (p: Vector3): [number, number, number] => [p.x, p.y, p.z];
  return { position: v(camera.position), target: v(target), up: v(camera.up) };
}
