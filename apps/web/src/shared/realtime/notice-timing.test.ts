import { describe, expect, it, vi } from 'vitest';
import { GRACE_MS, holdTimer, MAX_WAITING, toShowAfterWaiting, type Clock } from './notice-timing.ts';

/** A clock whose time moves only when told (`tick`). */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    set: (fn, ms) => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h) => void timers.delete(h as number),
  };
  const tick = (ms: number) => {
    now += ms;
    for (const [h, t] of [...timers])
      if (t.at <= now) {
        timers.delete(h);
        t.fn();
      }
  };
  return { clock, tick };
}

describe('a notice closes by itself unless held', () => {
  it('closes after its time, once', () => {
    const { clock, tick } = fakeClock();
    const done = vi.fn();
    holdTimer(6_000, done, clock);
    tick(5_999);
    expect(done).not.toHaveBeenCalled();
    tick(1);
    tick(10_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('stays while hovered or focused, and runs on with the time left once both are released', () => {
    const { clock, tick } = fakeClock();
    const done = vi.fn();
    const timer = holdTimer(6_000, done, clock);
    tick(1_000);
    timer.hold('hover');
    timer.hold('focus');
    tick(60_000);
    expect(done).not.toHaveBeenCalled();
    timer.release('hover');
    // Still focused.
    tick(60_000);
    expect(done).not.toHaveBeenCalled();
    expect(timer.held()).toBe(true);
    timer.release('focus');
    tick(4_999);
    expect(done).not.toHaveBeenCalled();
    tick(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('released at the last moment, it stays at least the grace time', () => {
    const { clock, tick } = fakeClock();
    const done = vi.fn();
    const timer = holdTimer(6_000, done, clock);
    tick(5_900);
    timer.hold('hover');
    tick(1_000);
    timer.release('hover');
    tick(GRACE_MS - 1);
    expect(done).not.toHaveBeenCalled();
    tick(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('stopped, it never fires; a release without a hold changes nothing', () => {
    const { clock, tick } = fakeClock();
    const done = vi.fn();
    const timer = holdTimer(6_000, done, clock);
    timer.release('hover');
    timer.stop();
    tick(60_000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('notices that waited for a dialog', () => {
  it('show the latest few, in the order they came', () => {
    expect(toShowAfterWaiting([1, 2, 3, 4, 5])).toEqual([3, 4, 5].slice(-MAX_WAITING));
    expect(toShowAfterWaiting([1])).toEqual([1]);
    expect(toShowAfterWaiting([])).toEqual([]);
  });
});
