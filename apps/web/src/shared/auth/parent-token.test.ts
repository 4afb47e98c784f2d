import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INTERVAL_MS, startParentTokenHandOver } from './parent-token.ts';
import { getToken } from './session.ts';

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

/** A framed window whose parent records what it is sent. */
function framedWindow() {
  const posted: unknown[] = [];
  const parent = { postMessage: (message: unknown) => posted.push(message) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win = {
    parent,
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => (listener = fn),
    removeEventListener: () => (listener = null),
  };
  const reply = (data: unknown, source: unknown = parent) => listener?.({ data, source } as MessageEvent);
  return { win: win as unknown as Window, posted, reply, listening: () => listener !== null };
}

describe('parent-window token hand-over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('does nothing outside a frame', () => {
    const win = { parent: null as unknown } as { parent: unknown };
    win.parent = win;
    const stop = startParentTokenHandOver(() => {}, win as unknown as Window);
    expect(typeof stop).toBe('function');
  });

  it('asks the parent periodically until it answers, then stores token and language', () => {
    const frame = framedWindow();
    const received = vi.fn();
    startParentTokenHandOver(received, frame.win);
    expect(frame.posted).toEqual([{ cmd: 'searchToken' }]);
    vi.advanceTimersByTime(SEARCH_INTERVAL_MS * 2);
    expect(frame.posted).toHaveLength(3);

    frame.reply({ cmd: 'setTokenAndLang', token: 'forged' }, {}); // not from the parent
    frame.reply({ cmd: 'other', token: 'x' });
    expect(received).not.toHaveBeenCalled();

    frame.reply({ cmd: 'setTokenAndLang', token: 'abc', lang: 'de' });
    expect(received).toHaveBeenCalledWith({ token: 'abc', lang: 'de' });
    expect(getToken()).toBe('abc');
    expect(frame.listening()).toBe(false);
    vi.advanceTimersByTime(SEARCH_INTERVAL_MS * 3);
    expect(frame.posted).toHaveLength(3);
  });

  it('ignores an unknown language', () => {
    const frame = framedWindow();
    const received = vi.fn();
    startParentTokenHandOver(received, frame.win);
    frame.reply({ cmd: 'setTokenAndLang', token: 'abc', lang: 'xx' });
    expect(received).toHaveBeenCalledWith({ token: 'abc', lang: null });
  });
});
