/// <reference lib="webworker" />
import { handleBiteRequest } from './bite-worker-handler.ts';
import type { BiteReply, BiteRequest } from './bite-worker-protocol.ts';

/** The bite (occlusion map) of two jaws, off the page's thread: one request per worker. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<BiteRequest>) => {
  handleBiteRequest(event.data, (reply: BiteReply, transfer?: Transferable[]) =>
    scope.postMessage(reply, transfer ?? []),
  );
};
