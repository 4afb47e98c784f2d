/**
 * How long the realtime notices stay on screen, and when they may show at all (issue 33, item 1): a notice closes by
 * itself after a few seconds, is held while the pointer is over it or the keyboard's focus is in it, and never sits
 * over an open dialog or drawer (it waits until that closes; its history is in the bell either way).
 */

/** A task notice ("Conversion done", "Model ready", "Order complete", a failure) stays this long by itself. */
export const TASK_NOTICE_MS = 6_000;
/** A failure's notice stays longer (something to act on), held and put away the same way. */
export const FAILED_NOTICE_MS = 10_000;
/** A new case's toast stays this long by itself (a slim bar over the top bar on a phone). */
export const ARRIVAL_MS = 6_000;
/** Released after a hover or focus, a notice stays at least this long more (time to move the pointer back). */
export const GRACE_MS = 2_000;
/** At most this many notices that waited for a dialog show when it closes (the others are only in the bell). */
export const MAX_WAITING = 3;

export type Hold = 'hover' | 'focus';

export interface Clock {
  now: () => number;
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realClock: Clock = {
  now: () => Date.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface HoldTimer {
  /** The pointer entered, or the focus came in: the notice stays until released. */
  hold: (why: Hold) => void;
  /** The pointer left, or the focus went out: the rest of its time runs again (at least `GRACE_MS`). */
  release: (why: Hold) => void;
  /** Forgets the timer (the notice was put away another way). */
  stop: () => void;
  /** Whether something holds it now. */
  held: () => boolean;
}

/**
 * Calls `onExpire` once `ms` have run while nothing held it: hovering or focusing stops the clock, releasing both
 * runs the time left (at least `GRACE_MS`).
 */
export function holdTimer(ms: number, onExpire: () => void, clock: Clock = realClock): HoldTimer {
  const holds = new Set<Hold>();
  let left = ms;
  let startedAt = clock.now();
  let handle: unknown = null;
  let done = false;
  const run = () => {
    startedAt = clock.now();
    handle = clock.set(() => {
      handle = null;
      done = true;
      onExpire();
    }, left);
  };
  run();
  return {
    hold(why) {
      if (done) return;
      if (holds.size === 0 && handle !== null) {
        clock.clear(handle);
        handle = null;
        left = Math.max(0, left - (clock.now() - startedAt));
      }
      holds.add(why);
    },
    release(why) {
      if (done || !holds.delete(why) || holds.size > 0) return;
      left = Math.max(left, GRACE_MS);
      run();
    },
    stop() {
      done = true;
      if (handle !== null) clock.clear(handle);
      handle = null;
    },
    held: () => holds.size > 0,
  };
}

/**
 * What covers the page so that a notice must not show over it: an open dialog (`.ant-modal-wrap` shown), an open
 * drawer (the settings, the comments, the phone's menu and bell), the bell's popover, a guided tour.
 */
export const OVERLAY_SELECTOR = [
  '.ant-modal-wrap',
  '.ant-drawer-open',
  '[data-testid=notice-panel]',
  '.ant-tour:not(.ant-tour-hidden)',
].join(', ');

const shows = (el: Element) => {
  const check = (el as Element & { checkVisibility?: () => boolean }).checkVisibility;
  if (check) return check.call(el);
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  return !!style && style.display !== 'none' && style.visibility !== 'hidden';
};

/** Whether a dialog, drawer, the bell or a tour is open in `root` (a notice then waits or goes to the bell). */
export function overlayOpen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll(OVERLAY_SELECTOR)].some(shows);
}

/**
 * Of the notices that waited while a dialog was open, the ones to show when it closes: the latest `MAX_WAITING`,
 * in the order they came (the older ones are in the bell).
 */
export function toShowAfterWaiting<T>(waiting: readonly T[], max = MAX_WAITING): T[] {
  return waiting.slice(Math.max(0, waiting.length - max));
}
