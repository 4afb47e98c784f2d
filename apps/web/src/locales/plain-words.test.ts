import { describe, expect, it } from 'vitest';
import { Languages } from '@archway/contract';
import { readLocale } from './read-locale.ts';

/**
 * Issue 33: the settings drawer's entries and the back office are named for what they do, in every language: no
 * "Backend management", "User secret", "Custom search" or a bare "Exit" (nor their literal translations).
 */
const at = (lang: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], readLocale(lang)) as string;

const NAMES = [
  'routes.manager',
  'manager.forbidden.subTitle',
  'preferences.sections.search',
  'preferences.sections.privacy',
  'settings.exit',
] as const;
const JARGON = /backend|back-end|后台|後台|user secret|custom search|用户隐私|使用者隱私|自定义搜索|自訂搜尋|benutzerdefiniert/i;

describe('plain words', () => {
  it('names the settings entries and the back office for people in English', () => {
    expect(NAMES.map((key) => at('en', key))).toEqual([
      'Back office',
      'The back office is only for platform administrators.',
      'Who can find me',
      'Privacy',
      'Sign out',
    ]);
  });

  it.each(Languages.map((l) => [l]))('uses no jargon in %s', (lang) => {
    for (const key of NAMES) expect(at(lang, key), `${lang} ${key}`).not.toMatch(JARGON);
    // "Exit" (退出) alone says leave, not sign out.
    expect(at(lang, 'settings.exit')).not.toMatch(/^(exit|退出)$/i);
  });
});
