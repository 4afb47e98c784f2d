import { useSyncExternalStore } from 'react';

/** How long a case that just arrived stays highlighted in an open list. */
export const ARRIVAL_HIGHLIGHT_MS = 6_000;

let arrived: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Cases that arrived in the organization's box a moment ago (the hub's `caseChanged` `received`): open lists
 * highlight their rows until ARRIVAL_HIGHLIGHT_MS has passed.
 */
export function markArrived(id: string): void {
  arrived = new Set([...arrived, id]);
  emit();
  setTimeout(() => {
    if (!arrived.has(id)) return;
    const next = new Set(arrived);
    next.delete(id);
    arrived = next;
    emit();
  }, ARRIVAL_HIGHLIGHT_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The ids of the cases highlighted as just arrived (a new set at each change). */
export const useArrivedCases = (): ReadonlySet<string> => useSyncExternalStore(subscribe, () => arrived);
