import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where file contents live: a local directory or an S3-compatible store (see `create.ts`). Keys are made by the
 * server (e.g. `cases/<uuid>/<uuid>`), never taken from a user's file name; `assertKey` refuses anything else.
 * Bodies are streamed both ways; neither back end holds a whole object in memory.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` in; the object appears whole or not at all (a failing body leaves nothing behind, and an
   * existing object under `key` is replaced only on success). Returns the size and sha256 (hex) of what was stored.
   * `contentType` is kept by S3 only.
   */
  put(key: string, body: Readable | Buffer, opts?: PutOptions): Promise<StoredObject>;
  /**
   * Makes `key` hold the bytes of a finished upload staged on this back end's own medium, without sending them
   * through the server when it can: a hard link to the staged file (local), a copy inside the bucket (S3). Else
   * (another file system, another bucket, too large for one copy) it streams them in as put() does. Durable on
   * return (the local file is flushed); the source is left in place. Answers the stored size.
   */
  adopt(key: string, source: StagedUpload): Promise<{ size: number }>;
  /**
   * Streams the object out; `range` holds inclusive byte offsets as in HTTP Range (`end` past the last byte is cut
   * to it). Throws StorageNotFound, or StorageRangeNotSatisfiable when `start` is not inside the object.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or undefined when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` ('' for all), in no particular order (orphan cleanup). */
  list(prefix: string): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

/** A finished upload where the uploads layer staged it: a file on this machine or an object of a bucket. */
export interface StagedUpload {
  size: number;
  file?: string;
  bucket?: string;
  bucketKey?: string;
  read(): Promise<Readable>;
}

export interface PutOptions {
  contentType?: string;
}
export interface StoredObject {
  size: number;
  sha256: string;
}
export interface ByteRange {
  start: number;
  end?: number;
}
export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

export class StorageError extends Error {
  override name = 'StorageError';
}
export class StorageNotFound extends StorageError {
  override name = 'StorageNotFound';
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
  }
}
export class StorageRangeNotSatisfiable extends StorageError {
  override name = 'StorageRangeNotSatisfiable';
  constructor(
    readonly key: string,
    readonly size: number | undefined,
  ) {
    super(`range not satisfiable for ${key}${size === undefined ? '' : ` (size ${size})`}`);
  }
}
export class InvalidStorageKey extends StorageError {
  override name = 'InvalidStorageKey';
}

export const MAX_KEY_LENGTH = 512;
const SEGMENT = '[a-z0-9][a-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);
/** A prefix is '' or a key, optionally ending with '/'. */
const PREFIX = new RegExp(`^(${SEGMENT}(/${SEGMENT})*/?)?$`);

/**
 * Lower-case letters, digits, `.`, `_`, `-`, segments joined by single `/`, each starting with a letter or digit,
 * at most 512 characters, no `..` anywhere. So a key is never absolute, never climbs, and never names a dot file
 * (the local back end keeps its temporary files under `.tmp/`, out of every key's reach).
 */
export function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || key.includes('..') || !KEY.test(key))
    throw new InvalidStorageKey(
      `invalid storage key ${JSON.stringify(String(key).slice(0, 100))}: expected lower-case segments of [a-z0-9._-] joined by "/"`,
    );
}

export function assertPrefix(prefix: string): void {
  if (
    typeof prefix !== 'string' ||
    prefix.length > MAX_KEY_LENGTH ||
    prefix.includes('..') ||
    !PREFIX.test(prefix)
  )
    throw new InvalidStorageKey(`invalid storage prefix ${JSON.stringify(String(prefix).slice(0, 100))}`);
}

export function assertRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start))
  )
    throw new StorageError(`invalid byte range ${JSON.stringify(range)}`);
}

/** The body as chunks, counted and hashed on the way through; `result()` after the last chunk. */
export function measure(body: Readable | Buffer): {
  chunks: AsyncIterable<Buffer>;
  result(): StoredObject;
} {
  const hash = createHash('sha256');
  let size = 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    const source: AsyncIterable<Buffer | string> | Iterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
    for await (const c of source) {
      const chunk = typeof c === 'string' ? Buffer.from(c) : c;
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  return { chunks: chunks(), result: () => ({ size, sha256: hash.digest('hex') }) };
}
