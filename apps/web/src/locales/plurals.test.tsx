import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Languages, type Language } from '@archway/contract';
import { UnreadMark } from '../shared/case-page/unread-replies.tsx';
import { addNumberFormat, i18nOptions, NAMESPACE } from '../shared/i18n/i18n.ts';
import { languageDef } from '../shared/i18n/languages.ts';
import { readLocale } from './read-locale.ts';

/**
 * Plural texts (issue 34, "Plurals") through a real i18next instance set up as the app's (i18nOptions,
 * addNumberFormat) with the app's texts: the form each count gets, the count written as the language writes
 * numbers, and the call sites that give `count`.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

async function instance(lang: Language): Promise<I18n> {
  const i18n = i18next.createInstance();
  const resources: Resource = { en: { [NAMESPACE]: readLocale('en') } };
  resources[lang] = { [NAMESPACE]: readLocale(lang) };
  await i18n.init(i18nOptions(lang, resources));
  addNumberFormat(i18n);
  return i18n;
}

/** `key` at each count, as `count → text`. */
async function forms(lang: Language, key: string, counts: number[], values: Record<string, unknown> = {}) {
  const i18n = await instance(lang);
  return Object.fromEntries(counts.map((count) => [count, i18n.t(key, { ...values, count })]));
}

const COUNTS = [0, 1, 2, 5, 21];

describe('plural texts', () => {
  it('en: one row, rows otherwise, the count with its thousands separator', async () => {
    expect(await forms('en', 'manager.import.submit', [...COUNTS, 1234])).toEqual({
      0: 'Import 0 rows',
      1: 'Import 1 row',
      2: 'Import 2 rows',
      5: 'Import 5 rows',
      21: 'Import 21 rows',
      1234: 'Import 1,234 rows',
    });
    expect(await forms('en', 'compare.histogram.label', [1, 40000])).toEqual({
      1: 'Histogram of the signed distances of 1 vertex of scan B from scan A',
      40000: 'Histogram of the signed distances of 40,000 vertices of scan B from scan A',
    });
    expect(await forms('en', 'profile.phone.sent', [1, 10], { phone: '+49 151 1234567' })).toEqual({
      1: 'A code was sent to +49 151 1234567; it works for 1 minute.',
      10: 'A code was sent to +49 151 1234567; it works for 10 minutes.',
    });
    expect(await forms('en', 'cases.detail.ageValue', [1, 45])).toEqual({ 1: '1 year', 45: '45 years' });
    expect(await forms('en', 'cases.confirm.recycleBody', [1, 3])).toEqual({
      1: 'Cases to move: 1. You can restore it from the recycle bin.',
      3: 'Cases to move: 3. You can restore them from the recycle bin.',
    });
  });

  it('de: "1 Zeile importieren", Zeilen otherwise, 1.234 with a dot', async () => {
    expect(await forms('de', 'manager.import.submit', [...COUNTS, 1234])).toEqual({
      0: '0 Zeilen importieren',
      1: '1 Zeile importieren',
      2: '2 Zeilen importieren',
      5: '5 Zeilen importieren',
      21: '21 Zeilen importieren',
      1234: '1.234 Zeilen importieren',
    });
    expect(await forms('de', 'devices.users.tooMany', [1, 20])).toEqual({
      1: 'Höchstens 1 Person auf einmal',
      20: 'Höchstens 20 Personen auf einmal',
    });
  });

  it('ru: строку, строки, строк by the last digits (1, 21 → one; 2–4, 22 → few; 0, 5–20, 11 → many)', async () => {
    expect(await forms('ru', 'manager.import.submit', [...COUNTS, 11, 22, 111, 1.5])).toEqual({
      0: 'Импортировать 0 строк',
      1: 'Импортировать 1 строку',
      2: 'Импортировать 2 строки',
      5: 'Импортировать 5 строк',
      21: 'Импортировать 21 строку',
      11: 'Импортировать 11 строк',
      22: 'Импортировать 22 строки',
      111: 'Импортировать 111 строк',
      1.5: 'Импортировать 1,5 строки',
    });
    expect(await forms('ru', 'cases.detail.ageValue', [1, 2, 5, 21, 44])).toEqual({
      1: '1 год',
      2: '2 года',
      5: '5 лет',
      21: '21 год',
      44: '44 года',
    });
    expect(await forms('ru', 'caseLists.unread', [1, 3, 7])).toEqual({
      1: '1 непрочитанный ответ',
      3: '3 непрочитанных ответа',
      7: '7 непрочитанных ответов',
    });
    // Grouped with a no-break space, as Russian writes it.
    expect((await forms('ru', 'manager.import.submit', [12345]))[12345]).toBe('Импортировать 12\u00a0345 строк');
  });

  it('cs: řádek, řádky, řádků (0 and 21 take the plural of 5; a fraction its own form)', async () => {
    expect(await forms('cs', 'manager.import.submit', [...COUNTS, 1.5])).toEqual({
      0: 'Importovat 0 řádků',
      1: 'Importovat 1 řádek',
      2: 'Importovat 2 řádky',
      5: 'Importovat 5 řádků',
      21: 'Importovat 21 řádků',
      1.5: 'Importovat 1,5 řádku',
    });
    expect(await forms('cs', 'cases.detail.ageValue', [1, 3, 5])).toEqual({ 1: '1 rok', 3: '3 roky', 5: '5 let' });
    expect(await forms('cs', 'profile.phone.sent', [1, 2, 10], { phone: '+420 601 123 456' })).toEqual({
      1: 'Kód byl odeslán na +420 601 123 456; platí 1 minutu.',
      2: 'Kód byl odeslán na +420 601 123 456; platí 2 minuty.',
      10: 'Kód byl odeslán na +420 601 123 456; platí 10 minut.',
    });
  });

  it('ja: one form for every count, and only that key', async () => {
    expect(await forms('ja', 'manager.import.submit', [...COUNTS, 1234])).toEqual({
      0: '0 行をインポート',
      1: '1 行をインポート',
      2: '2 行をインポート',
      5: '5 行をインポート',
      21: '21 行をインポート',
      1234: '1,234 行をインポート',
    });
    const manager = (readLocale('ja').manager as { import: Record<string, string> }).import;
    expect(Object.keys(manager).filter((key) => key.startsWith('submit'))).toEqual(['submit_other']);
  });

  it('a text with two counts keeps the second as a label: "5 imported, 1 refused"', async () => {
    const i18n = await instance('en');
    expect(i18n.t('manager.import.done', { count: 1200, refused: 3 })).toBe('1,200 imported, 3 refused.');
    const de = await instance('de');
    expect(de.t('home.charts.downloadedOf', { count: 1500, downloaded: 1200 })).toBe(
      '1.200 von 1.500 heruntergeladen',
    );
  });

  it('the statistics comparison names each side with its uploads in the right form', async () => {
    const ru = await instance('ru');
    const side = (name: string, count: number) => ru.t('stats.compare.uploadsOf', { name, count });
    expect([side('Январь', 1), side('Февраль', 3), side('Март', 5)]).toEqual([
      'Январь — 1 загрузка',
      'Февраль — 3 загрузки',
      'Март — 5 загрузок',
    ]);
    expect(ru.t('stats.compare.chartLabel', { what: 'Тренд', a: side('Январь', 1), b: side('Март', 5) })).toBe(
      'Тренд: Январь — 1 загрузка в сравнении с Март — 5 загрузок.',
    );
  });

  it.each([...Languages])('%s: i18next chooses the forms by the language’s own plural rules', async (lang) => {
    const i18n = await instance(lang);
    const tag = languageDef(lang).htmlLang;
    const intl = new Intl.PluralRules(tag);
    const rule = i18n.services.pluralResolver as unknown as { getSuffix(code: string, count: number): string };
    const samples = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 1000000, 1.5, 0.5];
    expect(samples.map((n) => rule.getSuffix(i18n.language, n))).toEqual(samples.map((n) => `_${intl.select(n)}`));
  });

  it.each([...Languages])('%s: a plural text writes its count as the language writes numbers', async (lang) => {
    const i18n = await instance(lang);
    const text = i18n.t('table.total', { count: 1234567 });
    expect(text).toContain(new Intl.NumberFormat(languageDef(lang).htmlLang).format(1234567));
    expect(text).not.toContain('{{');
  });

  it('the unread-replies mark beside a case says its count in the right form (React, real texts)', async () => {
    const render = async (lang: Language, count: number) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={await instance(lang)}>
          <UnreadMark count={count} />
        </I18nextProvider>,
      );
    expect(await render('en', 1)).toContain('title="1 unread reply"');
    expect(await render('en', 2)).toContain('title="2 unread replies"');
    expect(await render('ru', 22)).toContain('title="22 непрочитанных ответа"');
    expect(await render('cs', 5)).toContain('title="5 nepřečtených odpovědí"');
    expect(await render('ja', 1)).toContain('title="未読の返信 1 件"');
    // No reply, no mark.
    expect(await render('en', 0)).toBe('');
  });
});

