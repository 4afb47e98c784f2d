import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import {
  Color,
  LinearSRGBColorSpace,
  Sphere,
  Vector3,
  type EventDispatcher,
  type PerspectiveCamera,
} from 'three';
import { fitPlacement, joinPoints } from '../viewer-core/fit.ts';
import type { ReadyScan } from '../viewer-core/use-scans.ts';
import { CameraFlight, PinLabels, PinMarkers, usePinOverlay } from './PinMarkers.tsx';
import { PinList } from './PinList.tsx';
import type { Pin } from './pins.ts';

export interface MeshViewProps {
  /** The scans drawn together, as the viewer core's useScans loaded them (their union decides the camera). */
  scans: readonly ReadyScan[];
  /** What the view shows, read by screen readers in place of the canvas. */
  label: string;
  /** Height of the view (CSS); default 420 px. */
  height?: number | string;
  /** Colour of a mesh without vertex colours (display value, 0xRRGGBB); default plaster. */
  plaster?: number;
  /** Things drawn over the canvas's corner (a legend…). */
  overlay?: ReactNode;
  /** Remarks pinned to the meshes, shown read-only: markers with their texts and a list that flies to each. */
  pins?: readonly Pin[];
  /** The pins list's title. */
  pinsTitle?: string;
  /** Called once, after the first frame that drew the meshes. */
  onDrawn?: () => void;
  testId?: string;
}

/**
 * Colours as shown on screen: the canvas draws without colour-space conversion (`linear`), so vertex colours (bytes as
 * stored in the file) appear exactly as stored, and these are given in the same display values.
 */
const display = (hex: number) =>
  new Color().setRGB(
    ((hex >> 16) & 255) / 255,
    ((hex >> 8) & 255) / 255,
    (hex & 255) / 255,
    LinearSRGBColorSpace,
  );
const WHITE = display(0xffffff);
const BACKGROUND = display(0xeef1f5);
const PLASTER = 0xede4d3;
const FOV = 35;
/** The view from the front, a little above the bite (+z is up, +y towards the lips, as scans are stored). */
const VIEW_DIRECTION = new Vector3(0, 1, 0.35).normalize();

interface Controls {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  update(): void;
}

/**
 * Puts the camera where the scans fill the view with a small margin (fit.ts, as the case viewer does); again on every
 * `resets` change, and on a change of the view's size until the person turns, pans or zooms (a page that settles
 * after the first fit, a scroll bar appearing, a turned phone: the scans still fill the view).
 */
function Fit({ points, sphere, resets }: { points: Float32Array; sphere: Sphere | null; resets: number }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);
  const size = useThree((s) => s.size);
  const moved = useRef(false);
  useEffect(() => {
    const events = controls as unknown as EventDispatcher<{ start: object }> | null;
    if (!events?.addEventListener) return;
    const onStart = () => {
      moved.current = true;
    };
    events.addEventListener('start', onStart);
    return () => events.removeEventListener('start', onStart);
  }, [controls]);
  useEffect(() => {
    moved.current = false;
  }, [resets, points]);
  // Only the size, once the person has not moved the camera: refit to the new shape of the view.
  const sized = moved.current ? 'kept' : `${size.width}x${size.height}`;
  useEffect(() => {
    if (!sphere || !sphere.radius) return;
    const placed = fitPlacement(points, VIEW_DIRECTION, FOV, size.width / Math.max(1, size.height));
    if (!placed) return;
    const { target, distance } = placed;
    const { radius } = sphere;
    camera.position.copy(target).addScaledVector(VIEW_DIRECTION, distance);
    camera.near = radius / 200;
    camera.far = distance * 6 + radius * 2;
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.copy(target);
      controls.maxDistance = distance * 6;
      controls.minDistance = radius / 20;
      controls.update();
    } else camera.lookAt(target);
    invalidate();
    // The size matters until the person moves the camera (`sized`); after that a resize keeps their view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera, controls, invalidate, points, sphere, resets, sized]);
  return null;
}

/** A light that goes with the camera, so the side one looks at is always lit. */
function Headlight() {
  const camera = useThree((s) => s.camera);
  return (
    <primitive object={camera}>
      <pointLight decay={0} intensity={1.6} />
    </primitive>
  );
}

/** Calls `onDrawn` once, after the first frame with meshes in it. */
function FirstFrame({ active, onDrawn }: { active: boolean; onDrawn: () => void }) {
  const done = useRef(false);
  useFrame(() => {
    if (!active || done.current) return;
    done.current = true;
    queueMicrotask(onDrawn);
  });
  return null;
}

