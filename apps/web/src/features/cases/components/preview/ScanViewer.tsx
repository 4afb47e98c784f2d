import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Result, Typography } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/ui/toast.ts';
import { saveBlob } from '../../../../shared/download.ts';
import { jawOf, screenshotName } from './scan-files.ts';
import { Box3, Plane, type Mesh } from 'three';
import {
  MARK_FIRST_FRAME,
  useScans,
  type ScanState,
  type ViewerFile,
} from '../../../../shared/viewer-core/use-scans.ts';
import { BitePanel } from './BitePanel.tsx';
import { useBite } from './use-bite.ts';
import { PinComposer } from './PinComposer.tsx';
import { PinLabels } from '../../../../shared/mesh-view/PinMarkers.tsx';
import { usePins } from './use-pins.ts';
import { joinPoints } from '../../../../shared/viewer-core/fit.ts';
import type { PickTarget } from './pointer-pick.ts';
import { DEFAULT_SECTION, sectionPlane, type SectionSettings } from './section-plane.ts';
import { ViewerToolbar, type Surface } from './ViewerToolbar.tsx';
import { MeasurePanel, SectionPanel } from './ViewerPanels.tsx';
import { ViewerProgress } from './ViewerProgress.tsx';
import { ViewerScene } from './ViewerScene.tsx';
import { useBitePair, useMeasuring, useViews, useWidth } from './use-viewer.ts';
import { formatMm } from '../../../../shared/i18n/format.ts';

export type { ViewerFile } from '../../../../shared/viewer-core/use-scans.ts';

export interface ScanViewerProps {
  files: readonly ViewerFile[];
  token: string | null;
  /** For the screenshot's file name. */
  patient: string;
  /** The screenshot as a PNG, after it was saved (the comments dialog attaches it). */
  onScreenshot?: (blob: Blob) => void;
  /** The case: its remarks pinned to the scan (the Remark tool) come with it; without it there are none. */
  caseId?: string;
  /** A pin to show (a comment's "Show on the scan"): the camera flies there and opens it, again when it changes. */
  initialPin?: string | null;
}

const NO_FILES: readonly ViewerFile[] = [];

