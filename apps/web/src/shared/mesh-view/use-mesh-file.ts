import { useEffect, useState } from 'react';
import type { MeshData } from './mesh-data.ts';
import type { MeshFailure, MeshReply, MeshRequest } from './load-mesh-worker-protocol.ts';

export type MeshFileState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; mesh: MeshData }
  | ({ status: 'failed' } & Omit<MeshFailure, 'type'>);

/**
 * Downloads and reads one mesh file (PLY, STL, OBJ) in a Web Worker, with the caller's token: the page only receives
 * the typed arrays. `url` null: nothing to load. A new url stops the previous worker.
 */
export function useMeshFile(url: string | null, token: string | null): MeshFileState {
  const [state, setState] = useState<MeshFileState>({ status: 'idle' });
  useEffect(() => {
    if (!url) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    const worker = new Worker(new URL('./load-mesh.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<MeshReply>) => {
      const reply = event.data;
      if (reply.type === 'done') setState({ status: 'ready', mesh: reply.mesh });
      else setState({ ...reply, status: 'failed' });
      worker.terminate();
    };
    worker.onerror = (event) => {
      setState({ status: 'failed', reason: 'network', httpStatus: 0, key: null, message: event.message });
      worker.terminate();
    };
    worker.postMessage({ url, token } satisfies MeshRequest);
    return () => worker.terminate();
  }, [url, token]);
  return state;
}
