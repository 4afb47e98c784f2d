/**
 * The pieces of the 3D preview's scene (inside the R3F canvas): colours and materials, the camera rig (fitting,
 * standard views, resizing), the head light, the screenshot, programs compiled while the scan downloads, and parts revealed one per
 * finished frame. ScanViewer puts them together.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  LinearSRGBColorSpace,
  Mesh,
  MeshStandardMaterial,
  Vector3,
  WebGLRenderTarget,
  type Box3,
  type EventDispatcher,
  type PerspectiveCamera,
} from 'three';
import { MARK_FIRST_PART } from '../../../../shared/viewer-core/use-scans.ts';
import { boxPoints, fitDistanceFrom, fitPlacement } from '../../../../shared/viewer-core/fit.ts';
import {
  between,
  DEFAULT_DIRECTION,
  directionText,
  ease,
  VIEW_DIRECTIONS,
  type Placement,
  type ViewName,
} from './views.ts';
/**
 * Colours as shown on screen: the canvas draws without colour-space conversion (`linear`), so scanner vertex
 * colours (sRGB bytes) appear exactly as stored, and these are given in the same display values.
 */
export const display = (hex: number) =>
  new Color().setRGB(
    ((hex >> 16) & 255) / 255,
    ((hex >> 8) & 255) / 255,
    (hex & 255) / 255,
    LinearSRGBColorSpace,
  );
const PLASTER = display(0xede4d3);
export const WHITE = display(0xffffff);
export const BACKGROUND = display(0xeef1f5);

/** What the camera rig needs of the orbit controls (drei's makeDefault puts them in the store). */
interface Controls {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  update(): void;
}

/** The scan's material in each look (its program is compiled while the scan downloads). */
export const materialOf = ({ colours, hasColors }: { colours: boolean; hasColors: boolean }) => ({
  vertexColors: colours && hasColors,
  color: colours ? WHITE : PLASTER,
  roughness: colours ? 0.85 : 0.7,
  metalness: 0,
});

export const FOV = 35;

/** How long a turn to a standard view takes (ms). */
export const TURN_MS = 300;

/** What the camera rig is asked to do: show a view (animated), counted so the same view can be asked twice. */
export interface ViewRequest {
  view: ViewName | 'default';
  seq: number;
}

/**
 * Places the camera: fitted to the scans' points as seen from the view's direction (fit.ts: centred, FILL of the
 * limiting side) when they first appear, and turned (animated, TURN_MS, eased) to a standard view or back to the first one on each
 * request. When the canvas changes size, the current view is fitted again, unless the person has moved the camera
 * since (orbit, zoom, pan): then their view is kept, its distance scaled by how much the fitting distance changed,
 * so the scan keeps its share of the canvas and nothing is cut off. Writes `data-view` (the standard view shown, or
 * `free` once moved) and `data-camera` (the direction the camera looks, rounded) on `root`, without a re-render.
 */
