/**
 * The model builder's and the comparison's work, run in the scan worker thread (scan.worker.ts): read the scans,
 * build a watertight model with a base and write it as binary STL, or align one scan onto another and write the
 * moved scan coloured by its distance (binary PLY). Progress goes to the runner through `port`.
 */
import type { MessagePort } from 'node:worker_threads';
import { buildModel, compareMeshes, readMesh, triangleCount, writePly, writeStl } from '@archway/mesh';

export interface ModelTask {
  op: 'model';
  bytes: Uint8Array;
  baseHeight: number;
  baseKind: 'horseshoe' | 'solid';
  port?: MessagePort;
}

export interface CompareTask {
  op: 'compare';
  /** The reference scan. */
  a: Uint8Array;
  /** The scan moved onto it. */
  b: Uint8Array;
  port?: MessagePort;
}

export function buildModelTask(task: ModelTask, progress: (f: number) => void) {
  const mesh = readMesh(task.bytes, { weld: true });
  progress(0.1);
  const model = buildModel(mesh, {
    baseHeight: task.baseHeight,
    baseKind: task.baseKind,
    onProgress: (f) => progress(0.1 + 0.8 * f),
  });
  const bytes = writeStl(model);
  progress(1);
  return { bytes, triangles: triangleCount(model) };
}

export function compareTask(task: CompareTask, progress: (f: number) => void) {
  const a = readMesh(task.a, { weld: true });
  const b = readMesh(task.b, { weld: true });
  progress(0.1);
  const r = compareMeshes(a, b, { onProgress: (f) => progress(0.1 + 0.8 * f) });
  const bytes = writePly(r.coloured);
  progress(1);
  return {
    bytes,
    triangles: triangleCount(r.coloured),
    stats: {
      transform: r.transform,
      rotationDegrees: r.rotationDegrees,
      translation: r.translation,
      mean: r.mean,
      rms: r.rms,
      max: r.max,
      range: r.range,
      histogram: { edges: r.histogram.edges, counts: r.histogram.counts },
    },
  };
}
