/**
 * A reader fed the file in chunks as they arrive (the browser parses while downloading). Binary PLY and binary STL are
 * parsed record by record, keeping only the bytes of an unfinished record between chunks; ascii PLY, ascii STL and
 * OBJ are buffered and read at `end()`.
 */
import { MeshError, type Mesh } from '../mesh.ts';
import { DETECT_BYTES, detectFormat, readMesh } from './detect.ts';
import { MAX_PLY_HEADER, PlyBinaryBody, checkPlySize, parsePlyHeader } from './ply.ts';
import { latin1 } from './util.ts';
import { STL_HEADER, STL_RECORD, StlBinaryBody, isAsciiStl, stlCount } from './stl.ts';

export interface StreamReader {
  push(chunk: Uint8Array): void;
  end(): Mesh;
  /** 0..1 once the header tells how much is coming (binary PLY: records, binary STL: bytes); 0 before. */
  progress(): number;
}

/** Bytes appended at the end and consumed from the front, in one growing buffer. */
class ByteQueue {
  private data = new Uint8Array(1024);
  length = 0;
  append(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.data.length) {
      const next = new Uint8Array(Math.max(this.data.length * 2, this.length + chunk.length));
      next.set(this.bytes());
      this.data = next;
    }
    this.data.set(chunk, this.length);
    this.length += chunk.length;
  }
  bytes(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
  consume(n: number): void {
    this.data.copyWithin(0, n, this.length);
    this.length -= n;
  }
}

interface Body {
  feed(bytes: Uint8Array): number;
  finish(): Mesh;
  progress(): number;
}

/** `size`: the whole file's size when known (checks a PLY header's counts against it before allocating). */
export const createStreamReader = (options: { size?: number } = {}): StreamReader => {
  const queue = new ByteQueue();
  /** Everything received, for the formats read at the end. */
  let chunks: Uint8Array[] | undefined;
  let body: Body | undefined;
  let received = 0;
  let ended = false;
  /** How much of a PLY header has been looked through for end_header. */
  let scanned = 0;

  /** Once enough of the start is here: which way to read the file (false: not yet known). */
  const start = (final: boolean): boolean => {
    const head = queue.bytes();
    if (!final) {
      const isPly = /^ply\r?\n/.test(latin1(head.subarray(0, 5)));
      // Anything but PLY waits for DETECT_BYTES; PLY for its end_header, looked for in the new bytes only.
      if (!isPly && head.length < DETECT_BYTES) return false;
      if (isPly) {
        const from = Math.max(0, scanned - 12);
        scanned = head.length;
        if (!latin1(head.subarray(from)).includes('end_header') && head.length < MAX_PLY_HEADER) return false;
      }
    }
    const format = detectFormat(head, final ? head.length : options.size);
    if (format === 'ply') {
      const header = parsePlyHeader(head);
      if (!header) {
        if (final) throw new MeshError('bad-header', 'PLY header: no end_header line');
        return false;
      }
      if (header.encoding !== 'ascii') {
        if (options.size !== undefined) checkPlySize(header, options.size - header.length);
        const ply = new PlyBinaryBody(header);
        body = {
          feed: (bytes) => {
            const used = ply.feed(bytes);
            return ply.done ? bytes.length : used; // bytes after the last element are ignored, as readPly does
          },
          finish: () => ply.finish(),
          progress: () => (ply.totalRecords === 0 ? 1 : ply.recordsDone / ply.totalRecords),
        };
        queue.consume(header.length);
        return true;
      }
    } else if (
      format === 'stl' &&
      !isAsciiStl(head, final ? head.length : options.size) &&
      head.length >= STL_HEADER
    ) {
      const count = stlCount(head)!;
      if (options.size !== undefined && options.size < STL_HEADER + STL_RECORD * count) {
        throw new MeshError(
          'truncated',
          `binary STL declares ${count} triangles but the file has ${options.size} bytes`,
        );
      }
      const stl = new StlBinaryBody(count);
      body = {
        feed: (bytes) => stl.feed(bytes),
        finish: () => stl.finish(queue.length),
        progress: () => (count === 0 ? 1 : stl.triangles / count),
      };
      queue.consume(STL_HEADER);
      return true;
    }
    chunks = [queue.bytes().slice()];
    queue.consume(queue.length);
    return true;
  };

  const push = (chunk: Uint8Array): void => {
    if (ended) throw new Error('push after end');
    received += chunk.length;
    if (chunks) {
      chunks.push(chunk.slice());
      return;
    }
    if (body && queue.length === 0) {
      // Parse straight from the chunk; keep only what an unfinished record left over.
      const used = body.feed(chunk);
      queue.append(chunk.subarray(used));
      return;
    }
    queue.append(chunk);
    if (!body && !start(false)) return;
    if (body && queue.length > 0) queue.consume(body.feed(queue.bytes()));
  };

  const end = (): Mesh => {
    if (ended) throw new Error('end called twice');
    ended = true;
    if (!body && !chunks) {
      start(true);
      const started = body as Body | undefined; // set by start()
      if (started && queue.length > 0) queue.consume(started.feed(queue.bytes()));
    }
    if (body) return body.finish();
    const all = new Uint8Array(received);
    let at = 0;
    for (const c of chunks!) {
      all.set(c, at);
      at += c.length;
    }
    chunks = undefined;
    return readMesh(all);
  };

  const progress = (): number => {
    if (body) return body.progress();
    if (options.size) return Math.min(received / options.size, 1);
    return 0;
  };

  return { push, end, progress };
};
