/**
 * The tests' one way to wait: polls `check` until it answers something other than `undefined` or `false`, and
 * returns that. Never a fixed sleep; bounded by time (generous: shared 2-core machines are slow), so a condition
 * that never comes fails the test with `what` in the message instead of hanging it.
 */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  /** The time limit in ms, or the options. */
  options: number | { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<T> {
  const {
    timeoutMs = 120_000,
    everyMs = 50,
    what = 'the condition',
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
