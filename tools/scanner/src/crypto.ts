import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The encrypted scan format of devices with encryptType 2 (coord.md "Upload API"), streamed AES-256-GCM:
 *
 *   `AWENC1\0\0` (8) | salt (16, random) | iv (12, random) | ciphertext | tag (16)
 *
 * Key = scrypt(managementCode, salt, 32, N 2^15, r 8, p 1). The server only ever sees these bytes.
 */
export const MAGIC = Buffer.from('AWENC1\0\0', 'latin1');
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** Why a file could not be decrypted; the command line maps each to a message and exit code. */
export class DecryptError extends Error {
  constructor(
    readonly reason: 'notEncrypted' | 'truncated' | 'authentication',
    message: string,
  ) {
    super(message);
    this.name = 'DecryptError';
  }
}

export function deriveKey(code: string, salt: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code.normalize('NFC'), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** True when the bytes start like an encrypted scan. */
export const isEncrypted = (head: Uint8Array): boolean =>
  head.length >= MAGIC.length && Buffer.from(head.subarray(0, MAGIC.length)).equals(MAGIC);

/**
 * A value that shows whether a code is the one a file was encrypted with, without decrypting it (HMAC of the derived
 * key: as hard to search as scrypt itself). Kept only in the local state directory, never sent.
 */
export const keyCheck = (key: Buffer): string =>
  createHmac('sha256', key).update('archway-scan key check').digest('hex');

/** Counts and hashes the bytes that pass through (the sha256 the server checks is of the uploaded bytes). */
class Tee extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly onBytes?: (n: number) => void) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.onBytes?.(this.bytes);
    done(null, chunk);
  }
}

export interface Written {
  /** sha256 (hex) of the bytes written. */
  sha256: string;
  size: number;
  /** See keyCheck. */
  keyCheck: string;
}

/**
 * Encrypts `inPath` into `outPath` (written beside it under a temporary name, renamed when complete, so `outPath`
 * is either absent or whole).
 */
export async function encryptFile(
  inPath: string,
  outPath: string,
  code: string,
  onBytes?: (plainBytesRead: number) => void,
): Promise<Written> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await deriveKey(code, salt);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const tee = new Tee();
  const tmp = tempBeside(outPath);
  let headerSent = false;
  const frame = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!headerSent) {
        headerSent = true;
        this.push(Buffer.concat([MAGIC, salt, iv]));
      }
      done(null, chunk);
    },
    flush(done) {
      if (!headerSent) this.push(Buffer.concat([MAGIC, salt, iv]));
      done(null, cipher.getAuthTag());
    },
  });
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      onBytes?.(read);
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(inPath), counter, cipher, frame, tee, createWriteStream(tmp));
    await rename(tmp, outPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return { sha256: tee.hash.digest('hex'), size: tee.bytes, keyCheck: keyCheck(key) };
}

/** Reads an encrypted file's header: its salt, iv and tag, and the ciphertext's extent. */
async function readFrame(inPath: string) {
  const { size } = await stat(inPath);
  const fh = await open(inPath, 'r');
  try {
    const head = Buffer.alloc(Math.min(HEADER_BYTES, size));
    await fh.read(head, 0, head.length, 0);
    if (!isEncrypted(head)) {
      throw new DecryptError('notEncrypted', 'not an encrypted scan file (it does not start with AWENC1)');
    }
    if (size < HEADER_BYTES + TAG_BYTES) {
      throw new DecryptError(
        'truncated',
        'the encrypted file is truncated (shorter than its header and tag)',
      );
    }
    const tag = Buffer.alloc(TAG_BYTES);
    await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    return {
      salt: head.subarray(MAGIC.length, MAGIC.length + SALT_BYTES),
      iv: head.subarray(MAGIC.length + SALT_BYTES, HEADER_BYTES),
      tag,
      start: HEADER_BYTES,
      /** Inclusive end of the ciphertext, or -1 when it is empty. */
      end: size - TAG_BYTES - 1,
    };
  } finally {
    await fh.close();
  }
}

/** Whether `code` is the code `inPath` was encrypted with, by its key check (see keyCheck). */
export async function matchesKeyCheck(inPath: string, code: string, expected: string): Promise<boolean> {
  const { salt } = await readFrame(inPath);
  const actual = Buffer.from(keyCheck(await deriveKey(code, salt)), 'hex');
  const want = Buffer.from(expected, 'hex');
  return actual.length === want.length && timingSafeEqual(actual, want);
}

/**
 * Decrypts `inPath` into `outPath`. The plaintext goes to a temporary file beside `outPath` that is renamed only
 * once the tag has verified: a wrong code, a truncated or a tampered file leave no `outPath` behind (and an existing
 * one untouched). Throws DecryptError.
 */
export async function decryptFile(
  inPath: string,
  outPath: string,
  code: string,
): Promise<{ size: number; sha256: string }> {
  const { salt, iv, tag, start, end } = await readFrame(inPath);
  const key = await deriveKey(code, salt);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const tee = new Tee();
  const tmp = tempBeside(outPath);
  const source = end >= start ? createReadStream(inPath, { start, end }) : emptyStream();
  try {
    await pipeline(source, decipher, tee, createWriteStream(tmp, { mode: 0o600 }));
  } catch (err) {
    await rm(tmp, { force: true });
    if (err instanceof Error && /unable to authenticate|auth/i.test(err.message)) {
      throw new DecryptError(
        'authentication',
        'wrong management code, or the file was damaged or changed (the authentication tag does not match)',
      );
    }
    throw err;
  }
  await rename(tmp, outPath);
  return { size: tee.bytes, sha256: tee.hash.digest('hex') };
}

async function* emptyStream() {}

function tempBeside(file: string) {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.part`,
  );
}

/** sha256 (hex) and size of a file, streamed. */
export async function hashFile(
  file: string,
  onBytes?: (n: number) => void,
): Promise<{ sha256: string; size: number }> {
  const tee = new Tee(onBytes);
  await pipeline(createReadStream(file), tee, async (src) => {
    for await (const _ of src);
  });
  return { sha256: tee.hash.digest('hex'), size: tee.bytes };
}
