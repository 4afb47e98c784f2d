import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Progress, Result, Segmented, Slider, Typography } from 'antd';
import { AimOutlined, CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  LinearSRGBColorSpace,
  Mesh,
  MeshStandardMaterial,
  Vector3,
  WebGLRenderTarget,
  type PerspectiveCamera,
  type Sphere,
} from 'three';
import { toast } from '../../../../shared/ui/toast.ts';
import { jawOf, percentOf, screenshotName } from './scan-files.ts';
import { MARK_FIRST_FRAME, MARK_FIRST_PART, useScans, type ScanState, type ViewerFile } from './use-scans.ts';

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

/**
 * Colours as shown on screen: the canvas draws without colour-space conversion (`linear`), so scanner vertex
 * colours (sRGB bytes) appear exactly as stored, and these are given in the same display values.
 */
const display = (hex: number) =>
  new Color().setRGB(
    ((hex >> 16) & 255) / 255,
    ((hex >> 8) & 255) / 255,
    (hex & 255) / 255,
    LinearSRGBColorSpace,
  );
const PLASTER = display(0xede4d3);
const WHITE = display(0xffffff);
const BACKGROUND = display(0xeef1f5);

/** What Fit needs of the orbit controls (drei's makeDefault puts them in the store). */
interface Controls {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  update(): void;
}

/** The scan's material in each look (its program is compiled while the scan downloads). */
const materialOf = (colours: boolean, hasColors: boolean) => ({
  vertexColors: colours && hasColors,
  color: colours ? WHITE : PLASTER,
  roughness: colours ? 0.85 : 0.7,
  metalness: 0,
});

/** The view from the front, a little above the bite (+z is up, +y towards the lips, as scans are stored). */
const VIEW_DIRECTION = new Vector3(0, 1, 0.35).normalize();
const FOV = 35;

/** Puts the camera where the whole scan fills the view; again on every `resets` change (the reset button). */
function Fit({ sphere, resets }: { sphere: Sphere | null; resets: number }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const cx = sphere?.center.x;
  const cy = sphere?.center.y;
  const cz = sphere?.center.z;
  const r = sphere?.radius;
  useEffect(() => {
    if (cx === undefined || cy === undefined || cz === undefined || !r) return;
    // The narrower of the two angles of view decides (a phone's canvas is taller than wide).
    const { width, height } = get().size;
    const half = Math.atan(Math.tan(((FOV / 2) * Math.PI) / 180) * Math.min(1, width / Math.max(1, height)));
    const distance = (r / Math.sin(half)) * 1.05;
    camera.position.set(cx, cy, cz).addScaledVector(VIEW_DIRECTION, distance);
    // Close enough for the nearest zoom, far enough for the farthest (maxDistance below).
    camera.near = r / 200;
    camera.far = distance * 6 + r * 2;
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.set(cx, cy, cz);
      controls.maxDistance = distance * 6;
      controls.minDistance = r / 20;
      controls.update();
    } else camera.lookAt(cx, cy, cz);
    invalidate();
  }, [camera, controls, invalidate, get, cx, cy, cz, r, resets]);
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

/** Hands the parent a function that draws the current view once and reads it as a PNG. */
function Capture({ onReady }: { onReady: (capture: () => Promise<Blob>) => void }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    onReady(
      () =>
        new Promise<Blob>((resolve, reject) => {
          // Drawn and read in the same task: the drawing buffer is still there (no preserveDrawingBuffer cost).
          gl.render(scene, camera);
          gl.domElement.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png');
        }),
    );
  }, [gl, scene, camera, onReady]);
  return null;
}

/**
 * Compiles the scan's shader programs (with and without vertex colours) as soon as the canvas exists, off the main
 * thread where the browser can (KHR_parallel_shader_compile), and draws with them once out of sight: the frame that
 * first shows the scan waits neither for a link nor for the first draw's set-up.
 */
function Precompile() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('color', new BufferAttribute(new Uint8Array(9), 3, true));
    const materials = [true, false].map((c) => new MeshStandardMaterial(materialOf(c, true)));
    const meshes = materials.map((m) => new Mesh(geometry, m));
    void Promise.all(meshes.map((m) => gl.compileAsync(m, camera, scene)))
      .then(() => {
        // One drawing of them into a 1×1 target, with the scene's lights: the first draw's one-time work (uniform
        // locations, extension queries: synchronous calls) is done now, not in the frame that first shows the scan.
        const target = new WebGLRenderTarget(1, 1);
        meshes.forEach((m) => scene.add(m));
        gl.setRenderTarget(target);
        gl.render(scene, camera);
        gl.setRenderTarget(null);
        meshes.forEach((m) => scene.remove(m));
        target.dispose();
      })
      .catch(() => undefined);
    // Kept until the viewer closes: disposing the last material of a program deletes the program.
    return () => {
      geometry.dispose();
      materials.forEach((m) => m.dispose());
    };
  }, [gl, scene, camera]);
  return null;
}

/**
 * Adds the loaded parts to the scene one at a time, each once the GPU has finished the frame before (a WebGL2 fence,
 * polled without blocking): an upload never queues behind a drawing still in progress, which would stall this thread.
 * Calls `onDrawn` once, right after the first frame that drew every part of every file.
 */
function Reveal({
  revealed,
  total,
  complete,
  onNext,
  onDrawn,
}: {
  revealed: number;
  total: number;
  /** Every file has settled (loaded or failed). */
  complete: boolean;
  onNext: () => void;
  onDrawn: () => void;
}) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const done = useRef(false);
  const first = useRef(false);
  const waiting = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    if (revealed < total) invalidate();
  }, [revealed, total, invalidate]);
  useFrame(() => {
    if (total > 0 && !first.current) {
      first.current = true;
      queueMicrotask(() => performance.mark(MARK_FIRST_PART));
    }
    if (revealed < total) {
      if (waiting.current) return;
      const ctx = gl.getContext();
      if (!('fenceSync' in ctx)) return onNext();
      waiting.current = true;
      // After this frame's render call: a fence behind its commands, then poll it between tasks.
      queueMicrotask(() => {
        const fence = ctx.fenceSync(ctx.SYNC_GPU_COMMANDS_COMPLETE, 0);
        ctx.flush();
        const poll = () => {
          // Closed, or the context is gone (its fences never signal): stop.
          if (!mounted.current || ctx.isContextLost()) return;
          if (fence && ctx.getSyncParameter(fence, ctx.SYNC_STATUS) !== ctx.SIGNALED)
            return void setTimeout(poll, 8);
          if (fence) ctx.deleteSync(fence);
          waiting.current = false;
          onNext();
        };
        setTimeout(poll, 0);
      });
    } else if (complete && total > 0 && !done.current) {
      done.current = true;
      // Runs after this frame's render call.
      queueMicrotask(onDrawn);
    }
  });
  return null;
}

function downloadBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
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
      downloadBlob(blob, screenshotName(patient, new Date()));
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
