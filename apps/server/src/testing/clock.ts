import { vi } from 'vitest';

/**
 * Runs `fn` with this process's wall clock set `seconds` back, and still running: only `Date` is replaced (timers,
 * the database's `now()` and everything else stay real). For a whole-second timestamp that must fall before "now",
 * such as the `iat` of a token issued before its account's sessions were ended, instead of waiting for the next
 * second. Restores the real clock however `fn` ends.
 */
export async function inThePast<T>(seconds: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - seconds * 1000, shouldAdvanceTime: true });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