/** From this width of the viewer on, the bite and the remarks sit in a column beside the canvas. */
const WIDE = 900;
/** Below this width the remarks are behind a button (the canvas is too small to share). */
const PHONE = 600;

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
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // The downloads start once the canvas has its WebGL context: created while a worker parses at full speed, the
  // context waits for a CPU (a ~20 ms step becomes ~200 ms on two busy cores).
  const [canvasReady, setCanvasReady] = useState(false);
  const states = useScans(canvasReady ? files : NO_FILES, token);
  const { hidden, viewRequest, show, toggleFile } = useViews(files);
  const [surface, setSurface] = useState<Surface>('colour');
  const [opacity, setOpacity] = useState(100);
  const { measuring, setMeasuring, measurements, setMeasurements, pending, onPick, dropPending } =
    useMeasuring();
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
  const framing = useMemo(() => {
    const shown = ready.filter(({ file }) => !hidden.has(file.id));
    const framed = shown.length === 0 ? ready : shown;
    if (framed.length === 0 || !box) return null;
    const all = new Box3();
    for (const { state } of framed) all.union(state.box);
    return { box: all, points: joinPoints(framed.map(({ state }) => state.fit)) };
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

  const toggleMeasuring = () => {
    dropPending();
    if (!measuring) pins.setPlacing(false);
    setMeasuring((on) => !on);
  };

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
  const { hasPair, pair, parts: biteParts } = useBitePair(files, states, readyKey, hidden);
  const bite = useBite(pair, biting);
  const biteShown = biting && bite.status === 'ready';
  const visibleFiles = useMemo(
    () => new Set(files.filter((f) => !hidden.has(f.id)).map((f) => f.id)),
    [files, hidden],
  );

  const allFailed = !loading && ready.length === 0 && failed.length > 0;

  const toggleRemark = () => {
    if (!pins.placing) {
      dropPending();
      setMeasuring(false);
    }
    pins.setPlacing(!pins.placing);
  };
  // The bite shows on the occlusal surfaces: turning it on turns the view to the lower jaw from above.
  const toggleBite = () => {
    if (!biting) show('lower');
    setBiting((on) => !on);
  };

  // Wide viewers put the bite and the remarks in a column beside the canvas; narrow ones keep the canvas's height
  // (the bite compact above it, the remarks behind a button on a phone).
  const width = useWidth(root);
  const wide = width >= WIDE;
  const phone = width > 0 && width < PHONE;
  const [remarksOpen, setRemarksOpen] = useState(false);
  const pinsShown = !!caseId && framed && (pins.placing || pins.pins.length > 0);
  const remarks = pinsShown && <PinComposer tool={pins} list={!phone || remarksOpen} />;
  const side = wide && (biting || pinsShown);

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
      data-layout={wide ? 'wide' : phone ? 'phone' : 'narrow'}
    >
      <ViewerToolbar
        files={files}
        states={states}
        labels={labels}
        hidden={hidden}
        onToggleFile={toggleFile}
        surface={surface}
        onSurface={setSurface}
        opacity={opacity}
        onOpacity={setOpacity}
        hasBox={!!box}
        framed={framed}
        onView={show}
        onScreenshot={() => void screenshot()}
        shooting={shooting}
        measuring={measuring}
        onMeasure={toggleMeasuring}
        sectioning={sectioning}
        onSection={() => setSectioning((on) => !on)}
        hasPair={hasPair}
        biting={biting}
        onBite={toggleBite}
        remarks={!!caseId}
        placing={pins.placing}
        onRemark={toggleRemark}
      />
      {measuring && (
        <MeasurePanel
          pickable={pickable}
          pending={!!pending}
          empty={measurements.length === 0 && !pending}
          onClear={() => {
            dropPending();
            setMeasurements([]);
          }}
        />
      )}
      {sectioning && <SectionPanel section={section} onChange={setSection} />}
      {biting && !wide && (
        <div className="scan-viewer-panel" data-testid="viewer-bite">
          <BitePanel state={bite} compact />
        </div>
      )}
      <div className="scan-viewer-body">
        <div className="scan-viewer-stage">
          {!allFailed && (
            <ViewerScene
              root={root}
              onCreated={() => setCanvasReady(true)}
              parts={parts}
              shown={shown}
              total={parts.length}
              complete={!loading}
              onNext={next}
              onDrawn={onDrawn}
              hidden={hidden}
              colours={surface === 'colour'}
              opacity={opacity}
              box={box}
              framing={framing}
              size={size}
              viewRequest={viewRequest}
              clip={clipping && cut ? { plane, normal: cut.normal, d: cut.d } : null}
              planes={planes}
              bvhs={bvhs}
              onSegments={setSegments}
              targets={targets}
              measuring={measuring}
              marker={marker}
              onPick={onPick}
              measurements={measurements}
              pending={pending}
              format={(mm) => formatMm(mm, 2)}
              onRemove={(m) => setMeasurements((ms) => ms.filter((x) => x.id !== m.id))}
              bite={biteShown && biteParts ? { ...biteParts, result: bite.result } : null}
              caseId={caseId}
              pins={pins}
              visibleFiles={visibleFiles}
              onCaptureReady={onCaptureReady}
            />
          )}
          {caseId && (
            <PinLabels pins={pins.pins} openId={pins.openId} onOpen={pins.setOpenId} overlay={pins.overlay} />
          )}
          {pinsShown && phone && pins.pins.length > 0 && (
            <Button
              size="small"
              type={remarksOpen ? 'primary' : 'default'}
              className="scan-viewer-pins-toggle"
              icon={<PushpinOutlined />}
              aria-expanded={remarksOpen}
              onClick={() => setRemarksOpen((o) => !o)}
              data-testid="viewer-pins-toggle"
            >
              {t('cases.viewer.pins.toggle', { count: pins.pins.length })}
            </Button>
          )}
          {pinsShown && !side && (pins.placing || !phone || remarksOpen) && (
            <div className="scan-viewer-pins">{remarks}</div>
          )}
          {loading && <ViewerProgress list={list} labels={labels} received={received} total={total} />}
          {allFailed && (
            <Result
              status="warning"
              title={t('cases.viewer.allFailed')}
              subTitle={failureText(t, failed[0]!.file.name, failed[0]!.state!)}
              data-testid="viewer-failed"
            />
          )}
        </div>
        {side && (
          <aside className="scan-viewer-side" data-testid="viewer-side">
            {biting && (
              <div className="scan-viewer-panel" data-testid="viewer-bite">
                <BitePanel state={bite} />
              </div>
            )}
            {pinsShown && <div className="scan-viewer-pins-side">{remarks}</div>}
          </aside>
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
