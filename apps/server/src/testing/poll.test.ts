import { describe, expect, it } from 'vitest';
import { until } from './poll.ts';

describe('until', () => {
  it('answers the first value that is neither undefined nor false', async () => {
    let n = 0;
    expect(await until(() => (++n >= 3 ? n : undefined), { everyMs: 1 })).toBe(3);
    let m = 0;
    expect(await until(async () => ++m >= 2, { everyMs: 1 })).toBe(true);
  });

  it('gives up after its time, naming what it waited for', async () => {
    await expect(until(() => false, { timeoutMs: 20, everyMs: 5, what: 'nothing' })).rejects.toThrow(
      /waiting for nothing/,
    );
  });
});
