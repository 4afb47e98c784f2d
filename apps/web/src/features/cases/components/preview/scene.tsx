/**
 * The pieces of the 3D preview's scene (inside the R3F canvas): colours and materials, fitting the camera to the
 * scan, the head light, the screenshot, programs compiled while the scan downloads, and parts revealed one per
 * finished frame. ScanViewer puts them together.
 */
import { useEffect, useRef } from 'react';
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
  type PerspectiveCamera,
  type Sphere,
} from 'three';
import { MARK_FIRST_PART } from './use-scans.ts';
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

/** What Fit needs of the orbit controls (drei's makeDefault puts them in the store). */
interface Controls {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  update(): void;
}

/** The scan's material in each look (its program is compiled while the scan downloads). */
export const materialOf = (colours: boolean, hasColors: boolean) => ({
  vertexColors: colours && hasColors,
  color: colours ? WHITE : PLASTER,
  roughness: colours ? 0.85 : 0.7,
  metalness: 0,
});

/** The view from the front, a little above the bite (+z is up, +y towards the lips, as scans are stored). */
const VIEW_DIRECTION = new Vector3(0, 1, 0.35).normalize();
export const FOV = 35;

/** Puts the camera where the whole scan fills the view; again on every `resets` change (the reset button). */
export function Fit({ sphere, resets }: { sphere: Sphere | null; resets: number }) {
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
