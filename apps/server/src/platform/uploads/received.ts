import { createHash, type Hash } from 'node:crypto';

/** What one process saw of an upload's bytes, from the first: enough to answer the completion without reading it. */
export interface ReceivedDigest {
  /** The first `headBytes` bytes (or all of them, when fewer). */
  head: Buffer;
  size: number;
  /** sha256 of the bytes, hex. */
  sha256: string;
}

interface State {
  /** The bytes hashed so far: the upload's offset when the hash is whole. */
  offset: number;
  hash: Hash;
  head: Buffer[];
  headLength: number;
  /** A write of this upload is under way in this process (bytes hashed but maybe not yet written). */
  writing: boolean;
}

/**
 * The sha256 (and first bytes) of each upload this process received from its first byte, computed as the bytes go
 * by, so that the completion need not read the whole upload again. Only ever a shortcut: an upload this process did
 * not see whole (a PATCH served by another process, a restart in between, a write that failed, an offset that does
 * not follow on) has no digest here, and the completion reads the stored bytes as before.
 *
 * Bounded: at most `maxUploads` uploads are followed (the oldest forgotten first, which only costs it the shortcut);
 * an upload's state goes when it is removed or expires.
 */
export class ReceivedBytes {
  private readonly states = new Map<string, State>();

  constructor(
    private readonly headBytes: number,
    private readonly maxUploads = 256,
  ) {}

  /**
   * A write of `id` starting at `offset` begins: answers the function that sees each chunk as it arrives, or
   * undefined when this upload is not followed (this process has not seen it from its first byte).
   */
  begin(id: string, offset: number): ((chunk: Buffer) => void) | undefined {
    let state = this.states.get(id);
    if (offset === 0) {
      state = { offset: 0, hash: createHash('sha256'), head: [], headLength: 0, writing: false };
      this.states.delete(id);
      this.states.set(id, state);
      while (this.states.size > this.maxUploads) this.states.delete(this.states.keys().next().value!);
    }
    if (!state || state.offset !== offset || state.writing) {
      this.states.delete(id);
      return undefined;
    }
    const s = state;
    s.writing = true;
    return (chunk) => {
      if (s.headLength < this.headBytes) {
        const part = chunk.subarray(0, this.headBytes - s.headLength);
        s.head.push(Buffer.from(part));
        s.headLength += part.length;
      }
      s.hash.update(chunk);
      s.offset += chunk.length;
    };
  }

  /**
   * The write that began at `offset` ended: `end` is the upload's offset the store answered, or undefined when the
   * write failed. The state is kept only when exactly the bytes it hashed were written.
   */
  end(id: string, end: number | undefined): void {
    const state = this.states.get(id);
    if (!state) return;
    state.writing = false;
    if (end === undefined || end !== state.offset) this.states.delete(id);
  }

  /** The digest of `id` when this process received all of its `size` bytes, else undefined. */
  digest(id: string, size: number): ReceivedDigest | undefined {
    const state = this.states.get(id);
    if (!state || state.writing || state.offset !== size) return undefined;
    return { head: Buffer.concat(state.head), size, sha256: state.hash.copy().digest('hex') };
  }

  forget(id: string): void {
    this.states.delete(id);
  }

  /** How many uploads are followed (tests, the memory benchmark). */
  get size(): number {
    return this.states.size;
  }
}
