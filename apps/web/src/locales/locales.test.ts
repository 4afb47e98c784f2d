import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Languages, allErrors } from '@archway/contract';
import { languageDef } from '../shared/i18n/languages.ts';
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

/** A text's placeholders with their format: `{{name}}` → name, `{{count, number}}` → count,number. */
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)]
    .map((m) => (m[2] ? `${m[1]},${m[2]}` : m[1]!))
    .sort();

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

/**
 * Placeholders that carry a count (of rows, people, characters, minutes …): a text with one is a plural text, so
 * that "Import 1 row", "1 Zeile importieren" and Russian's 1 строку / 2 строки / 5 строк come out right.
 * Sizes with a unit symbol (`mb`, `seconds` in "in 30 s", `size`), percentages, versions and thresholds are no count.
 */
const COUNTS = new Set([
  ...['count', 'n', 'total', 'imported', 'refused', 'failed', 'triangles', 'minutes', 'age', 'max'],
  ...['toMe', 'fromMe', 'received', 'downloaded', 'sumA', 'sumB'],
]);
/** en texts whose count-named placeholder is no count, each with that placeholder: a position, not a number of things. */
const NOT_COUNTS: Record<string, string> = {
  'stats.compare.monthN': 'n', // "Month 3": the third month of the comparison
  'caseReport.view.picture': 'n', // "Picture 2": the report's second picture
  'updates.manager.itemN': 'n', // "Item 4": a release note's fourth item
  'updates.manager.subItemN': 'n',
  'clientDownload.manager.link': 'n', // "Link 2": the second download link
};

/** The texts (key → text) with a count placeholder outside a plural text, as `key: text`. */
const countsOutsidePlurals = (texts: Map<string, unknown>) =>
  [...texts]
    .filter(([key]) => !PLURAL.test(key) && !(key in NOT_COUNTS))
    .filter(([, text]) => placeholders(text).some((p) => COUNTS.has(p.split(',')[0]!)))
    .map(([key, text]) => `${key}: ${String(text)}`);

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
    // The language's own rules: Intl's tag for it (zh-TW, nb, pt-BR), which i18next's code gives the same forms
    // (plurals.test.ts checks that i18next picks them by the code).
    const forms = new Intl.PluralRules(languageDef(lang).htmlLang).resolvedOptions().pluralCategories.slice().sort();
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

  it('en gives every text with a count as a plural text, the count formatted', () => {
    expect(countsOutsidePlurals(en)).toEqual([]);
    // The guard catches a planted count text, and lets its plural form and the allowlisted positions through.
    const planted = new Map<string, unknown>([
      ['manager.import.submit', 'Import {{count}} rows'],
      ['x.limit', 'At most {{max, number}} characters'],
      ['x.rows_one', 'Import {{count, number}} row'],
      ['stats.compare.monthN', 'Month {{n}}'],
      ['x.size', 'At most {{mb}} MB'],
    ]);
    expect(countsOutsidePlurals(planted)).toEqual([
      'manager.import.submit: Import {{count}} rows',
      'x.limit: At most {{max, number}} characters',
    ]);
    // i18next picks the form by `count`; the number shown is the count formatted in the interface language
    // (backups.* show `n`, which BackupsTab formats itself).
    const unformatted = [...en]
      .filter(([key]) => PLURAL.test(key))
      .filter(([, text]) => !/\{\{count, number\}\}|\{\{n\}\}/.test(String(text)))
      .map(([key]) => key);
    expect(unformatted).toEqual([]);
    // The allowlist stays true: each of its texts exists and has the placeholder it names.
    const stale = Object.entries(NOT_COUNTS).filter(([key, name]) => !placeholders(en.get(key)).includes(name));
    expect(stale).toEqual([]);
  });

  it('en has a text for every key of the error catalogue', () => {
    const missing = allErrors.map((error) => `errors.${error.key}`).filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });
});