/**
 * A 3D view of one or more scans loaded by the viewer core (shared/viewer-core useScans: one worker protocol with the
 * case viewer), without tools: vertex colours when a mesh has them (shown as stored), plaster otherwise; the
 * camera fits them all; orbit (left drag), zoom (wheel, pinch), pan (right drag, two fingers) and a reset button.
 * Load it through LazyMeshView: three.js stays out of the main bundle; load the files with `useMeshFiles`. `data-frame` turns `drawn` once a frame
 * showed the meshes.
 */
export function MeshView({
  scans,
  label,
  height = 420,
  plaster = PLASTER,
  overlay,
  onDrawn,
  pins,
  pinsTitle = '',
  testId = 'mesh-view',
}: MeshViewProps) {
  const { t } = useTranslation();
  const [resets, setResets] = useState(0);
  const [openPin, setOpenPin] = useState<string | null>(null);
  const pinOverlay = usePinOverlay();
  const [flight, setFlight] = useState({ n: 0, to: null as Pin['anchor']['camera'] | null });
  const flyTo = (id: string) => {
    const pin = pins?.find((p) => p.id === id);
    if (!pin) return;
    setOpenPin(id);
    setFlight((f) => ({ n: f.n + 1, to: pin.anchor.camera }));
  };
  const [drawn, setDrawn] = useState(false);
  // The geometries are useScans's (it disposes them when its files change).
  const geometries = useMemo(() => scans.flatMap((s) => s.geometries), [scans]);
  const sphere = useMemo(() => {
    if (scans.length === 0) return null;
    const all = scans[0]!.sphere.clone();
    for (const s of scans.slice(1)) all.union(s.sphere);
    return all;
  }, [scans]);
  const points = useMemo(() => joinPoints(scans.map((s) => s.fit)), [scans]);
  const plasterColour = useMemo(() => display(plaster), [plaster]);
  const whenDrawn = useCallback(() => {
    setDrawn(true);
    onDrawn?.();
  }, [onDrawn]);

  const view = (
    <div
      data-testid={testId}
      data-frame={drawn ? 'drawn' : 'waiting'}
      style={{
        position: 'relative',
        height,
        minHeight: 200,
        width: '100%',
        minWidth: 0,
        borderRadius: 8,
        overflow: 'hidden',
        touchAction: 'none',
      }}
    >
      <Canvas
        frameloop="demand"
        linear
        flat
        dpr={[1, 2]}
        resize={{ scroll: false, offsetSize: true }}
        camera={{ fov: FOV, up: [0, 0, 1], position: [0, 150, 50], near: 0.5, far: 5000 }}
        gl={{ antialias: true, alpha: false, powerPreference: 'default' }}
        aria-label={label}
        role="img"
        data-testid={`${testId}-canvas`}
      >
        <color attach="background" args={[BACKGROUND]} />
        <ambientLight intensity={0.55} />
        <hemisphereLight args={[WHITE, display(0x8a8478), 0.35]} />
        <Headlight />
        {geometries.map((geometry, i) => (
          <mesh key={i} geometry={geometry}>
            <meshStandardMaterial
              vertexColors={geometry.hasAttribute('color')}
              color={geometry.hasAttribute('color') ? WHITE : plasterColour}
              roughness={0.8}
              metalness={0}
            />
          </mesh>
        ))}
        <OrbitControls makeDefault enableDamping={false} />
        <Fit points={points} sphere={sphere} resets={resets} />
        <FirstFrame active={geometries.length > 0} onDrawn={whenDrawn} />
        {pins && pins.length > 0 && sphere && (
          <>
            <PinMarkers pins={pins} size={sphere.radius * 0.012} overlay={pinOverlay} />
            <CameraFlight to={flight.to} flight={flight.n} />
          </>
        )}
      </Canvas>
      {pins && pins.length > 0 && (
        <PinLabels pins={pins} openId={openPin} onOpen={setOpenPin} overlay={pinOverlay} />
      )}
      <Button
        size="small"
        icon={<AimOutlined />}
        onClick={() => setResets((n) => n + 1)}
        disabled={!sphere}
        style={{ position: 'absolute', insetInlineStart: 8, top: 8 }}
        data-testid={`${testId}-reset`}
      >
        {t('meshView.reset')}
      </Button>
      {overlay}
    </div>
  );
  if (!pins || pins.length === 0) return view;
  return (
    <div className="mesh-view-with-pins">
      {view}
      <PinList pins={pins} title={pinsTitle} openId={openPin} onSelect={flyTo} testId={`${testId}-pins`} />
    </div>
  );
}

export default MeshView;
