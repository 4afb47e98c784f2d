import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageControlFlags, storePageFlags } from './page-control.ts';

function memoryStorage(): Storage {
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

describe('GET /user/control/page → local flags order, compare, builder', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads content.thirdPageControl', () => {
    expect(
      pageControlFlags({
        code: 0,
        content: { thirdPageControl: { order: true, compare: false, builder: true } },
      }),
    ).toEqual({ order: true, compare: false, builder: true });
  });

  it('tolerates the older shape (flags directly in content) and refuses anything else', () => {
    expect(pageControlFlags({ code: 0, content: { order: false, compare: true, builder: false } })).toEqual({
      order: false,
      compare: true,
      builder: false,
    });
    expect(pageControlFlags(null)).toBeNull();
    expect(pageControlFlags({ code: 0 })).toBeNull();
    expect(pageControlFlags({ code: 0, content: { other: 1 } })).toBeNull();
    expect(pageControlFlags('x')).toBeNull();
  });

  it('stores "true" for a screen that is on and removes the flag of one that is off', () => {
    localStorage.setItem('order', 'true');
    localStorage.setItem('builder', 'true');
    storePageFlags({ order: false, compare: true, builder: false });
    expect(localStorage.getItem('order')).toBeNull();
    expect(localStorage.getItem('compare')).toBe('true');
    expect(localStorage.getItem('builder')).toBeNull();
  });
});
