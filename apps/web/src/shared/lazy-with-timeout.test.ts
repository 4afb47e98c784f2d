import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './lazy-with-timeout.ts';

describe('chunk load time-out', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves a chunk that arrives in time', async () => {
    await expect(withChunkTimeout(async () => 'page')).resolves.toBe('page');
  });

  it('rejects after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('wraps a failed import', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('404')))).rejects.toMatchObject({
      reason: 'failed',
    });
  });
});
