import type { IncomingMessage } from 'node:http';
import { open } from 'node:fs/promises';
import type { Server, Upload } from '@tus/server';
import { ERRORS } from '@tus/server';
import { unwritten, WRITE_BYTES } from './file-write.ts';

/** At most this many buffers in one write (well under the system's IOV_MAX, 1024 on Linux). */
const MAX_BUFFERS = 512;

/** Why a body stopped before its end: the client went away, or tus asked the lock back (another PATCH waits). */
type Stop = 'source' | 'abort';

/**
 * Reads a PATCH body straight from the Node request into the staged file at `offset`: no web stream, no pass-through
 * or limiter stream in between, the socket's chunks gathered into writes of about `WRITE_BYTES` (one `pwritev` each),
 * the request paused while a write is under way (back-pressure). `seen` sees each chunk as it arrives (the sha256,
 * `received.ts`). As tus's own path: at most `limit` bytes (more answers 413, what came before is kept), and when the
 * client goes away or `signal` aborts (tus wants the lock back), what arrived is written and the new offset answered
 * (a resumed upload continues from there). A failed write is thrown.
 */
export function receiveInto(
  file: string,
  req: IncomingMessage,
  offset: number,
  opts: { limit: number; seen?: ((chunk: Buffer) => void) | undefined; signal?: AbortSignal },
): Promise<number> {
  return open(file, 'r+').then(
    (handle) =>
      new Promise<number>((resolve, reject) => {
        let position = offset;
        let received = 0;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let writing: Promise<void> | undefined;
        let done = false;
        let ended = false;
        let refused: unknown;
        const flush = async () => {
          while (pendingBytes > 0) {
            const buffers = pending;
            const bytes = pendingBytes;
            pending = [];
            pendingBytes = 0;
            const { bytesWritten } = await handle.writev(buffers, position);
            position += bytesWritten;
            if (bytesWritten < bytes) {
              pending = unwritten(buffers, bytesWritten).concat(pending);
              pendingBytes += bytes - bytesWritten;
            }
          }
        };
        const finish = (stop?: Stop) => {
          if (done) return;
          done = true;
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onSourceEnd);
          req.off('close', onSourceEnd);
          opts.signal?.removeEventListener('abort', onAbort);
          // Aborted by tus or refused: the rest of the body stays unread (the request is not destroyed, so the
          // answer still reaches the client), as tus's own pipeline leaves it.
          if (stop === 'abort' || refused !== undefined) req.pause();
          void (async () => {
            try {
              await writing;
              await flush();
            } finally {
              await handle.close();
            }
          })().then(
            () => (refused !== undefined ? reject(refused) : resolve(position)),
            (err: unknown) => reject(err),
          );
        };
        const onData = (chunk: Buffer) => {
          received += chunk.length;
          if (received > opts.limit) {
            refused = ERRORS.ERR_MAX_SIZE_EXCEEDED;
            finish();
            return;
          }
          opts.seen?.(chunk);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (!writing && (pendingBytes >= WRITE_BYTES || pending.length >= MAX_BUFFERS)) {
            req.pause();
            writing = flush().then(
              () => {
                writing = undefined;
                if (!done) req.resume();
              },
              (err: unknown) => {
                writing = undefined;
                refused = err;
                finish();
              },
            );
          }
        };
        const onEnd = () => {
          ended = true;
          finish();
        };
        const onSourceEnd = () => {
          if (!ended) finish('source');
        };
        const onAbort = () => finish('abort');
        if (opts.signal?.aborted) {
          done = true;
          void handle.close().then(() => reject(ERRORS.ABORTED), reject);
          return;
        }
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onSourceEnd);
        req.once('close', onSourceEnd);
        opts.signal?.addEventListener('abort', onAbort, { once: true });
        if (req.readableEnded) onEnd();
        else req.resume();
      }),
  );
}

/** What tus's PATCH handler is handed instead of the request's web stream: the Node request itself. */
const NODE_BODY = Symbol('archway.nodeBody');
interface NodeBody {
  [NODE_BODY]: IncomingMessage;
}

interface PatchInternals {
  send(req: Request, context: Context, headers?: Headers): Promise<Response>;
  writeToStore(body: unknown, upload: Upload, maxBodySize: number, context: Context): Promise<number>;
}
interface Context {
  signal: AbortSignal;
}

/**
 * Makes tus's PATCH handler take the body straight from the Node request (`write`, e.g. `receiveInto`) instead of
 * through srvx's web ReadableStream, `Readable.fromWeb`, a PassThrough and a limiter stream (four stream hops and a
 * promise per socket chunk). Everything else of the PATCH stays tus's: the Upload-Offset and Content-Type checks, the
 * lock, expiry, the upload's size and UPLOAD_MAX_BYTES (`maxBodySize`), the answer and its events. Only the request
 * tus sees is wrapped, so that reading `body` hands over the Node request rather than starting a web stream.
 */
export function patchFromNodeRequest(
  server: Server,
  write: (req: IncomingMessage, upload: Upload, maxBodySize: number, signal: AbortSignal) => Promise<number>,
): void {
  const handler = server.handlers.PATCH as unknown as PatchInternals | undefined;
  // Another tus than the one this was written for (2.x): keep its own path.
  if (typeof handler?.send !== 'function' || typeof handler.writeToStore !== 'function') return;
  const send = handler.send.bind(handler);
  const writeToStore = handler.writeToStore.bind(handler);
  handler.send = (req, context, headers) => {
    const node = (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    if (!node) return send(req, context, headers);
    const body: NodeBody = { [NODE_BODY]: node };
    const wrapped = new Proxy(req, {
      get(target, prop) {
        if (prop === 'body') return body;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return send(wrapped, context, headers);
  };
  handler.writeToStore = async (body, upload, maxBodySize, context) => {
    if (!body || typeof body !== 'object' || !(NODE_BODY in body))
      return writeToStore(body, upload, maxBodySize, context);
    if (context.signal.aborted) throw ERRORS.ABORTED;
    return write((body as NodeBody)[NODE_BODY], upload, maxBodySize, context.signal);
  };
}
