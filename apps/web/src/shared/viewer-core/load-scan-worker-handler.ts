import {
  ScanLoadError,
  loadMesh,
  pickingOf,
  pickingTransferables,
  prepare,
  transferables,
  type PickingParts,
} from './load-scan.ts';
import { PROGRESS_INTERVAL_MS, type ScanReply, type ScanRequest } from './load-scan-worker-protocol.ts';

/**
 * The worker's answer to one request, separate from `self` so that tests drive it: progress at most every
 * PROGRESS_INTERVAL_MS (and always the last one), the time of the last byte, then the prepared scan with its
 * buffers transferred, or why it failed; after the scan, its bounding-volume hierarchy for picking and sections
 * (built from copies of the positions and indices: the scan's own arrays are gone with the transfer).
 */
export async function handleScanRequest(
  request: ScanRequest,
  post: (reply: ScanReply, transfer?: Transferable[]) => void,
  fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<void> {
  let last = -Infinity;
  try {
    const mesh = await loadMesh(fetcher, request.url, {
      token: request.token,
      size: request.size,
      onProgress: ({ received, total }) => {
        const t = performance.now();
        if (t - last < PROGRESS_INTERVAL_MS && received < total) return;
        last = t;
        post({ type: 'progress', received, total });
      },
      onLastByte: (at) => post({ type: 'lastByte', at }),
    });
    const scan = prepare(mesh);
    if (request.picking === false) return post({ type: 'done', scan }, transferables(scan));
    const positions = mesh.positions.slice();
    const indices = mesh.indices?.slice();
    post({ type: 'done', scan }, transferables(scan));
    let parts: PickingParts | null = null;
    try {
      parts = pickingOf(positions, indices);
    } catch {
      // A hierarchy that cannot be built (too deep): the scan shows, without picking or an outline.
    }
    post({ type: 'picking', parts }, parts ? pickingTransferables(parts) : []);
  } catch (error) {
    if (error instanceof ScanLoadError)
      post({
        type: 'failed',
        reason: error.reason,
        key: error.key,
        status: error.status,
        message: error.message,
      });
    else post({ type: 'failed', reason: 'internal', key: null, status: 0, message: String(error) });
  }
}
