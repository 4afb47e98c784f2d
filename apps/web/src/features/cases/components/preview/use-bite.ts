import { useEffect, useState } from 'react';
import type { BufferGeometry } from 'three';
import { biteKey, readBite, writeBite } from './bite-cache.ts';
import type {
  BiteJaw,
  BiteJawInput,
  BiteReply,
  BiteRequest,
  BiteResult,
  BiteSide,
} from './bite-worker-protocol.ts';

/** A jaw of the pair as the viewer holds it: its file and its geometries (parts) in order. */
export interface BiteJawSource {
  fileId: string;
  geometries: readonly BufferGeometry[];
}

export type BiteState =
  | { status: 'idle' }
  | { status: 'computing'; fraction: number }
  | { status: 'ready'; result: BiteResult }
  | { status: 'failed' };

const IDLE: BiteState = { status: 'idle' };

/** A jaw's parts, the scene's own arrays (not to be transferred: the scene keeps drawing them). */
function inputOf(jaw: BiteJawSource): BiteJawInput {
  return {
    parts: jaw.geometries.map((g) => ({
      positions: g.getAttribute('position').array as Float32Array,
      indices: (g.getIndex()?.array as Uint32Array | undefined) ?? undefined,
    })),
  };
}

/** A copy of a jaw's arrays in fresh buffers of their own (a view's range only), with those buffers to transfer. */
function copyOf(jaw: BiteJawInput, transfer: ArrayBuffer[]): BiteJawInput {
  return {
    parts: jaw.parts.map((p) => {
      const positions = p.positions.slice();
      transfer.push(positions.buffer);
      if (!p.indices) return { positions };
      const indices = p.indices.slice();
      transfer.push(indices.buffer);
      return { positions, indices };
    }),
  };
}

const verticesOf = (jaw: BiteJawInput) => jaw.parts.reduce((n, p) => n + p.positions.length / 3, 0);

/** What `computeBite` needs of a worker (a Web Worker; a fake in tests). */
export interface BiteWorker {
  onmessage: ((event: MessageEvent<BiteReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: BiteRequest, transfer: Transferable[]): void;
  terminate(): void;
}

/** What `computeBite` reports: the whole bite's progress (0..1), then the result or a failure, once. */
export type BiteProgress =
  { status: 'computing'; fraction: number } | { status: 'ready'; result: BiteResult } | { status: 'failed' };

/**
 * The bite of two jaws in two workers at once, one side each (`bite.worker.ts`): each worker gets its own copy of
 * both jaws (it needs the other's surface), copied once and transferred, never structured-cloned. The progress is
 * the two sides' weighted by their vertices; the two answers are put together as one `BiteResult` when both came.
 * A worker failing fails the whole and stops the other; the returned function stops both (the viewer closed, the
 * bite switched off) and nothing is reported after it.
 */
export function computeBite(
  upper: BiteJawInput,
  lower: BiteJawInput,
  spawn: () => BiteWorker,
  report: (progress: BiteProgress) => void,
): () => void {
  const nu = verticesOf(upper);
  const nl = verticesOf(lower);
  const weight: Record<BiteSide, number> = {
    upper: nu + nl > 0 ? nu / (nu + nl) : 0.5,
    lower: nu + nl > 0 ? nl / (nu + nl) : 0.5,
  };
  const fraction: Record<BiteSide, number> = { upper: 0, lower: 0 };
  const done: Partial<Record<BiteSide, BiteJaw>> = {};
  const workers: BiteWorker[] = [];
  let over = false;
  const stop = () => {
    over = true;
    for (const w of workers) w.terminate();
  };
  const fail = () => {
    if (over) return;
    stop();
    report({ status: 'failed' });
  };
  for (const side of ['upper', 'lower'] as const) {
    const worker = spawn();
    workers.push(worker);
    worker.onmessage = (event) => {
      if (over) return;
      const reply = event.data;
      if (reply.type === 'failed') return fail();
      if (reply.type === 'progress') {
        fraction[side] = reply.fraction;
        report({
          status: 'computing',
          fraction: weight.upper * fraction.upper + weight.lower * fraction.lower,
        });
        return;
      }
      done[side] = reply.jaw;
      worker.terminate();
      if (done.upper && done.lower) {
        over = true;
        report({
          status: 'ready',
          result: { upper: done.upper, lower: done.lower, thresholds: reply.thresholds },
        });
      }
    };
    worker.onerror = fail;
    const transfer: ArrayBuffer[] = [];
    const request: BiteRequest = { side, upper: copyOf(upper, transfer), lower: copyOf(lower, transfer) };
    worker.postMessage(request, transfer);
  }
  return stop;
}

const spawnBiteWorker = (): BiteWorker =>
  new Worker(new URL('./bite.worker.ts', import.meta.url), { type: 'module' });

/**
 * The bite of an upper and a lower jaw once `active`: from the cache (memory, then IndexedDB) when it was computed
 * before, else in two Web Workers, a jaw each (`computeBite`), with its progress. The workers stop when the pair
 * changes, the bite is switched off or the viewer closes.
 */
export function useBite(
  pair: { upper: BiteJawSource; lower: BiteJawSource } | null,
  active: boolean,
): BiteState {
  const key = pair ? biteKey(pair.upper.fileId, pair.lower.fileId) : null;
  const [held, setHeld] = useState<{ key: string | null; state: BiteState }>({ key: null, state: IDLE });
  // Another pair (another case) starts from idle.
  const state = held.key === key ? held.state : IDLE;
  const ready = state.status === 'ready';

  useEffect(() => {
    if (!active || !pair || !key || ready) return;
    let stopWorkers: (() => void) | null = null;
    let stopped = false;
    const setState = (next: BiteState) => {
      if (!stopped || next.status === 'ready') setHeld({ key, state: next });
    };
    setState({ status: 'computing', fraction: 0 });
    void readBite(key).then((cached) => {
      if (stopped) return;
      if (cached) {
        setState({ status: 'ready', result: cached });
        return;
      }
      stopWorkers = computeBite(inputOf(pair.upper), inputOf(pair.lower), spawnBiteWorker, (progress) => {
        setState(progress);
        if (progress.status === 'ready') void writeBite(key, progress.result);
      });
    });
    return () => {
      stopped = true;
      stopWorkers?.();
      // Switched off before it finished: the next time starts again.
      setHeld((h) => (h.state.status === 'ready' ? h : { key, state: IDLE }));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pair's files decide it
  }, [active, key, ready]);

  return state;
}
