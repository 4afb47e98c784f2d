import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3, type PerspectiveCamera } from 'three';
import { pinVisible, type KeptSide, type Pin, type PinAnchor } from './pins.ts';
import './pins.css';

interface Controls {
  target: Vector3;
  update(): void;
}

const PIN_COLOUR = '#e8590c';
/** What a label's side loses besides the text: half the number (26 px, centred on the pin), the gap and a margin. */
const LABEL_INSET = 13 + 6 + 8;

/**
 * Where the scene (PinMarkers, inside the Canvas) and the labels (PinLabels, plain DOM over the canvas) meet: the
 * labels register their elements, the scene moves them to their pins' places on every frame it draws.
 */
export interface PinOverlay {
  elements: Map<string, HTMLElement>;
}

export function usePinOverlay(): PinOverlay {
  return useMemo(() => ({ elements: new Map<string, HTMLElement>() }), []);
}

const projected = new Vector3();

/**
 * Every pin of a case in the scene: a small ball on the surface (`size` its radius, mm), lifted along the normal.
 * On every frame drawn, each pin's label (PinLabels) is moved to where its ball appears, and hidden when the pin is
 * behind the camera, on a hidden file or cut away by the section (pins.ts pinVisible). Read-only: it places nothing.
 */
export function PinMarkers({
  pins,
  size,
  overlay,
  visibleFiles,
  clip,
}: {
  pins: readonly Pin[];
  size: number;
  overlay: PinOverlay;
  /** Only pins on these files are drawn (a hidden jaw hides its pins); all when absent. */
  visibleFiles?: ReadonlySet<string>;
  /** The section's plane while it cuts (moved in place): a pin on the side cut away is hidden. */
  clip?: KeptSide | null;
}) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const shown = pins.filter((p) => pinVisible(p.anchor, visibleFiles, clip));
  const lifted = (pin: Pin): [number, number, number] => {
    const [x, y, z] = pin.anchor.point;
    const [nx, ny, nz] = pin.anchor.normal;
    return [x + nx * size * 0.6, y + ny * size * 0.6, z + nz * size * 0.6];
  };
  // A label that appeared (or a pin that came or went) needs a frame to find its place.
  const key =
    shown.map((p) => p.id).join() +
    (clip ? `|${clip.normal.x},${clip.normal.y},${clip.normal.z},${clip.constant}` : '');
  useEffect(() => invalidate(), [key, invalidate]);

  useFrame(({ size: canvas }) => {
    for (const pin of pins) {
      const el = overlay.elements.get(pin.id);
      if (!el) continue;
      const on = pinVisible(pin.anchor, visibleFiles, clip);
      projected.set(...lifted(pin)).project(camera);
      const inFront = projected.z > -1 && projected.z < 1;
      if (!on || !inFront) {
        el.style.visibility = 'hidden';
        continue;
      }
      const x = ((projected.x + 1) / 2) * canvas.width;
      const y = ((1 - projected.y) / 2) * canvas.height;
      el.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      // The text opens towards the wider side and is no wider than the room left there (number, gaps, a margin),
      // so it stays within the canvas at every width.
      const left = x > canvas.width / 2;
      el.dataset.side = left ? 'left' : 'right';
      el.style.setProperty('--pin-room', `${Math.floor((left ? x : canvas.width - x) - LABEL_INSET)}px`);
      el.style.visibility = 'visible';
    }
  });

  return (
    <group>
      {shown.map((pin) => (
        <mesh key={pin.id} position={lifted(pin)} userData={{ pin: pin.id }} raycast={() => null}>
          <sphereGeometry args={[size, 16, 12]} />
          <meshBasicMaterial color={PIN_COLOUR} />
        </mesh>
      ))}
    </group>
  );
}

/**
 * The pins' numbers and texts over the canvas (outside it: plain DOM, so they are read, tapped and found like any
 * element); hovering or tapping a number opens its text (one open at a time, `openId`). Put it in the box the canvas
 * fills; PinMarkers places each one.
 */
export function PinLabels({
  pins,
  openId,
  onOpen,
  overlay,
}: {
  pins: readonly Pin[];
  openId: string | null;
  onOpen: (id: string | null) => void;
  overlay: PinOverlay;
}) {
  return (
    <div className="pin-labels">
      {pins.map((pin, i) => {
        const open = pin.id === openId;
        return (
          <div
            key={pin.id}
            ref={(el) => {
              if (el) overlay.elements.set(pin.id, el);
              else overlay.elements.delete(pin.id);
            }}
            className={open ? 'pin-marker is-open' : 'pin-marker'}
            style={{ visibility: 'hidden' }}
          >
            <div className="pin-marker-inner">
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
          </div>
        );
      })}
    </div>
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
