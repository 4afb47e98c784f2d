import { useSyncExternalStore } from 'react';

/** Below this width the app uses its phone layout (menu drawer, overflow menu, table cards). */
export const MOBILE_MAX_WIDTH = 767;
/** Below this width the top bar shows icons without their labels. */
export const COMPACT_MAX_WIDTH = 1199;

export type ViewportMode = 'mobile' | 'compact' | 'wide';

export function viewportMode(width: number): ViewportMode {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= COMPACT_MAX_WIDTH) return 'compact';
  return 'wide';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The layout mode of the current window width, updated on resize (known at the first render). */
export function useViewportMode(): ViewportMode {
  return useSyncExternalStore(
    subscribe,
    () => viewportMode(window.innerWidth),
    () => 'wide' as const,
  );
}
