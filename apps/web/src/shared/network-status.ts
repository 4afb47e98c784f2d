import { useSyncExternalStore } from 'react';

/**
 * Whether Archway can reach its server: the browser's own flag (`navigator.onLine` and the
 * `online` / `offline` events) and the request layer's last outcome (a network failure until the next
 * answer). The layout shows an offline banner while either says "offline".
 */
export interface NetworkState {
  browserOnline: boolean;
  serverReachable: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: NetworkState = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  serverReachable: true,
};

function set(next: Partial<NetworkState>): void {
  const merged = { ...state, ...next };
  if (merged.browserOnline === state.browserOnline && merged.serverReachable === state.serverReachable)
    return;
  state = merged;
  listeners.forEach((listener) => listener());
}

/** Called by the request layer after every call: reached the server (any answer) or not. */
export function reportReachable(reachable: boolean): void {
  set({ serverReachable: reachable });
}

export function networkState(): NetworkState {
  return state;
}

export function isOffline(current: NetworkState = state): boolean {
  return !current.browserOnline || !current.serverReachable;
}

let watching = false;
function watchBrowser(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => set({ browserOnline: true }));
  window.addEventListener('offline', () => set({ browserOnline: false }));
}

export function subscribeNetwork(listener: Listener): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribeNetwork, networkState, networkState);
}
