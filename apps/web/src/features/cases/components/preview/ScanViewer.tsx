import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Progress, Result, Segmented, Slider, Typography } from 'antd';
import { AimOutlined, CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Canvas } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { toast } from '../../../../shared/ui/toast.ts';
import { saveBlob } from '../../../../shared/download.ts';
import { jawOf, percentOf, screenshotName } from './scan-files.ts';
import {
  BACKGROUND,
  Capture,
  display,
  Fit,
  FOV,
  Headlight,
  materialOf,
  Precompile,
  Reveal,
  WHITE,
} from './scene.tsx';
import { MARK_FIRST_FRAME, useScans, type ScanState, type ViewerFile } from './use-scans.ts';

export interface ScanViewerProps {
  files: readonly ViewerFile[];
  token: string | null;
  /** For the screenshot's file name. */
  patient: string;
  /** The screenshot as a PNG, after it was saved (the comments dialog attaches it). */
  onScreenshot?: (blob: Blob) => void;
}

type Surface = 'colour' | 'plaster';

const NO_FILES: readonly ViewerFile[] = [];

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
 * pinch), pan (right drag, two fingers); reset view; one toggle per file (upper/lower jaw by its name); true colour
 * or plaster; opacity; a PNG screenshot of the current view.
 */
export function ScanViewer({ files, token, patient, onScreenshot }: ScanViewerProps) {
  const { t } = useTranslation();
  // The downloads start once the canvas has its WebGL context: created while a worker parses at full speed, the
  // context waits for a CPU (a ~20 ms step becomes ~200 ms on two busy cores).
  const [canvasReady, setCanvasReady] = useState(false);
  const states = useScans(canvasReady ? files : NO_FILES, token);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [surface, setSurface] = useState<Surface>('colour');
  const [opacity, setOpacity] = useState(100);
  const [resets, setResets] = useState(0);
  const [framed, setFramed] = useState(false);
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

  // The sphere around every loaded scan, shown or not (hiding a jaw does not move the camera).
  const readyKey = ready.map(({ file }) => file.id).join();
  const sphere = useMemo(() => {
    const spheres = ready.map(({ state }) => state.sphere);
    if (spheres.length === 0) return null;
    const all = spheres[0]!.clone();
    for (const s of spheres.slice(1)) all.union(s);
    return all;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the set of loaded files decides it
  }, [readyKey]);

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

  const allFailed = !loading && ready.length === 0 && failed.length > 0;
  const colours = surface === 'colour';

  return (
    <div
      className="scan-viewer"
      data-testid="scan-viewer"
      data-frame={framed ? 'drawn' : 'waiting'}
      data-surface={surface}
      data-hidden={[...hidden].join(',')}
    >
      <Flex className="scan-viewer-toolbar" gap={8} align="center" wrap>
        <Flex gap={4} wrap className="scan-viewer-files">
          {files.map((file, i) => (
            <Checkbox
              key={file.id}
              checked={!hidden.has(file.id)}
              disabled={states[file.id]?.status !== 'ready'}
              onChange={(e) =>
                setHidden((h) => {
                  const next = new Set(h);
                  if (e.target.checked) next.delete(file.id);
                  else next.add(file.id);
                  return next;
                })
              }
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
            onClick={() => setResets((n) => n + 1)}
            disabled={!sphere}
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
              <mesh key={key} geometry={geometry} visible={!hidden.has(fileId)}>
                <meshStandardMaterial
                  key={`${surface}-${opacity < 100}`}
                  {...materialOf(colours, state.hasColors)}
                  transparent={opacity < 100}
                  opacity={opacity / 100}
                />
              </mesh>
            ))}
            <OrbitControls makeDefault enableDamping={false} />
            <Fit sphere={sphere} resets={resets} />
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
