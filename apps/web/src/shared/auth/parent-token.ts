import type { Language } from '@archway/contract';
import { isLanguage } from '../i18n/languages.ts';
import { setToken } from './session.ts';

/**
 * Parent-window hand-over (calls-and-errors §7.2): inside a frame, ask the parent for a token
 * with `{cmd: 'searchToken'}` until it answers `{cmd: 'setTokenAndLang', token, lang}`.
 */
export const SEARCH_INTERVAL_MS = 1000;

export interface HandOver {
  token: string;
  lang: Language | null;
}

export function startParentTokenHandOver(
  onReceived: (handOver: HandOver) => void,
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
    const data = event.data as { cmd?: unknown; token?: unknown; lang?: unknown } | null;
    if (data?.cmd !== 'setTokenAndLang' || typeof data.token !== 'string' || !data.token) return;
    stop();
    setToken(data.token);
    onReceived({ token: data.token, lang: isLanguage(data.lang) ? data.lang : null });
  }

  win.addEventListener('message', onMessage);
  return stop;
}
