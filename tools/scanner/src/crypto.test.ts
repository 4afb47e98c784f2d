import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptFile,
  DecryptError,
  encryptFile,
  HEADER_BYTES,
  hashFile,
  isEncrypted,
  matchesKeyCheck,
  MAGIC,
  TAG_BYTES,
} from './crypto.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('encrypted scan format (AWENC1, AES-256-GCM, scrypt key)', () => {
  let dir: string;
  let plain: string;
  let enc: string;
  let plainSha: string;
  /** What encrypting `plain` into `enc` answered (every test reads `enc`, in any order). */
  let written: Awaited<ReturnType<typeof encryptFile>>;
  const SIZE = 5 * 1024 * 1024 + 123;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-crypto-'));
    plain = path.join(dir, 'upper.ply');
    enc = path.join(dir, 'upper.ply.awenc');
    // A multi-MB file written as a stream of random blocks.
    const hash = createHash('sha256');
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(plain);
      out.on('error', reject).on('finish', resolve);
      let left = SIZE;
      const write = () => {
        while (left > 0) {
          const block = randomBytes(Math.min(left, 256 * 1024));
          left -= block.length;
          hash.update(block);
          if (!out.write(block)) return void out.once('drain', write);
        }
        out.end();
      };
      write();
    });
    plainSha = hash.digest('hex');
    written = await encryptFile(plain, enc, '246810');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('round-trips a multi-MB file byte for byte; the encrypted bytes are framed and not plaintext', async () => {
    const bytes = await readFile(enc);
    expect(bytes.length).toBe(SIZE + HEADER_BYTES + TAG_BYTES);
    expect(written).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect(bytes.subarray(0, 8).equals(MAGIC)).toBe(true);
    expect(isEncrypted(bytes)).toBe(true);
    const original = await readFile(plain);
    expect(bytes.includes(original.subarray(1000, 1064))).toBe(false);

    const out = path.join(dir, 'restored.ply');
    const restored = await decryptFile(enc, out, '246810');
    expect(restored).toEqual({ size: SIZE, sha256: plainSha });
    expect((await hashFile(out)).sha256).toBe(plainSha);
    expect(await matchesKeyCheck(enc, '246810', written.keyCheck)).toBe(true);
    expect(await matchesKeyCheck(enc, '246811', written.keyCheck)).toBe(false);
  });

  it('two encryptions of the same file differ (random salt and iv)', async () => {
    const small = path.join(dir, 'small.obj');
    await writeFile(small, 'v 1 2 3\nv 2 3 4\nv 3 4 5\nf 1 2 3\n');
    const a = await encryptFile(small, path.join(dir, 'a.enc'), 'code');
    const b = await encryptFile(small, path.join(dir, 'b.enc'), 'code');
    expect(a.sha256).not.toBe(b.sha256);
    await decryptFile(path.join(dir, 'b.enc'), path.join(dir, 'b.obj'), 'code');
    expect(await readFile(path.join(dir, 'b.obj'), 'utf8')).toBe('v 1 2 3\nv 2 3 4\nv 3 4 5\nf 1 2 3\n');
  });

  it('an empty file round-trips too', async () => {
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '');
    await encryptFile(empty, path.join(dir, 'empty.enc'), 'x');
    expect((await stat(path.join(dir, 'empty.enc'))).size).toBe(HEADER_BYTES + TAG_BYTES);
    expect(await decryptFile(path.join(dir, 'empty.enc'), path.join(dir, 'empty.out'), 'x')).toMatchObject({
      size: 0,
    });
  });

  const leavesNothing = async (file: string, code: string, reason: DecryptError['reason']) => {
    const out = path.join(dir, `out-${reason}-${Math.random().toString(36).slice(2)}.ply`);
    const err = await decryptFile(file, out, code).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecryptError);
    expect((err as DecryptError).reason).toBe(reason);
    await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(dir)).filter((f) => f.endsWith('.part'))).toEqual([]);
    return err as DecryptError;
  };

  it('refuses a wrong code and leaves no OUT file (nor a temporary one)', async () => {
    const err = await leavesNothing(enc, '135790', 'authentication');
    expect(err.message).toMatch(/wrong management code/);
  });

  it('keeps an existing OUT untouched when refusing', async () => {
    const out = path.join(dir, 'existing.ply');
    await writeFile(out, 'keep me');
    await expect(decryptFile(enc, out, 'nope')).rejects.toBeInstanceOf(DecryptError);
    expect(await readFile(out, 'utf8')).toBe('keep me');
  });

  it('refuses a tampered ciphertext, a tampered tag and a truncated file', async () => {
    const bytes = await readFile(enc);
    const flipped = Buffer.from(bytes);
    flipped.writeUInt8(flipped.readUInt8(HEADER_BYTES + 4096) ^ 1, HEADER_BYTES + 4096);
    await writeFile(path.join(dir, 'tampered.enc'), flipped);
    await leavesNothing(path.join(dir, 'tampered.enc'), '246810', 'authentication');

    const badTag = Buffer.from(bytes);
    badTag.writeUInt8(badTag.readUInt8(badTag.length - 1) ^ 0x80, badTag.length - 1);
    await writeFile(path.join(dir, 'tag.enc'), badTag);
    await leavesNothing(path.join(dir, 'tag.enc'), '246810', 'authentication');

    await writeFile(path.join(dir, 'cut.enc'), bytes);
    await truncate(path.join(dir, 'cut.enc'), bytes.length - 1000);
    await leavesNothing(path.join(dir, 'cut.enc'), '246810', 'authentication');

    await writeFile(path.join(dir, 'stub.enc'), bytes.subarray(0, HEADER_BYTES + 3));
    await leavesNothing(path.join(dir, 'stub.enc'), '246810', 'truncated');
  });

  it('refuses a file that is not encrypted', async () => {
    await leavesNothing(plain, '246810', 'notEncrypted');
  });
});