/** Every `.ts`/`.tsx` file of the app, tests aside. */
function sources(dir = path.join(here, '..')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The call starting at `start` (`t(…)`), to its balanced closing parenthesis. */
function callAt(code: string, start: number): string {
  let depth = 0;
  for (let i = code.indexOf('(', start); i < code.length; i += 1) {
    if (code[i] === '(') depth += 1;
    else if (code[i] === ')' && --depth === 0) return code.slice(start, i + 1);
  }
  return code.slice(start);
}

describe('call sites of plural texts', () => {
  it('give `count` wherever they name a plural text directly', () => {
    const en = readLocale('en');
    const bases = new Set<string>();
    const walk = (tree: object, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        const full = prefix ? `${prefix}.${key}` : key;
        if (value && typeof value === 'object') walk(value as object, full);
        else if (/_(zero|one|two|few|many|other)$/.test(key)) bases.add(full.replace(/_\w+$/, ''));
      }
    };
    walk(en, '');
    expect(bases.size).toBeGreaterThan(30);
    const missing: string[] = [];
    let calls = 0;
    for (const file of sources()) {
      const code = readFileSync(file, 'utf8');
      // t('key', …) up to its closing parenthesis.
      for (const m of code.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        if (!bases.has(m[1]!)) continue;
        calls += 1;
        const call = callAt(code, m.index);
        if (!/\bcount\b/.test(call.slice(m[0].length))) missing.push(`${path.relative(here, file)}: ${call}`);
      }
    }
    expect(missing).toEqual([]);
    expect(calls).toBeGreaterThan(20);
  });
});
