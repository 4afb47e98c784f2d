import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshLocalStorage } from '../testing/memory-storage.ts';
import { pageControlFlags, storePageFlags } from './page-control.ts';

describe('GET /user/control/page → local flags order, compare, builder', () => {
  beforeEach(freshLocalStorage);
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

  it('stores "true" for a screen that is on, removes the order and compare flags when off, and stores builder off', () => {
    localStorage.setItem('order', 'true');
    localStorage.setItem('builder', 'true');
    storePageFlags({ order: false, compare: true, builder: false });
    expect(localStorage.getItem('order')).toBeNull();
    expect(localStorage.getItem('compare')).toBe('true');
    expect(localStorage.getItem('builder')).toBe('false');
  });
});
