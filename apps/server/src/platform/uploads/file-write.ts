import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** How many received bytes are gathered before they go to the file in one system call. */
export const WRITE_BYTES = 1024 * 1024;
/** At most this many buffers in one write (well under the system's IOV_MAX, 1024 on Linux). */
const MAX_BUFFERS = 512;

/**
 * Writes a PATCH body into the staged file at `offset`, gathering the socket's small chunks (64 KiB and less) into
 * writes of about `WRITE_BYTES` (one `pwritev` each) instead of one write per chunk: fewer system calls and thread
 * hand-offs per upload. `seen` sees each chunk as it arrives (the sha256 on the way, `received.ts`). Whatever arrived
 * before the body ended or broke is written (tus ends the body when the client goes away, and a resumed upload
 * continues from the file's size); a failure after that is thrown. Answers the new offset.
 */
export async function writeGathered(
  file: string,
  body: Readable,
  offset: number,
  seen?: (chunk: Buffer) => void,
): Promise<number> {
  const handle = await open(file, 'r+');
  let position = offset;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    while (pendingBytes > 0) {
      const { bytesWritten } = await handle.writev(pending, position);
      position += bytesWritten;
      pendingBytes -= bytesWritten;
      if (pendingBytes === 0) pending = [];
      else pending = unwritten(pending, bytesWritten);
    }
  };
  try {
    let failure: unknown;
    try {
      for await (const c of body) {
        const chunk = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
        seen?.(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= WRITE_BYTES || pending.length >= MAX_BUFFERS) await flush();
      }
    } catch (err) {
      failure = err;
    }
    await flush();
    if (failure !== undefined) throw failure;
    return position;
  } finally {
    await handle.close();
  }
}

/** The buffers after the first `written` bytes of `buffers` (a short write: rare, but the rest is not lost). */
export function unwritten(buffers: Buffer[], written: number): Buffer[] {
  const rest: Buffer[] = [];
  let skip = written;
  for (const b of buffers) {
    if (skip >= b.length) skip -= b.length;
    else {
      rest.push(skip > 0 ? b.subarray(skip) : b);
      skip = 0;
    }
  }
  return rest;
}
