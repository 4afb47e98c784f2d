/// <reference lib="webworker" />
import { meshBuffers, meshFromBytes } from './mesh-data.ts';
import type { MeshReply, MeshRequest } from './load-mesh-worker-protocol.ts';

/** One mesh file per worker: download with the caller's token, read (PLY, STL, OBJ), normals, transfer the arrays. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<MeshRequest>) => {
  const { url, token } = event.data;
  const reply = (message: MeshReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (cause) {
    return reply({ type: 'failed', reason: 'network', httpStatus: 0, key: null, message: String(cause) });
  }
  if (!response.ok) {
    let key: string | null = null;
    let message = response.statusText;
    try {
      const body = (await response.json()) as { errorMessage?: string; data?: { key?: string } };
      key = body.data?.key ?? null;
      message = body.errorMessage ?? message;
    } catch {
      // Not an envelope: the status says enough.
    }
    return reply({ type: 'failed', reason: 'refused', httpStatus: response.status, key, message });
  }
  try {
    const mesh = meshFromBytes(new Uint8Array(await response.arrayBuffer()));
    reply({ type: 'done', mesh }, meshBuffers(mesh));
  } catch (cause) {
    reply({ type: 'failed', reason: 'unreadable', httpStatus: 0, key: null, message: String(cause) });
  }
};