export function CameraRig({
  box,
  points,
  request,
  root,
}: {
  box: Box3 | null;
  /** The points the shown scans are fitted by (fit.ts fitPoints); the box's corners without them. */
  points: Float32Array | null;
  request: ViewRequest;
  root: RefObject<HTMLElement | null>;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const state = useRef({
    view: 'default' as ViewName | 'default',
    moved: false,
    aspect: 0,
    seq: request.seq,
    /** The rig itself is moving the camera (its change events are not the person's). */
    applying: false,
  });
  const turn = useRef<{ from: Placement; to: Placement; start: number } | null>(null);
  const scratch = useRef<Placement>({ position: new Vector3(), target: new Vector3() });

  const target = useCallback(() => (controls ? controls.target : new Vector3()), [controls]);
  const shape = useMemo(
    () => (points && points.length > 0 ? points : box ? boxPoints(box.min, box.max) : new Float32Array(0)),
    [points, box],
  );
  const report = useCallback(() => {
    const el = root.current;
    if (!el) return;
    el.dataset.view = state.current.moved ? 'free' : state.current.view;
    const looking = new Vector3().subVectors(target(), camera.position).normalize();
    el.dataset.camera = directionText(looking);
  }, [root, camera, target]);
  const apply = useCallback(
    (p: Placement) => {
      state.current.applying = true;
      camera.position.copy(p.position);
      if (controls) {
        controls.target.copy(p.target);
        controls.update();
      } else camera.lookAt(p.target);
      state.current.applying = false;
    },
    [camera, controls],
  );
  const fitted = useCallback(
    (view: ViewName | 'default', aspect: number): Placement | null => {
      if (!box || box.isEmpty()) return null;
      const direction = view === 'default' ? DEFAULT_DIRECTION : VIEW_DIRECTIONS[view];
      const placed = fitPlacement(shape, direction, FOV, aspect);
      if (!placed) return null;
      return {
        position: placed.target.clone().addScaledVector(direction, placed.distance),
        target: placed.target,
      };
    },
    [box, shape],
  );

  // The camera's range for this box: close enough for the nearest zoom, far enough for the farthest.
  const bx = box ? `${box.min.toArray().join()},${box.max.toArray().join()}` : '';
  useEffect(() => {
    if (!box || box.isEmpty()) return;
    const r = box.getSize(new Vector3()).length() / 2;
    const far = (r / Math.sin(((FOV / 2) * Math.PI) / 180)) * 8;
    camera.near = r / 200;
    camera.far = far + r * 2;
    camera.updateProjectionMatrix();
    if (controls) {
      controls.maxDistance = far;
      controls.minDistance = r / 20;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the box's corners decide it
  }, [bx, camera, controls]);

  // First placement, and again on every change of size.
  useEffect(() => {
    const aspect = width / Math.max(1, height);
    const s = state.current;
    if (!s.moved) {
      const p = fitted(s.view, aspect);
      if (!p) return;
      turn.current = null;
      apply(p);
    } else if (s.aspect > 0 && box) {
      // Moved by hand: the same direction and target, the distance scaled as the fitting distance changed.
      const offset = new Vector3().subVectors(camera.position, target());
      const before = fitDistanceFrom(shape, target(), offset, FOV, s.aspect);
      const after = fitDistanceFrom(shape, target(), offset, FOV, aspect);
      if (before > 0)
        apply({
          position: target()
            .clone()
            .addScaledVector(offset, after / before),
          target: target().clone(),
        });
    }
    s.aspect = aspect;
    report();
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the box's corners and the points decide it
  }, [bx, points, width, height, fitted, apply, report, invalidate]);

  // A view asked for: turn there.
  useEffect(() => {
    const s = state.current;
    if (request.seq === s.seq) return;
    s.seq = request.seq;
    const to = fitted(request.view, width / Math.max(1, height));
    if (!to) return;
    s.view = request.view;
    s.moved = false;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
      // No motion wanted: there at once.
      turn.current = null;
      apply(to);
      report();
      invalidate();
      return;
    }
    turn.current = {
      from: { position: camera.position.clone(), target: target().clone() },
      to,
      start: performance.now(),
    };
    invalidate();
  }, [request, fitted, width, height, camera, target, apply, report, invalidate]);

  // The person moving the camera (a change the rig did not make: a click without a drag makes none) ends a turn and
  // frees the view; every change updates data-camera.
  useEffect(() => {
    const c = controls as unknown as EventDispatcher<{ change: object }> | null;
    if (!c) return;
    const onChange = () => {
      if (!state.current.applying) {
        turn.current = null;
        state.current.moved = true;
      }
      report();
    };
    c.addEventListener('change', onChange);
    return () => c.removeEventListener('change', onChange);
  }, [controls, report]);

  useFrame(() => {
    const t = turn.current;
    if (!t) return;
    const k = Math.min(1, (performance.now() - t.start) / TURN_MS);
    if (k >= 1) {
      turn.current = null;
      apply(t.to);
    } else {
      apply(between(t.from, t.to, ease(k), scratch.current));
      invalidate();
    }
    report();
  });
  return null;
}

/** A light that goes with the camera, so the side one looks at is always lit. */
export function Headlight() {
  const camera = useThree((s) => s.camera);
  return (
    <primitive object={camera}>
      <pointLight decay={0} intensity={1.6} />
    </primitive>
  );
}

/** Hands the parent a function that draws the current view once and reads it as a PNG. */
export function Capture({ onReady }: { onReady: (capture: () => Promise<Blob>) => void }) {
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
export function Precompile() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('color', new BufferAttribute(new Uint8Array(9), 3, true));
    const materials = [true, false].map(
      (c) => new MeshStandardMaterial(materialOf({ colours: c, hasColors: true })),
    );
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
export function Reveal({
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
