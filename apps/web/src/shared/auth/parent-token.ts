import type { Language } from '@archway/contract';
import { isLanguage } from '../i18n/languages.ts';
import { setToken } from './session.ts';

/**
 * Parent-window hand-over (calls-and-errors §7.2): inside a frame, ask the parent for a token
 * with `{cmd: 'searchToken'}` until it answers `{cmd: 'setTokenAndLang', token, lang}`.
 * The answer is accepted only from the parent window and only from an allowed origin: this page's own
 * origin, or one of identity settings' `frameAncestors` (FRAME_ANCESTORS, the same list the server puts
 * in `Content-Security-Policy: frame-ancestors`). Anything else is ignored and the asking goes on.
 */
export const SEARCH_INTERVAL_MS = 1000;

export interface HandOver {
  token: string;
  lang: Language | null;
}

/** The origin of a URL-like entry (`'self'` → `own`), or null when it is not an http(s) origin. */
function originOf(entry: string, own: string): string | null {
  const trimmed = entry.trim();
  if (trimmed === "'self'" || trimmed === 'self') return own;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether a message from `origin` may hand over a token: same origin always, else an allow-listed one. */
export function isAllowedOrigin(origin: string, ownOrigin: string, allowed: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  if (origin === ownOrigin) return true;
  return allowed.some((entry) => originOf(entry, ownOrigin) === origin);
}

export function startParentTokenHandOver(
  onReceived: (handOver: HandOver) => void,
  /** identity settings' `frameAncestors`; read when a message arrives (settings may load later). */
  allowedOrigins: () => readonly string[] = () => [],
  win: Window = window,
): () => void {
  if (win.parent === win) return () => {};

  const ask = () => win.parent.postMessage({ cmd: 'searchToken' }, '*');
  const timer = win.setInterval(ask, SEARCH_INTERVAL_MS);
  ask();

  const stop = () => {
    win.clearInterval(timer);
    win.removeEventListener('message', onMessage);
  };

  function onMessage(event: MessageEvent) {
    if (event.source !== win.parent) return;
    if (!isAllowedOrigin(event.origin, win.location.origin, allowedOrigins())) return;
    const data = event.data as { cmd?: unknown; token?: unknown; lang?: unknown } | null;
    if (data?.cmd !== 'setTokenAndLang' || typeof data.token !== 'string' || !data.token) return;
    stop();
    setToken(data.token);
    onReceived({ token: data.token, lang: isLanguage(data.lang) ? data.lang : null });
  }

  win.addEventListener('message', onMessage);
  return stop;
}
