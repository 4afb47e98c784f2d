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

export function storeLanguage(code: Language): void {
  writeLocal(LocalKeys.lang, code);
}
