import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INTERVAL_MS, isAllowedOrigin, startParentTokenHandOver } from './parent-token.ts';
import { getToken } from './session.ts';
import { memoryStorage } from '../testing/memory-storage.ts';

/** A framed window whose parent records what it is sent. */
function framedWindow() {
  const posted: unknown[] = [];
  const parent = { postMessage: (message: unknown) => posted.push(message) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win = {
    parent,
    location: { origin: 'https://archway.example' },
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => (listener = fn),
    removeEventListener: () => (listener = null),
  };
  const reply = (data: unknown, source: unknown = parent, origin = 'https://archway.example') =>
    listener?.({ data, source, origin } as MessageEvent);
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
    const stop = startParentTokenHandOver(
      () => {},
      () => [],
      win as unknown as Window,
    );
    expect(typeof stop).toBe('function');
  });

  it('asks the parent periodically until it answers, then stores token and language', () => {
    const frame = framedWindow();
    const received = vi.fn();
    startParentTokenHandOver(received, () => [], frame.win);
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
    startParentTokenHandOver(received, () => [], frame.win);
    frame.reply({ cmd: 'setTokenAndLang', token: 'abc', lang: 'xx' });
    expect(received).toHaveBeenCalledWith({ token: 'abc', lang: null });
  });

  it('accepts the hand-over only from this origin or an allowed frame ancestor', () => {
    const frame = framedWindow();
    const received = vi.fn();
    startParentTokenHandOver(received, () => ["'self'", 'https://portal.example:8443'], frame.win);

    frame.reply({ cmd: 'setTokenAndLang', token: 'evil' }, undefined, 'https://evil.example');
    frame.reply({ cmd: 'setTokenAndLang', token: 'evil' }, undefined, 'https://portal.example');
    frame.reply({ cmd: 'setTokenAndLang', token: 'evil' }, undefined, 'http://portal.example:8443');
    frame.reply({ cmd: 'setTokenAndLang', token: 'evil' }, undefined, 'null');
    expect(received).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(frame.listening()).toBe(true);
    // still asking
    vi.advanceTimersByTime(SEARCH_INTERVAL_MS);
    expect(frame.posted).toHaveLength(2);

    frame.reply(
      { cmd: 'setTokenAndLang', token: 'good', lang: 'en' },
      undefined,
      'https://portal.example:8443',
    );
    expect(received).toHaveBeenCalledWith({ token: 'good', lang: 'en' });
    expect(getToken()).toBe('good');
  });

  it('with no allow-list accepts only the same origin', () => {
    const frame = framedWindow();
    const received = vi.fn();
    startParentTokenHandOver(received, () => [], frame.win);
    frame.reply({ cmd: 'setTokenAndLang', token: 'x' }, undefined, 'https://other.example');
    expect(received).not.toHaveBeenCalled();
    frame.reply({ cmd: 'setTokenAndLang', token: 'same' }, undefined, 'https://archway.example');
    expect(received).toHaveBeenCalledWith({ token: 'same', lang: null });
  });
});

describe('isAllowedOrigin', () => {
  const own = 'http://localhost:8080';
  it('compares whole origins (scheme, host, port)', () => {
    expect(isAllowedOrigin(own, own, [])).toBe(true);
    expect(isAllowedOrigin('https://a.example', own, ['https://a.example/'])).toBe(true);
    expect(isAllowedOrigin('https://a.example', own, ['https://A.example'])).toBe(true);
    expect(isAllowedOrigin('https://a.example.evil', own, ['https://a.example'])).toBe(false);
    expect(isAllowedOrigin('https://sub.a.example', own, ['https://a.example'])).toBe(false);
    expect(isAllowedOrigin('http://a.example', own, ['https://a.example'])).toBe(false);
    expect(isAllowedOrigin('null', own, ['null', "'self'"])).toBe(false);
    expect(isAllowedOrigin('', own, ["'self'"])).toBe(false);
    expect(isAllowedOrigin('https://x.example', own, ['*', 'not a url'])).toBe(false);
  });
});
