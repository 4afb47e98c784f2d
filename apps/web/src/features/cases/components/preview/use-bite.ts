import { useEffect, useState } from 'react';
import type { BufferGeometry } from 'three';
import { biteKey, readBite, writeBite } from './bite-cache.ts';
import type { BiteJawInput, BiteReply, BiteRequest, BiteResult } from './bite-worker-protocol.ts';

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

function inputOf(jaw: BiteJawSource): BiteJawInput {
  return {
    parts: jaw.geometries.map((g) => ({
      positions: g.getAttribute('position').array as Float32Array,
      indices: (g.getIndex()?.array as Uint32Array | undefined) ?? undefined,
    })),
  };
}

/**
 * The bite of an upper and a lower jaw once `active`: from the cache (memory, then IndexedDB) when it was computed
 * before, else in a Web Worker (`bite.worker.ts`: the page's thread only copies the arrays into the message), with
 * its progress. The worker stops when the pair changes or the viewer closes.
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
    let worker: Worker | null = null;
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
      worker = new Worker(new URL('./bite.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<BiteReply>) => {
        const reply = event.data;
        if (reply.type === 'progress') setState({ status: 'computing', fraction: reply.fraction });
        else if (reply.type === 'done') {
          setState({ status: 'ready', result: reply.result });
          void writeBite(key, reply.result);
          worker?.terminate();
        } else {
          setState({ status: 'failed' });
          worker?.terminate();
        }
      };
      worker.onerror = () => {
        setState({ status: 'failed' });
        worker?.terminate();
      };
      // Copies, not transfers: the arrays stay the scene's.
      const request: BiteRequest = { upper: inputOf(pair.upper), lower: inputOf(pair.lower) };
      worker.postMessage(request);
    });
    return () => {
      stopped = true;
      worker?.terminate();
      // Switched off before it finished: the next time starts again.
      setHeld((h) => (h.state.status === 'ready' ? h : { key, state: IDLE }));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pair's files decide it
  }, [active, key, ready]);

  return state;
}
