import { ScanLoadError, loadScan, transferables } from './load-scan.ts';
import { PROGRESS_INTERVAL_MS, type ScanReply, type ScanRequest } from './scan-worker-protocol.ts';

/**
 * The worker's answer to one request, separate from `self` so that tests drive it: progress at most every
 * PROGRESS_INTERVAL_MS (and always the last one), the time of the last byte, then the prepared scan with its
 * buffers transferred, or why it failed.
 */
export async function handleScanRequest(
  request: ScanRequest,
  post: (reply: ScanReply, transfer?: Transferable[]) => void,
  fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<void> {
  let last = -Infinity;
  try {
    const scan = await loadScan(fetcher, request.url, {
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
    post({ type: 'done', scan }, transferables(scan));
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
