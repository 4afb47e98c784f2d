import { useSyncExternalStore } from 'react';

/**
 * Whether the help panel is open: one flag for the whole app, so the top bar's help popover and its phone menu entry
 * open the panel the floating button also opens.
 */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export const openHelp = (): void => set(true);
export const closeHelp = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHelpOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
