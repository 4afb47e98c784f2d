/**
 * The page `bench-preview.ts` opens in headless Chromium. `?mode=ours` mounts the app's real ScanViewer (its worker,
 * its geometry, its canvas); `?mode=three` does what a plain three.js page does: read the file, PLYLoader.parse on the
 * main thread, computeVertexNormals, draw once. Both report the last byte's time and the first frame's time on the
 * page's clock, and every long task (PerformanceObserver 'longtask') seen while loading, as `window.__bench`.
 */
import { startTransition, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Color,
  DirectionalLight,
  AmbientLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { ScanViewer } from '../../src/features/cases/components/preview/ScanViewer.tsx';
import { MeshView } from '../../src/shared/mesh-view/MeshView.tsx';
import { useMeshFiles } from '../../src/shared/mesh-view/use-mesh-file.ts';
import '../../src/features/cases/components/preview/preview.css';
import {
  MARK_FIRST_FRAME,
  MARK_FIRST_PART,
  MARK_LAST_BYTE,
  MARK_RECEIVED,
} from '../../src/shared/viewer-core/use-scans.ts';

interface BenchResult {
  lastByte: number;
  firstFrame: number;
  longTasks: number[];
  /** Each long task's start and duration (ms on the page's clock). */
  tasks: [number, number][];
  /** When the viewer was opened (long tasks before it are the page's own start). */
  opened: number;
  /** Ours: when the parsed arrays arrived on the page (the worker's work after the last byte ends here). */
  received?: number;
  /** Ours: the first frame that drew part of the scan. */
  firstPart?: number;
  /** How long this page's first WebGL context took (starts the browser's GPU side; before `opened`). */
  firstContextMs: number;
  triangles?: number;
}
declare global {
  interface Window {
    __bench?: BenchResult | { error: string };
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode');
const url = new URL(params.get('file')!, location.href).href;
const size = Number(params.get('size'));
const stage = document.getElementById('stage')!;

const longTasks: number[] = [];
const tasks: [number, number][] = [];
new PerformanceObserver((list) =>
  list.getEntries().forEach((e) => {
    longTasks.push(e.duration);
    tasks.push([e.startTime, e.duration]);
  }),
).observe({
  type: 'longtask',
  buffered: true,
});

/**
 * Reports once the page has been quiet for a second after the first frame: a long task still running (a frame
 * being composited, say) ends first, and the observer has delivered its entry.
 */
function finish(
  lastByte: number,
  firstFrame: number,
  triangles?: number,
  received?: number,
  firstPart?: number,
) {
  let seen = -1;
  let quietSince = performance.now();
  const check = () => {
    if (tasks.length !== seen) {
      seen = tasks.length;
      quietSince = performance.now();
    }
    if (performance.now() - quietSince >= 1000)
      window.__bench = {
        lastByte,
        firstFrame,
        longTasks,
        tasks,
        opened,
        firstContextMs,
        triangles,
        received,
        firstPart,
      };
    else setTimeout(check, 100);
  };
  requestAnimationFrame(() => setTimeout(check, 0));
}

function ours() {
  const done = () => {
    const last = performance.getEntriesByName(MARK_LAST_BYTE).at(-1);
    const first = performance.getEntriesByName(MARK_FIRST_FRAME).at(-1);
    const received = performance.getEntriesByName(MARK_RECEIVED).at(-1);
    const part = performance.getEntriesByName(MARK_FIRST_PART).at(-1);
    if (last && first)
      finish(last.startTime, first.startTime, undefined, received?.startTime, part?.startTime);
    else setTimeout(done, 20);
  };
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName(MARK_FIRST_FRAME).length > 0) {
      observer.disconnect();
      done();
    }
  }).observe({ type: 'mark' });
  // As the preview dialog does: the viewer's first render is a transition (React renders it in slices).
  startTransition(() =>
    createRoot(stage).render(
      <QueryClientProvider client={new QueryClient()}>
        <ScanViewer files={[{ id: 'scan', name: 'scan.ply', size, url }]} token={null} patient="bench" />
      </QueryClientProvider>,
    ),
  );
}

/** `?mode=mesh`: the shared MeshView (model comparison, the share page) with its file hook, as those pages use it. */
function MeshPage({ onDrawn }: { onDrawn: () => void }) {
  const files = useMemo(() => [{ id: 'scan', url }], []);
  const { scans, states } = useMeshFiles(files, null);
  if (states.scan?.status === 'failed') throw new Error(states.scan.reason);
  return <MeshView scans={scans} label="bench" height={800} onDrawn={onDrawn} />;
}

function mesh() {
  const drawn = () => {
    const firstFrame = performance.now();
    performance.mark(MARK_FIRST_FRAME);
    finish(opened, firstFrame);
  };
  startTransition(() => createRoot(stage).render(<MeshPage onDrawn={drawn} />));
}

async function three() {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(1);
  renderer.setSize(1280, 800);
  stage.appendChild(renderer.domElement);
  const scene = new Scene();
  scene.background = new Color(0xeef1f5);
  scene.add(new AmbientLight(0xffffff, 0.6));
  const light = new DirectionalLight(0xffffff, 1.5);
  light.position.set(0, 1, 0.4);
  scene.add(light);
  const camera = new PerspectiveCamera(35, 1280 / 800, 0.5, 5000);
  camera.up.set(0, 0, 1);

  const response = await fetch(url);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const lastByte = performance.now();
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const geometry = new PLYLoader().parse(bytes.buffer);
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  const sphere = geometry.boundingSphere!;
  scene.add(new Mesh(geometry, new MeshStandardMaterial({ vertexColors: true })));
  camera.position.copy(sphere.center).add({ x: 0, y: sphere.radius * 3.5, z: sphere.radius });
  camera.lookAt(sphere.center);
  renderer.render(scene, camera);
  const firstFrame = performance.now();
  finish(lastByte, firstFrame, geometry.index ? geometry.index.count / 3 : 0);
}

/**
 * As in the app, the browser's GPU side is already up when a preview opens: one WebGL context first (timed and
 * reported apart, the same for both viewers), then a quiet moment, then the viewer opens.
 */
const started = performance.now();
const warm = document.createElement('canvas').getContext('webgl2');
const firstContextMs = performance.now() - started;
let opened = 0;
setTimeout(() => {
  opened = performance.now();
  (mode === 'ours' ? Promise.resolve(ours()) : mode === 'mesh' ? Promise.resolve(mesh()) : three())
    .catch((error: unknown) => (window.__bench = { error: String(error) }))
    .finally(() => warm?.isContextLost());
}, 500);
