/// <reference lib="webworker" />
import { handleScanRequest } from './load-scan-worker-handler.ts';
import type { ScanReply, ScanRequest } from './load-scan-worker-protocol.ts';

/** One scan file per worker: download, parse while downloading, normals and bounds, then transfer the arrays. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ScanRequest>) => {
  void handleScanRequest(event.data, (reply: ScanReply, transfer?: Transferable[]) =>
    scope.postMessage(reply, transfer ?? []),
  );
};
