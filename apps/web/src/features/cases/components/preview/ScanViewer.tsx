import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Progress,
  Result,
  Segmented,
  Slider,
  Tooltip,
  Typography,
} from 'antd';
import {
  AimOutlined,
  CameraOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  DeleteOutlined,
  DownSquareOutlined,
  HeatMapOutlined,
  LeftSquareOutlined,
  PushpinOutlined,
  RightSquareOutlined,
  RollbackOutlined,
  ScissorOutlined,
  SmileOutlined,
  SwapOutlined,
  UpSquareOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Canvas } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { toast } from '../../../../shared/ui/toast.ts';
import { saveBlob } from '../../../../shared/download.ts';
import { jawOf, percentOf, screenshotName } from './scan-files.ts';
import { Box3, Plane, type Mesh } from 'three';
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
import { MARK_FIRST_FRAME, useScans, type ScanState, type ViewerFile } from './use-scans.ts';
import { VIEW_NAMES, type ViewName } from './views.ts';
import { BiteLayer, type BitePart } from './BiteLayer.tsx';
import { BitePanel } from './BitePanel.tsx';
import { useBite, type BiteJawSource } from './use-bite.ts';
import { PinComposer } from './PinComposer.tsx';
import { PinLabels } from '../../../../shared/mesh-view/PinMarkers.tsx';
import { PinsLayer } from './PinsLayer.tsx';
import { usePins } from './use-pins.ts';
import type { Pick, PickTarget } from './picking.ts';
import {
  distanceOf,
  Marker,
  Measurements,
  usePicking,
  type Measurement,
  type Point3,
} from './MeasureTool.tsx';
import {
  DEFAULT_SECTION,
  LocalClipping,
  MAX_TILT,
  SECTION_PRESETS,
  SectionCap,
  SectionOutline,
  sectionPlane,
  type SectionPreset,
  type SectionSettings,
} from './SectionTool.tsx';

export interface ScanViewerProps {
  files: readonly ViewerFile[];
  token: string | null;
  /** For the screenshot's file name. */
  patient: string;
  /** The screenshot as a PNG, after it was saved (the comments dialog attaches it). */
  onScreenshot?: (blob: Blob) => void;
  /** The case: its remarks pinned to the scan (the Remark tool) come with it; without it there are none. */
  caseId?: string;
  /** A pin to open the viewer at (a comment's "Show on the scan"). */
  initialPin?: string | null;
}

type Surface = 'colour' | 'plaster';

const NO_FILES: readonly ViewerFile[] = [];
const NO_PLANES: Plane[] = [];

const VIEW_ICONS: Record<ViewName, ReactNode> = {
  upper: <UpSquareOutlined />,
  lower: <DownSquareOutlined />,
  front: <SmileOutlined />,
  left: <LeftSquareOutlined />,
  right: <RightSquareOutlined />,
  back: <RollbackOutlined />,
};

/** Picks the surface point under a click while measuring (inside the canvas: it needs the renderer and camera). */
function Picking(props: Parameters<typeof usePicking>[0]) {
  usePicking(props);
  return null;
}

/** Why a file could not be shown, in the reader's language. */
function failureText(
  t: (key: string, options?: Record<string, unknown>) => string,
  name: string,
  state: ScanState,
) {
  if (state.status !== 'failed') return '';
  if (state.key) return t(`errors.${state.key}`);
  if (state.httpStatus === 401) return t('errors.generic.sessionExpired');
  if (state.reason === 'unreadable') return t('cases.viewer.unreadable', { name });
  return t('cases.viewer.loadFailed', { name });
}

/**
 * The 3D view of a case's scans (loaded lazily: three.js stays out of the main bundle). Each file downloads and is
 * parsed in its own worker; the bar shows the bytes so far (all files, and each). Orbit (left drag), zoom (wheel,
 * pinch), pan (right drag, two fingers); reset view and the standard views (views.ts, scene.tsx CameraRig); one
 * toggle per file (upper/lower jaw by its name); true colour or plaster; opacity; a PNG screenshot of the current
 * view; measuring between points of the surface (MeasureTool.tsx) and a section (SectionTool.tsx), both picking on
 * the bounding-volume hierarchy each scan worker builds.
 */
