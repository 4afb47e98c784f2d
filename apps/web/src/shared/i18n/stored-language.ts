import type { Language } from '@archway/contract';
import { LocalKeys, readLocal, writeLocal } from '../storage-keys.ts';
import { defaultLanguage, isLanguage } from './languages.ts';

/** The stored interface language (`lang`); the default is stored on first use. */
export function storedLanguage(): Language {
  const stored = readLocal(LocalKeys.lang);
  if (isLanguage(stored)) return stored;
  const fallback = defaultLanguage(globalThis.location?.host ?? '');
  writeLocal(LocalKeys.lang, fallback);
  return fallback;
}

/** A language the person picked in this browser (the menu, a hand-over), never the default stored on first use. */
export function storeLanguage(code: Language): void {
  writeLocal(LocalKeys.lang, code);
  writeLocal(LocalKeys.langChosen, '1');
}

/** Whether the stored language was picked here rather than defaulted. */
export const languageChosen = (): boolean => readLocal(LocalKeys.langChosen) === '1';
