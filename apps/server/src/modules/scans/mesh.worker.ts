/**
 * The scan worker (a piscina worker thread): parses a scan and writes it in another format, or draws the case's
 * preview image. CPU-bound work never runs on the server's event loop. Bytes come and go as transferred buffers.
 * A malformed scan answers `{ error }` (the reader's code and message) rather than throwing, so that the runner can
 * tell a bad file (fail the job) from a dead worker (try again).
 */
import type { MessagePort } from 'node:worker_threads';
import { encode } from 'fast-png';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { convert, MeshError, readMesh, renderImage, triangleCount, type Mesh } from '@archway/mesh';
import { buildModelTask, compareTask, type ModelTask, type CompareTask } from './model-ops.ts';

export type ScanTask =
  | { op: 'convert'; bytes: Uint8Array; to: 'ply' | 'stl' }
  | { op: 'thumbnail'; files: Uint8Array[]; width: number; height: number }
  | ModelTask
  | CompareTask;

export interface ScanOutput {
  bytes: Uint8Array;
  triangles: number;
  /** What a comparison measured (numbers and the histogram). */
  stats?: Record<string, unknown>;
}

export type ScanResult = ScanOutput | { error: { code: string; message: string } };

/** Posts a task's progress (0 … 1) to the runner, at most once per percent. */
function progressTo(port: MessagePort | undefined): (f: number) => void {
  let last = -1;
  return (f) => {
    if (!port || f - last < 0.01) return;
    last = f;
    port.postMessage(f);
  };
}

function run(task: ScanTask): ScanOutput {
  if (task.op === 'model') return buildModelTask(task, progressTo(task.port));
  if (task.op === 'compare') return compareTask(task, progressTo(task.port));
  if (task.op === 'convert') {
    // To PLY, an STL's corners are merged into shared vertices as they are read.
    const mesh = readMesh(task.bytes, { weld: task.to === 'ply' });
    return { bytes: convert(mesh, task.to), triangles: triangleCount(mesh) };
  }
  const meshes: Mesh[] = task.files.map((f) => readMesh(f));
  const image = renderImage(meshes, { width: task.width, height: task.height });
  const png = encode({ width: image.width, height: image.height, data: image.data, channels: 4 });
  return { bytes: png, triangles: meshes.reduce((n, m) => n + triangleCount(m), 0) };
}

export default function scanWorker(task: ScanTask): ScanResult {
  try {
    const result = run(task);
    // Transferred, not copied: a converted scan can be a hundred megabytes.
    return move({
      get [transferableSymbol]() {
        return [result.bytes.buffer];
      },
      get [valueSymbol]() {
        return result;
      },
    }) as unknown as ScanResult;
  } catch (err) {
    if (err instanceof MeshError) return { error: { code: err.code, message: err.message } };
    throw err;
  } finally {
    if ('port' in task) task.port?.close();
  }
}
