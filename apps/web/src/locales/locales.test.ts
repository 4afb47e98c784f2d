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
    const texts = flatten(load(lang));
    const missing = [...en.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...Languages])('%s has no empty texts and keeps the placeholders of en', (lang) => {
    const texts = flatten(load(lang));
    const empty = [...texts]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([k]) => k);
    expect(empty).toEqual([]);
    const broken = [...texts]
      .filter(([key, text]) => en.has(key) && placeholders(text).join() !== placeholders(en.get(key)).join())
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('en has a text for every key of the error catalogue', () => {
    const missing = allErrors.map((error) => `errors.${error.key}`).filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });
});
