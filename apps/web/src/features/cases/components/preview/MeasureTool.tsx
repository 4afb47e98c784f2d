/**
 * Measuring in the 3D preview (inside the R3F canvas): the pointer's picks on the surface, the marker that follows
 * the surface under a mouse, and each measurement's line, end points and label. The picks are the canvas's own
 * pointer events (a press and release within CLICK_SLOP px is a pick, more is the orbit's drag); a hover pick
 * runs at most once per animation frame and moves the marker object directly (no React render per move).
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useThree } from '@react-three/fiber';
import { Html, Line } from '@react-three/drei';
import type { Mesh, Plane } from 'three';
import { pick, rayAt, type Pick, type PickTarget } from './pointer-pick.ts';

/** How far (css px) a press may move and still be a click. */
export const CLICK_SLOP = 4;

export type Point3 = readonly [number, number, number];

export interface Measurement {
  id: number;
  a: Point3;
  b: Point3;
}

export const MEASURE_COLOUR = '#1668dc';
const MARKER_COLOUR = '#fa541c';

/** The distance between two points (mm: scans are stored in millimetres). */
export const distanceOf = (a: Point3, b: Point3) => Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);

/**
 * Calls `onPick` with the surface point under a click or tap on the canvas (none when it missed the shown scans),
 * and keeps `marker` on the surface under a hovering mouse. Listens only while `active`.
 */
export function usePicking({
  active,
  targets,
  clip,
  marker,
  onPick,
}: {
  active: boolean;
  targets: readonly PickTarget[];
  clip: Plane | null;
  marker: RefObject<Mesh | null>;
  onPick: (hit: Pick) => void;
}) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  // The latest values, read by the listeners (which stay attached while the tool is on).
  const latest = useRef({ targets, clip, onPick });
  latest.current = { targets, clip, onPick };

  useEffect(() => {
    if (!active) return;
    const el = gl.domElement;
    const down = new Map<number, { x: number; y: number; moved: boolean }>();
    let hover: { x: number; y: number } | null = null;
    let frame = 0;

    const at = (x: number, y: number) => {
      const r = el.getBoundingClientRect();
      const ray = rayAt(camera, x - r.left, y - r.top, r.width, r.height);
      const { targets, clip } = latest.current;
      return pick(targets, ray.origin, ray.direction, clip);
    };
    const showMarker = (hit: Pick | null) => {
      const m = marker.current;
      if (!m) return;
      m.visible = !!hit;
      if (hit) m.position.copy(hit.point);
      invalidate();
    };
    const onDown = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      // A second finger: a pinch or a pan, never a pick.
      for (const d of down.values()) d.moved = true;
      down.set(e.pointerId, { x: e.clientX, y: e.clientY, moved: down.size > 0 });
    };
    const onMove = (e: PointerEvent) => {
      const d = down.get(e.pointerId);
      if (d && Math.hypot(e.clientX - d.x, e.clientY - d.y) > CLICK_SLOP) d.moved = true;
      if (e.pointerType !== 'mouse') return;
      hover = { x: e.clientX, y: e.clientY };
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (hover) showMarker(at(hover.x, hover.y));
      });
    };
    const onUp = (e: PointerEvent) => {
      const d = down.get(e.pointerId);
      down.delete(e.pointerId);
      if (!d || d.moved) return;
      const hit = at(e.clientX, e.clientY);
      if (!hit) return;
      if (e.pointerType !== 'mouse') showMarker(hit);
      latest.current.onPick(hit);
    };
    const onCancel = (e: PointerEvent) => down.delete(e.pointerId);
    const onLeave = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      hover = null;
      showMarker(null);
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onCancel);
    el.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onCancel);
      el.removeEventListener('pointerleave', onLeave);
      showMarker(null);
    };
  }, [active, gl, camera, invalidate, marker]);
}

/** The surface marker: a small dot drawn over everything, placed by usePicking. */
export function Marker({ size, object }: { size: number; object: RefObject<Mesh | null> }) {
  return (
    <mesh ref={object} visible={false} renderOrder={20}>
      <sphereGeometry args={[size, 16, 12]} />
      <meshBasicMaterial color={MARKER_COLOUR} depthTest={false} transparent opacity={0.9} />
    </mesh>
  );
}

/** A point picked, drawn as a dot over the scan. */
function Dot({ at, size, colour }: { at: Point3; size: number; colour: string }) {
  return (
    <mesh position={at as [number, number, number]} renderOrder={19}>
      <sphereGeometry args={[size, 12, 10]} />
      <meshBasicMaterial color={colour} depthTest={false} transparent />
    </mesh>
  );
}

/**
 * The measurements: each a line between its points, drawn over the scan, and a label at its middle with the
 * distance and a remove button; the first point of one being made, as a dot.
 */
export function Measurements({
  items,
  pending,
  size,
  label,
  remove,
}: {
  items: readonly Measurement[];
  pending: Point3 | null;
  /** The dots' radius (the scene's units). */
  size: number;
  label: (m: Measurement) => ReactNode;
  remove: (m: Measurement) => ReactNode;
}) {
  return (
    <group>
      {pending && <Dot at={pending} size={size} colour={MEASURE_COLOUR} />}
      {items.map((m) => (
        <group key={m.id}>
          <Dot at={m.a} size={size} colour={MEASURE_COLOUR} />
          <Dot at={m.b} size={size} colour={MEASURE_COLOUR} />
          <Line
            points={[m.a as [number, number, number], m.b as [number, number, number]]}
            color={MEASURE_COLOUR}
            lineWidth={2}
            depthTest={false}
            renderOrder={18}
            transparent
          />
          <Html
            position={[(m.a[0] + m.b[0]) / 2, (m.a[1] + m.b[1]) / 2, (m.a[2] + m.b[2]) / 2]}
            center
            zIndexRange={[20, 10]}
          >
            <div className="scan-viewer-measure-label" data-testid="viewer-measure-label">
              <span>{label(m)}</span>
              {remove(m)}
            </div>
          </Html>
        </group>
      ))}
    </group>
  );
}
