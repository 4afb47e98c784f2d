import { vi } from 'vitest';

/** A Web Storage kept in memory, for unit tests of code that reads or writes `localStorage`. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** Each test gets a fresh, empty `localStorage` (call in `beforeEach`; `vi.unstubAllGlobals()` in `afterEach`). */
export const freshLocalStorage = () => vi.stubGlobal('localStorage', memoryStorage());
