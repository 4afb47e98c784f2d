import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ReceivedBytes } from './received.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Feeds `bytes` to `received` as one write of `id` from `offset`, in chunks of `chunk`; answers the write's end. */
function write(received: ReceivedBytes, id: string, offset: number, bytes: Buffer, chunk = 7, fail = false) {
  const seen = received.begin(id, offset);
  for (let i = 0; i < bytes.length; i += chunk) seen?.(bytes.subarray(i, i + chunk));
  received.end(id, fail ? undefined : offset + bytes.length);
  return seen !== undefined;
}

describe('the sha256 of an upload, hashed as it arrives', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 31) % 256));

  it('answers the sha256, size and first bytes of an upload received whole in several writes', () => {
    const received = new ReceivedBytes(64);
    expect(write(received, 'a', 0, bytes.subarray(0, 300))).toBe(true);
    expect(received.digest('a', 1000)).toBeUndefined(); // not whole yet
    expect(write(received, 'a', 300, bytes.subarray(300))).toBe(true);
    const digest = received.digest('a', 1000)!;
    expect(digest.sha256).toBe(sha(bytes));
    expect(digest.size).toBe(1000);
    expect(digest.head.equals(bytes.subarray(0, 64))).toBe(true);
    // Asked again (a completion tried again), the same answer.
    expect(received.digest('a', 1000)!.sha256).toBe(sha(bytes));
  });

  it('has no digest for an upload it did not see from its first byte (another process, a restart)', () => {
    const received = new ReceivedBytes(64);
    expect(write(received, 'b', 300, bytes.subarray(300))).toBe(false);
    expect(received.digest('b', 1000)).toBeUndefined();
  });

  it('drops an upload whose write failed, or whose next write does not follow on', () => {
    const received = new ReceivedBytes(64);
    write(received, 'c', 0, bytes.subarray(0, 300), 7, true);
    expect(write(received, 'c', 300, bytes.subarray(300))).toBe(false);
    expect(received.digest('c', 1000)).toBeUndefined();

    // A write that stored fewer bytes than it hashed (the store answered another offset).
    const seen = received.begin('d', 0)!;
    seen(bytes.subarray(0, 300));
    received.end('d', 200);
    expect(received.digest('d', 300)).toBeUndefined();

    // A PATCH served elsewhere in between: this process's next write starts past what it hashed.
    write(received, 'e', 0, bytes.subarray(0, 300));
    expect(write(received, 'e', 600, bytes.subarray(600))).toBe(false);
    expect(received.digest('e', 1000)).toBeUndefined();
  });

  it('has no digest while a write is under way', () => {
    const received = new ReceivedBytes(64);
    const seen = received.begin('f', 0)!;
    seen(bytes);
    expect(received.digest('f', 1000)).toBeUndefined();
    received.end('f', 1000);
    expect(received.digest('f', 1000)!.sha256).toBe(sha(bytes));
  });

  it('follows at most its bound of uploads, forgetting the oldest; a removed upload is forgotten', () => {
    const received = new ReceivedBytes(16, 3);
    for (const id of ['1', '2', '3', '4']) write(received, id, 0, bytes.subarray(0, 10));
    expect(received.size).toBe(3);
    expect(received.digest('1', 10)).toBeUndefined();
    expect(received.digest('4', 10)!.sha256).toBe(sha(bytes.subarray(0, 10)));
    received.forget('4');
    expect(received.size).toBe(2);
  });
});
