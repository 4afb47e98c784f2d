import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Languages, allErrors } from '@archway/contract';
import { readLocale } from './read-locale.ts';

type Tree = { [key: string]: string | Tree };

const here = path.dirname(fileURLToPath(import.meta.url));
const load = (lang: string) => readLocale(lang) as Tree;

/** Every leaf as `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, full).forEach((v, k) => out.set(k, v));
    else out.set(full, value);
  }
  return out;
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

/**
 * A plural text is one key per form its language has (i18next's `rows_one`, `rows_few`, `rows_other` … from
 * Intl.PluralRules): English has two, Russian four, Japanese one. Compared across languages as one key `rows_#`.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '_#');
const enKeys = new Set([...en.keys()].map(pluralBase));
/** English's text for a key, or for its plural text (its `_other` form). */
const enText = (key: string) => en.get(key) ?? en.get(key.replace(PLURAL, '_other'));

describe('locales', () => {
  it('has one folder per language of product §1, and nothing else', () => {
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...Languages].sort());
  });

  it.each(Languages.filter((lang) => lang !== 'en'))('%s has the same files as en', (lang) => {
    const files = (dir: string) =>
      readdirSync(path.join(here, dir))
        .filter((name) => name.endsWith('.json'))
        .sort();
    expect(files(lang)).toEqual(files('en'));
  });

  it.each(Languages.filter((lang) => lang !== 'en'))('%s has every key of en, and only those', (lang) => {
    const keys = new Set([...flatten(load(lang)).keys()].map(pluralBase));
    const missing = [...enKeys].filter((key) => !keys.has(key));
    const extra = [...keys].filter((key) => !enKeys.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...Languages])('%s gives each plural text exactly the forms of its language', (lang) => {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
    const byBase = new Map<string, string[]>();
    for (const key of flatten(load(lang)).keys()) {
      const form = PLURAL.exec(key)?.[1];
      if (form) byBase.set(pluralBase(key), [...(byBase.get(pluralBase(key)) ?? []), form]);
    }
    const wrong = [...byBase]
      .filter(([, has]) => has.sort().join() !== forms.join())
      .map(([base, has]) => `${base}: ${has.join()} (${lang} needs ${forms.join()})`);
    expect(wrong).toEqual([]);
  });

  it.each([...Languages])('%s has no empty texts and keeps the placeholders of en', (lang) => {
    const texts = flatten(load(lang));
    const empty = [...texts]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([k]) => k);
    expect(empty).toEqual([]);
    const broken = [...texts]
      .filter(
        ([key, text]) => enText(key) !== undefined && placeholders(text).join() !== placeholders(enText(key)).join(),
      )
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('en has a text for every key of the error catalogue', () => {
    const missing = allErrors.map((error) => `errors.${error.key}`).filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });
});
