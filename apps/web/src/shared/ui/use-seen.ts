import { useCallback, useState } from 'react';

/**
 * Whether an element has come near the viewport (within `margin`) at least once: for images fetched by script
 * (with a token, so `loading="lazy"` cannot help). Attach the returned ref; without IntersectionObserver it is true.
 */
export function useSeen<T extends Element>(
  margin = '200px',
): [boolean, (element: T | null) => (() => void) | void] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setSeen(true);
            observer.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin],
  );
  return [seen, ref];
}