export function ScanViewer({
  files,
  token,
  patient,
  onScreenshot,
  caseId,
  initialPin = null,
}: ScanViewerProps) {
  const { t, i18n } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // The downloads start once the canvas has its WebGL context: created while a worker parses at full speed, the
  // context waits for a CPU (a ~20 ms step becomes ~200 ms on two busy cores).
  const [canvasReady, setCanvasReady] = useState(false);
  const states = useScans(canvasReady ? files : NO_FILES, token);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [surface, setSurface] = useState<Surface>('colour');
  const [opacity, setOpacity] = useState(100);
  const [viewRequest, setViewRequest] = useState<ViewRequest>({ view: 'default', seq: 0 });
  // The jaws an occlusal view hid (the other jaw would stand between the camera and the teeth); shown again by the
  // next other view.
  const autoHidden = useRef<ReadonlySet<string>>(new Set());
  const show = (view: ViewName | 'default') => {
    setViewRequest((r) => ({ view, seq: r.seq + 1 }));
    const occlusal = view === 'upper' || view === 'lower';
    const own = files.filter((f) => occlusal && jawOf(f.name) === view).map((f) => f.id);
    const other = files
      .filter((f) => occlusal && jawOf(f.name) === (view === 'upper' ? 'lower' : 'upper'))
      .map((f) => f.id);
    const hide = own.length > 0 ? other : [];
    const before = autoHidden.current;
    setHidden((h) => {
      const next = new Set(h);
      for (const id of before) next.delete(id);
      for (const id of own) next.delete(id);
      for (const id of hide) next.add(id);
      return next;
    });
    autoHidden.current = new Set(hide.filter((id) => !hidden.has(id) || before.has(id)));
  };
  const [measuring, setMeasuring] = useState(false);
  const [measurements, setMeasurements] = useState<Measurement[]>([]);
  const [pending, setPending] = useState<Point3 | null>(null);
  const pendingRef = useRef<Point3 | null>(null);
  const nextId = useRef(1);
  const marker = useRef<Mesh>(null);
  const [sectioning, setSectioning] = useState(false);
  const [section, setSection] = useState<SectionSettings>(DEFAULT_SECTION);
  const [segments, setSegments] = useState(0);
  const [framed, setFramed] = useState(false);
  // The remarks pinned to the scan (PinsLayer, PinComposer) and the bite (BiteLayer, BitePanel).
  const pins = usePins({ caseId: caseId ?? null, initialPin, ready: framed });
  const [biting, setBiting] = useState(false);
  const [shooting, setShooting] = useState(false);
  const capture = useRef<(() => Promise<Blob>) | null>(null);
  const onCaptureReady = useCallback((c: () => Promise<Blob>) => (capture.current = c), []);

  const list = files.map((file) => ({ file, state: states[file.id] }));
  const ready = list.flatMap(({ file, state }) => (state?.status === 'ready' ? [{ file, state }] : []));
  const failed = list.filter(({ state }) => state?.status === 'failed');
  const loading = list.some(({ state }) => !state || state.status === 'loading');
  const received = list.reduce(
    (n, { state }) => n + (state?.status === 'ready' ? state.total : (state?.received ?? 0)),
    0,
  );
  const total = list.reduce((n, { state, file }) => n + (state?.total || file.size), 0);

  // The box around every loaded scan, shown or not (hiding a jaw does not move the camera or the section).
  const readyKey = ready.map(({ file }) => file.id).join();
  const box = useMemo(() => {
    if (ready.length === 0) return null;
    const all = new Box3();
    for (const { state } of ready) all.union(state.box);
    return all;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the set of loaded files decides it
  }, [readyKey]);
  const size = box ? box.getSize(box.min.clone()).length() : 0;
  // What the camera fits: the shown scans (all of them when none is shown). Hiding a jaw refits the view only
  // while the person has not moved the camera.
  const shownKey = ready.map(({ file }) => `${file.id}:${hidden.has(file.id)}`).join();
  const framedBox = useMemo(() => {
    const shown = ready.filter(({ file }) => !hidden.has(file.id));
    if (shown.length === 0) return box;
    const all = new Box3();
    for (const { state } of shown) all.union(state.box);
    return all;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loaded files and what is hidden decide it
  }, [shownKey, box]);

  // What picking and the outline work on: the shown files whose hierarchy has arrived.
  const bvhKey = ready
    .map(({ file, state }) => `${file.id}:${state.bvh ? 1 : 0}:${hidden.has(file.id)}`)
    .join();
  const targets = useMemo<PickTarget[]>(
    () =>
      ready.flatMap(({ file, state }) =>
        state.bvh && !hidden.has(file.id) ? [{ fileId: file.id, bvh: state.bvh }] : [],
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the files, their hierarchies and what is hidden decide it
    [bvhKey],
  );
  const bvhs = useMemo(() => targets.map((p) => p.bvh), [targets]);
  const pickable = targets.length > 0;

  // One plane the scan materials share; moved in place.
  const plane = useMemo(() => new Plane(), []);
  const planes = useMemo(() => [plane], [plane]);
  const cut = useMemo(() => (box ? sectionPlane(section, box, plane) : null), [section, box, plane]);
  const clipping = sectioning && !!cut;

  const onPick = useCallback((hit: Pick) => {
    const point: Point3 = [hit.point.x, hit.point.y, hit.point.z];
    const first = pendingRef.current;
    if (!first) {
      pendingRef.current = point;
      setPending(point);
      return;
    }
    pendingRef.current = null;
    setPending(null);
    const id = nextId.current++;
    setMeasurements((ms) => [...ms, { id, a: first, b: point }]);
  }, []);
  const toggleMeasuring = () => {
    pendingRef.current = null;
    setPending(null);
    if (!measuring) pins.setPlacing(false);
    setMeasuring((on) => !on);
  };
  const millimetres = useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [i18n.language],
  );

  const labels = useMemo(() => {
    const jaws = files.map((f) => jawOf(f.name));
    return files.map((f, i) => {
      const jaw = jaws[i];
      const unique = jaw && jaws.filter((j) => j === jaw).length === 1;
      return unique ? t(`cases.viewer.jaw.${jaw}`) : f.name;
    });
  }, [files, t]);

  const onDrawn = useCallback(() => {
    performance.mark(MARK_FIRST_FRAME);
    setFramed(true);
  }, []);

  const screenshot = async () => {
    if (!capture.current) return;
    setShooting(true);
    try {
      const blob = await capture.current();
      saveBlob(blob, screenshotName(patient, new Date()));
      onScreenshot?.(blob);
    } catch {
      toast(t('cases.viewer.screenshotFailed'));
    } finally {
      setShooting(false);
    }
  };

  // Every part of every loaded file, in order; the first `revealed` are in the scene (the very first at once).
  const parts = ready.flatMap(({ file, state }) =>
    state.geometries.map((geometry, i) => ({ key: `${file.id}:${i}`, fileId: file.id, geometry, state })),
  );
  const [revealed, setRevealed] = useState(0);
  const shown = Math.min(parts.length, Math.max(revealed, 1));
  const next = useCallback(() => setRevealed((n) => Math.max(n, 1) + 1), []);

  // The bite needs one upper and one lower jaw (by the files' names); it is computed once both are loaded.
  const upperFile = files.filter((f) => jawOf(f.name) === 'upper');
  const lowerFile = files.filter((f) => jawOf(f.name) === 'lower');
  const hasPair = upperFile.length === 1 && lowerFile.length === 1;
  const pair = useMemo(() => {
    const jaw = (file: ViewerFile | undefined): BiteJawSource | null => {
      if (!file) return null;
      const state = states[file.id];
      return state?.status === 'ready' ? { fileId: file.id, geometries: state.geometries } : null;
    };
    const upper = hasPair ? jaw(upperFile[0]) : null;
    const lower = hasPair ? jaw(lowerFile[0]) : null;
    return upper && lower ? { upper, lower } : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the set of loaded files decides it
  }, [readyKey, hasPair]);
  const bite = useBite(pair, biting);
  const biteShown = biting && bite.status === 'ready';
  // The bite's parts, the same arrays while the pair and what is hidden stay (BiteLayer builds its geometries once).
  const biteParts = useMemo(() => {
    const of = (jaw: BiteJawSource): BitePart[] =>
      jaw.geometries.map((geometry, i) => ({
        key: `bite:${jaw.fileId}:${i}`,
        fileId: jaw.fileId,
        geometry,
        visible: !hidden.has(jaw.fileId),
      }));
    return pair ? { upper: of(pair.upper), lower: of(pair.lower) } : null;
  }, [pair, hidden]);
  const visibleFiles = useMemo(
    () => new Set(files.filter((f) => !hidden.has(f.id)).map((f) => f.id)),
    [files, hidden],
  );

  const allFailed = !loading && ready.length === 0 && failed.length > 0;
  const colours = surface === 'colour';

  return (
    <div
      ref={root}
      className="scan-viewer"
      data-testid="scan-viewer"
      data-frame={framed ? 'drawn' : 'waiting'}
      data-surface={surface}
      data-hidden={[...hidden].join(',')}
      data-pickable={pickable ? 'yes' : 'no'}
      data-measurements={measurements.length}
      data-section={clipping ? 'on' : 'off'}
      data-section-segments={clipping ? segments : 0}
    >
      <Flex className="scan-viewer-toolbar" gap={8} align="center" wrap>
        <Flex gap={4} wrap className="scan-viewer-files">
          {files.map((file, i) => (
            <Checkbox
              key={file.id}
              checked={!hidden.has(file.id)}
              disabled={states[file.id]?.status !== 'ready'}
              onChange={(e) => {
                autoHidden.current = new Set([...autoHidden.current].filter((id) => id !== file.id));
                setHidden((h) => {
                  const next = new Set(h);
                  if (e.target.checked) next.delete(file.id);
                  else next.add(file.id);
                  return next;
                });
              }}
            >
              <span data-testid="viewer-file-toggle" data-jaw={jawOf(file.name) ?? 'other'}>
                {labels[i]}
              </span>
            </Checkbox>
          ))}
        </Flex>
        <Segmented<Surface>
          size="small"
          value={surface}
          onChange={setSurface}
          options={[
            { value: 'colour', label: t('cases.viewer.trueColour') },
            { value: 'plaster', label: t('cases.viewer.plaster') },
          ]}
          data-testid="viewer-surface"
        />
        <Flex gap={6} align="center" className="scan-viewer-opacity">
          <Typography.Text type="secondary">{t('cases.viewer.opacity')}</Typography.Text>
          <Slider
            min={10}
            max={100}
            step={5}
            value={opacity}
            onChange={setOpacity}
            tooltip={{ formatter: (v) => `${v ?? 0} %` }}
            aria-label={t('cases.viewer.opacity')}
            data-testid="viewer-opacity"
          />
        </Flex>
        <Flex gap={4} className="scan-viewer-buttons">
          <Button
            size="small"
            icon={<AimOutlined />}
            onClick={() => show('default')}
            disabled={!box}
            data-testid="viewer-reset"
          >
            {t('cases.viewer.reset')}
          </Button>
          <Button
            size="small"
            icon={<CameraOutlined />}
            onClick={() => void screenshot()}
            loading={shooting}
            disabled={!framed}
            data-testid="viewer-screenshot"
          >
            {t('cases.viewer.screenshot')}
          </Button>
        </Flex>
      </Flex>
      <Flex className="scan-viewer-toolbar scan-viewer-toolbar-tools" gap={8} align="center" wrap>
        <div
          className="scan-viewer-views"
          role="group"
          aria-label={t('cases.viewer.views.label')}
          data-testid="viewer-views"
        >
          {VIEW_NAMES.map((view) => (
            <Tooltip key={view} title={t(`cases.viewer.views.${view}Tip`)}>
              <Button
                size="small"
                icon={VIEW_ICONS[view]}
                disabled={!box}
                onClick={() => show(view)}
                data-testid={`viewer-view-${view}`}
              >
                {t(`cases.viewer.views.${view}`)}
              </Button>
            </Tooltip>
          ))}
        </div>
        <Flex gap={4} className="scan-viewer-tools" role="group" aria-label={t('cases.viewer.tools')}>
          <Button
            size="small"
            type={measuring ? 'primary' : 'default'}
            icon={<ColumnWidthOutlined />}
            aria-pressed={measuring}
            disabled={!box}
            onClick={toggleMeasuring}
            data-testid="viewer-tool-measure"
          >
            {t('cases.viewer.measure.button')}
          </Button>
          <Button
            size="small"
            type={sectioning ? 'primary' : 'default'}
            icon={<ScissorOutlined />}
            aria-pressed={sectioning}
            disabled={!box}
            onClick={() => setSectioning((on) => !on)}
            data-testid="viewer-tool-section"
          >
            {t('cases.viewer.section.button')}
          </Button>
          <Tooltip title={hasPair ? t('cases.viewer.bite.toolTip') : t('cases.viewer.bite.unavailable')}>
            <Button
              size="small"
              type={biting ? 'primary' : 'default'}
              icon={<HeatMapOutlined />}
              aria-pressed={biting}
              disabled={!hasPair || !box}
              onClick={() => setBiting((on) => !on)}
              data-testid="viewer-tool-bite"
            >
              {t('cases.viewer.bite.tool')}
            </Button>
          </Tooltip>
          {caseId && (
            <Tooltip title={t('cases.viewer.pins.toolTip')}>
              <Button
                size="small"
                type={pins.placing ? 'primary' : 'default'}
                icon={<PushpinOutlined />}
                aria-pressed={pins.placing}
                disabled={!box}
                onClick={() => {
                  if (!pins.placing) {
                    pendingRef.current = null;
                    setPending(null);
                    setMeasuring(false);
                  }
                  pins.setPlacing(!pins.placing);
                }}
                data-testid="viewer-tool-remark"
              >
                {t('cases.viewer.pins.tool')}
              </Button>
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {measuring && (
        <Flex className="scan-viewer-panel" gap={8} align="center" wrap data-testid="viewer-measure-panel">
          <Typography.Text
            type="secondary"
            className="scan-viewer-panel-hint"
            data-testid="viewer-measure-hint"
          >
            {!pickable
              ? t('cases.viewer.measure.preparing')
              : pending
                ? t('cases.viewer.measure.second')
                : t('cases.viewer.measure.first')}
          </Typography.Text>
          <Button
            size="small"
            icon={<DeleteOutlined />}
            disabled={measurements.length === 0 && !pending}
            onClick={() => {
              pendingRef.current = null;
              setPending(null);
              setMeasurements([]);
            }}
            data-testid="viewer-measure-clear"
          >
            {t('cases.viewer.measure.clear')}
          </Button>
        </Flex>
      )}
      {sectioning && (
        <Flex className="scan-viewer-panel" gap={8} align="center" wrap data-testid="viewer-section-panel">
          <Segmented<SectionPreset>
            size="small"
            value={section.preset}
            onChange={(preset) => setSection((s) => ({ ...s, preset }))}
            options={SECTION_PRESETS.map((p) => ({ value: p, label: t(`cases.viewer.section.${p}`) }))}
            aria-label={t('cases.viewer.section.plane')}
            data-testid="viewer-section-preset"
          />
          <Flex gap={6} align="center" className="scan-viewer-slider scan-viewer-section-position">
            <Typography.Text type="secondary">{t('cases.viewer.section.position')}</Typography.Text>
            <Slider
              min={0}
              max={100}
              step={1}
              value={section.position}
              onChange={(position) => setSection((s) => ({ ...s, position }))}
              tooltip={{ formatter: (v) => `${v ?? 0} %` }}
              aria-label={t('cases.viewer.section.position')}
            />
          </Flex>
          <Flex gap={6} align="center" className="scan-viewer-slider scan-viewer-section-tilt">
            <Typography.Text type="secondary">{t('cases.viewer.section.tilt')}</Typography.Text>
            <Slider
              min={-MAX_TILT}
              max={MAX_TILT}
              step={1}
              value={section.tilt}
              onChange={(tilt) => setSection((s) => ({ ...s, tilt }))}
              tooltip={{ formatter: (v) => `${v ?? 0}°` }}
              aria-label={t('cases.viewer.section.tilt')}
            />
          </Flex>
          <Button
            size="small"
            icon={<SwapOutlined />}
            aria-pressed={section.flipped}
            onClick={() => setSection((s) => ({ ...s, flipped: !s.flipped }))}
            data-testid="viewer-section-flip"
          >
            {t('cases.viewer.section.flip')}
          </Button>
          <Button
            size="small"
            icon={<AimOutlined />}
            onClick={() => setSection(DEFAULT_SECTION)}
            data-testid="viewer-section-reset"
          >
            {t('cases.viewer.section.reset')}
          </Button>
        </Flex>
      )}
      {biting && (
        <div className="scan-viewer-panel" data-testid="viewer-bite">
          <BitePanel state={bite} />
        </div>
      )}
      <div className="scan-viewer-stage">
        {!allFailed && (
          <Canvas
            frameloop="demand"
            linear
            flat
            dpr={[1, 2]}
            // offsetSize: the dialog opens with a zoom (a transform), which must not shrink the canvas.
            resize={{ scroll: false, offsetSize: true }}
            camera={{ fov: FOV, up: [0, 0, 1], position: [0, 150, 50], near: 0.5, far: 5000 }}
            gl={{ antialias: true, alpha: false, powerPreference: 'default' }}
            onCreated={() => setCanvasReady(true)}
            aria-label={t('cases.viewer.canvas')}
            data-testid="viewer-canvas"
          >
            <color attach="background" args={[BACKGROUND]} />
            <ambientLight intensity={0.55} />
            <hemisphereLight args={[WHITE, display(0x8a8478), 0.35]} />
            <Headlight />
            {parts.slice(0, shown).map(({ key, fileId, geometry, state }) => (
              <mesh key={key} geometry={geometry} visible={!hidden.has(fileId) && !biteShown}>
                <meshStandardMaterial
                  key={`${surface}-${opacity < 100}`}
                  {...materialOf(colours, state.hasColors)}
                  transparent={opacity < 100}
                  opacity={opacity / 100}
                  clippingPlanes={clipping ? planes : NO_PLANES}
                />
              </mesh>
            ))}
            {clipping &&
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
            <CameraRig box={framedBox} request={viewRequest} root={root} />
            <LocalClipping />
            {clipping && cut && (
              <SectionOutline bvhs={bvhs} normal={cut.normal} d={cut.d} onSegments={setSegments} />
            )}
            <Picking
              active={measuring && pickable}
              targets={targets}
              clip={clipping ? plane : null}
              marker={marker}
              onPick={onPick}
            />
            <Marker size={size * 0.008} object={marker} />
            <Measurements
              items={measurements}
              pending={measuring ? pending : null}
              size={size * 0.006}
              label={(m) =>
                t('cases.viewer.measure.distance', { value: millimetres.format(distanceOf(m.a, m.b)) })
              }
              remove={(m) => (
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('cases.viewer.measure.remove')}
                  title={t('cases.viewer.measure.remove')}
                  onClick={() => setMeasurements((ms) => ms.filter((x) => x.id !== m.id))}
                  data-testid="viewer-measure-remove"
                />
              )}
            />
            {biteShown && biteParts && (
              <BiteLayer
                upper={biteParts.upper}
                lower={biteParts.lower}
                result={bite.result}
                clippingPlanes={clipping ? planes : NO_PLANES}
              />
            )}
            {caseId && (
              <PinsLayer
                tool={pins}
                size={size * 0.006}
                visibleFiles={visibleFiles}
                targets={targets}
                clip={clipping ? plane : null}
              />
            )}
            <Capture onReady={onCaptureReady} />
            <Precompile />
            <Reveal
              revealed={shown}
              total={parts.length}
              complete={!loading}
              onNext={next}
              onDrawn={onDrawn}
            />
          </Canvas>
        )}
        {caseId && (
          <PinLabels pins={pins.pins} openId={pins.openId} onOpen={pins.setOpenId} overlay={pins.overlay} />
        )}
        {caseId && framed && (pins.placing || pins.pins.length > 0) && (
          <div className="scan-viewer-pins">
            <PinComposer tool={pins} />
          </div>
        )}
        {loading && (
          <div className="scan-viewer-progress" data-testid="viewer-progress">
            <Typography.Text>{t('cases.viewer.loading')}</Typography.Text>
            <Progress percent={percentOf(received, total)} size="small" data-testid="viewer-progress-total" />
            {files.length > 1 &&
              list.map(({ file, state }, i) => (
                <Flex key={file.id} gap={8} align="center" className="scan-viewer-progress-file">
                  <Typography.Text type="secondary" ellipsis className="scan-viewer-progress-name">
                    {labels[i]}
                  </Typography.Text>
                  <Progress
                    percent={
                      state?.status === 'ready'
                        ? 100
                        : percentOf(state?.received ?? 0, state?.total || file.size)
                    }
                    size="small"
                    status={state?.status === 'failed' ? 'exception' : undefined}
                  />
                </Flex>
              ))}
          </div>
        )}
        {allFailed && (
          <Result
            status="warning"
            title={t('cases.viewer.allFailed')}
            subTitle={failureText(t, failed[0]!.file.name, failed[0]!.state!)}
            data-testid="viewer-failed"
          />
        )}
      </div>
      {!allFailed && failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="viewer-file-failed"
          title={failed
            .map(({ file, state }) => `${file.name}: ${failureText(t, file.name, state!)}`)
            .join(' · ')}
        />
      )}
      <Typography.Text type="secondary" className="scan-viewer-hint">
        {t('cases.viewer.hint')}
      </Typography.Text>
    </div>
  );
}

export default ScanViewer;
