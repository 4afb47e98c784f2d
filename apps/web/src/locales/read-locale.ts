import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeTexts, type Texts } from './merge-texts.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A language's texts as the app sees them (Node only: tests and journeys): every `locales/<lang>/*.json`, merged
 * in file-name order. A key given by two files is an error.
 */
export function readLocale(lang: string): Texts {
  const dir = path.join(here, lang);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reduce<Texts>(
      (all, name) => mergeTexts(all, JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Texts, name),
      {},
    );
}
