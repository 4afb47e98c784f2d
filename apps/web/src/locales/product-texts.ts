import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '@archway/contract';
import { readLocale } from './read-locale.ts';

/** Text id (`web:<key>`, `server:<file>:<key>`, `contract:<key>`) → text. */
export type ProductTexts = Map<string, string>;

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.join(here, '..', '..', '..', 'server', 'src');

function collect(value: unknown, where: string, into: ProductTexts) {
  if (typeof value === 'string') into.set(where, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      collect(inner, where.endsWith(':') ? `${where}${key}` : `${where}.${key}`, into);
}

/**
 * Every text the product ships in one language (Node only: tests): the web's `locales/<lang>/*.json`, the server's
 * mail and export texts and the demo help articles (`apps/server/src/**\/<lang>.json`) and, for zh and pt, the
 * catalogue's error messages.
 */
export function productTexts(lang: string): ProductTexts {
  const texts: ProductTexts = new Map();
  collect(readLocale(lang), 'web:', texts);
  const catalogue = (errorMessages as Record<string, Record<string, string> | undefined>)[lang];
  if (catalogue) collect(catalogue, 'contract:', texts);
  for (const file of readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== `${lang}.json` || file.includes('migrations')) continue;
    collect(JSON.parse(readFileSync(path.join(serverSrc, file), 'utf8')), `server:${file}:`, texts);
  }
  return texts;
}
