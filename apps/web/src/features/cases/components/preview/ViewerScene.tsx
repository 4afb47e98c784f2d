import { type RefObject } from 'react';
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Canvas } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import type { Box3, BufferGeometry, Mesh, Plane, Vector3 } from 'three';
import {
  BACKGROUND,
  Capture,
  CameraRig,
  display,
  FOV,
  Headlight,
  materialOf,
  Precompile,
  Reveal,
  WHITE,
  type ViewRequest,
} from './scene.tsx';
import type { ScanState } from '../../../../shared/viewer-core/use-scans.ts';
import { BiteLayer, type BitePart } from './BiteLayer.tsx';
import type { BiteResult } from './bite-worker-protocol.ts';
import { PinsLayer } from './PinsLayer.tsx';
import type { PinsTool } from './use-pins.ts';
import type { Pick, PickTarget } from './pointer-pick.ts';
import {
  distanceOf,
  Marker,
  Measurements,
  usePicking,
  type Measurement,
  type Point3,
} from './MeasureTool.tsx';
import { LocalClipping, SectionCap, SectionOutline } from './SectionTool.tsx';

const NO_PLANES: Plane[] = [];

/** One part of a loaded file (a file may come in several geometries). */
export interface ScenePart {
  key: string;
  fileId: string;
  geometry: BufferGeometry;
  state: Extract<ScanState, { status: 'ready' }>;
}

/** Picks the surface point under a click while measuring (inside the canvas: it needs the renderer and camera). */
function Picking(props: Parameters<typeof usePicking>[0]) {
  usePicking(props);
  return null;
}

/**
 * The viewer's canvas and what is in it: the lights, the scans' parts (revealed one per frame), the camera rig, the
 * section (clipping, caps and outline), the measurements, the bite map, the pins and the screenshot capture.
 */
export function ViewerScene({
  root,
  onCreated,
  parts,
  shown,
  total,
  complete,
  onNext,
  onDrawn,
  hidden,
  colours,
  opacity,
  box,
  framing,
  size,
  viewRequest,
  clip,
  planes,
  bvhs,
  onSegments,
  targets,
  measuring,
  marker,
  onPick,
  measurements,
  pending,
  format,
  onRemove,
  bite,
  caseId,
  pins,
  visibleFiles,
  onCaptureReady,
}: {
  root: RefObject<HTMLElement | null>;
  onCreated: () => void;
  parts: readonly ScenePart[];
  /** How many of `parts` are in the scene. */
  shown: number;
  total: number;
  /** Every file has arrived (or failed). */
  complete: boolean;
  onNext: () => void;
  onDrawn: () => void;
  hidden: ReadonlySet<string>;
  colours: boolean;
  opacity: number;
  box: Box3 | null;
  /** What the camera fits: the shown scans' box and their fitting points (fit.ts). */
  framing: { box: Box3; points: Float32Array } | null;
  /** The diagonal of the scans' box (markers are sized by it). */
  size: number;
  viewRequest: ViewRequest;
  /** The section's plane while it cuts, with its normal and offset; null without a section. */
  clip: { plane: Plane; normal: Vector3; d: number } | null;
  planes: Plane[];
  bvhs: Parameters<typeof SectionOutline>[0]['bvhs'];
  onSegments: (n: number) => void;
  targets: PickTarget[];
  measuring: boolean;
  marker: RefObject<Mesh | null>;
  onPick: (hit: Pick) => void;
  measurements: readonly Measurement[];
  pending: Point3 | null;
  /** A distance in mm as the label shows it. */
  format: (mm: number) => string;
  onRemove: (m: Measurement) => void;
  /** The bite map while it is shown: the two jaws' parts and the worker's result. */
  bite: { upper: BitePart[]; lower: BitePart[]; result: BiteResult } | null;
  caseId?: string;
  pins: PinsTool;
  visibleFiles: ReadonlySet<string>;
  onCaptureReady: (capture: () => Promise<Blob>) => void;
}) {
  const { t } = useTranslation();
  const clipping = clip ? planes : NO_PLANES;
  return (
    <Canvas
      frameloop="demand"
      linear
      flat
      dpr={[1, 2]}
      // offsetSize: the dialog opens with a zoom (a transform), which must not shrink the canvas.
      resize={{ scroll: false, offsetSize: true }}
      camera={{ fov: FOV, up: [0, 0, 1], position: [0, 150, 50], near: 0.5, far: 5000 }}
      gl={{ antialias: true, alpha: false, powerPreference: 'default' }}
      onCreated={onCreated}
      aria-label={t('cases.viewer.canvas')}
      role="img"
      data-testid="viewer-canvas"
    >
      <color attach="background" args={[BACKGROUND]} />
      <ambientLight intensity={0.55} />
      <hemisphereLight args={[WHITE, display(0x8a8478), 0.35]} />
      <Headlight />
      {parts.slice(0, shown).map(({ key, fileId, geometry, state }) => (
        <mesh key={key} geometry={geometry} visible={!hidden.has(fileId) && !bite}>
          <meshStandardMaterial
            key={`${colours ? 'colour' : 'plaster'}-${opacity < 100}`}
            {...materialOf({ colours, hasColors: state.hasColors })}
            transparent={opacity < 100}
            opacity={opacity / 100}
            clippingPlanes={clipping}
          />
        </mesh>
      ))}
      {clip &&
        parts
          .slice(0, shown)
          .map(({ key, fileId, geometry }) => (
            <SectionCap
              key={`cap:${key}`}
              geometry={geometry}
              visible={!hidden.has(fileId)}
              planes={planes}
            />
          ))}
      <OrbitControls makeDefault enableDamping={false} />
      <CameraRig
        box={framing?.box ?? null}
        points={framing?.points ?? null}
        request={viewRequest}
        root={root}
      />
      <LocalClipping />
      {clip && <SectionOutline bvhs={bvhs} normal={clip.normal} d={clip.d} onSegments={onSegments} />}
      <Picking
        active={measuring && targets.length > 0}
        targets={targets}
        clip={clip?.plane ?? null}
        marker={marker}
        onPick={onPick}
      />
      <Marker size={size * 0.008} object={marker} />
      <Measurements
        items={measurements}
        pending={measuring ? pending : null}
        size={size * 0.006}
        label={(m) => format(distanceOf(m.a, m.b))}
        remove={(m) => (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('cases.viewer.measure.remove')}
            title={t('cases.viewer.measure.remove')}
            onClick={() => onRemove(m)}
            data-testid="viewer-measure-remove"
          />
        )}
      />
      {bite && (
        <BiteLayer upper={bite.upper} lower={bite.lower} result={bite.result} clippingPlanes={clipping} />
      )}
      {caseId && (
        <PinsLayer
          tool={pins}
          size={size * 0.006}
          visibleFiles={visibleFiles}
          targets={targets}
          clip={clip?.plane ?? null}
          box={box}
        />
      )}
      <Capture onReady={onCaptureReady} />
      <Precompile />
      <Reveal revealed={shown} total={total} complete={complete} onNext={onNext} onDrawn={onDrawn} />
    </Canvas>
  );
}
