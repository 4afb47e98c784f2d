import { useCallback, useEffect, useRef, useState } from 'react';

/** Press-button disabling (product §9): after a press the button stays disabled 2000 ms. */
export const PRESS_DISABLE_MS = 2000;

/**
 * Wraps a handler so repeated presses within `ms` are ignored; `pressing` tells the button to
 * show itself disabled meanwhile.
 */
export function useThrottledPress<A extends unknown[]>(
  handler: (...args: A) => unknown,
  ms: number = PRESS_DISABLE_MS,
): { run: (...args: A) => void; pressing: boolean } {
  const [pressing, setPressing] = useState(false);
  const locked = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(handler);

  useEffect(() => {
    latest.current = handler;
  }, [handler]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (...args: A) => {
      if (locked.current) return;
      locked.current = true;
      setPressing(true);
      timer.current = setTimeout(() => {
        locked.current = false;
        setPressing(false);
      }, ms);
      void latest.current(...args);
    },
    [ms],
  );

  return { run, pressing };
}
