import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Languages } from '@archway/contract';
import { productTexts, type ProductTexts } from './product-texts.ts';

/**
 * Issue 34: one name per concept and one form of address in each language. `docs/glossary/<lang>.json` gives, per
 * language, the form of address and the product's core terms with the forms to use and the forms not to use; this
 * test reads every text the product ships in that language (web, server mail and export texts, the catalogue) and
 * fails on a forbidden form. Each forbidden form carries an example the check must catch, so none can never fail.
 */

type Rule = { pattern: string; why: string; example: string; caseSensitive?: boolean };
type Term = { concept: string; en: string; use: string[]; avoid?: Rule[]; note?: string };
type Glossary = {
  language: string;
  address: { form: string; rule: string; forbidden: Rule[] };
  terms: Term[];
  except?: { where: string; pattern: string; why: string }[];
};

/** The product's core concepts every glossary settles (matched in each term's `en` and `concept`). */
const CORE = [
  'case', 'scan', 'device', 'bind code', 'unbind', 'recall', 'transfer', 'receiver', 'clinic', 'lab', 'distributor',
  'upper jaw', 'lower jaw', 'occlusal', 'bite', 'section', 'remark', 'comment', 'conversion', 'recycle bin',
  'you receive this mail', 'password', 'crown', 'zirconia', 'pressed ceramic', 'scan body', 'mm',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const glossaryFile = (lang: string) => path.join(here, '..', '..', '..', '..', 'docs', 'glossary', `${lang}.json`);
const readGlossary = (lang: string) => JSON.parse(readFileSync(glossaryFile(lang), 'utf8')) as Glossary;

/** `\b` in a glossary pattern is a word boundary for letters and digits of any script (JavaScript's is ASCII). */
const BOUNDARY = String.raw`(?:(?<=[\p{L}\p{N}])(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]))`;
const compile = (rule: Pick<Rule, 'pattern' | 'caseSensitive'>) =>
  new RegExp(rule.pattern.replaceAll(String.raw`\b`, BOUNDARY), rule.caseSensitive ? 'u' : 'iu');

/** What a person reads: placeholders, nestings and markup removed. */
const readable = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/<[^>]*>/g, ' ');

const rulesOf = (glossary: Glossary) => [
  ...glossary.address.forbidden.map((rule) => ({ ...rule, concept: `address (${glossary.address.form})` })),
  ...glossary.terms.flatMap((term) => (term.avoid ?? []).map((rule) => ({ ...rule, concept: term.concept }))),
];

type Violation = { where: string; concept: string; why: string; found: string; text: string };

/** The check of one glossary (its patterns compiled once): the texts that use a form it forbids. */
function checker(glossary: Glossary) {
  const excepted = new Set((glossary.except ?? []).map((e) => `${e.where}\n${e.pattern}`));
  const rules = rulesOf(glossary).map((rule) => ({ ...rule, regex: compile(rule) }));
  return (texts: ProductTexts): Violation[] => {
    const found: Violation[] = [];
    for (const [where, text] of texts) {
      const seen = readable(text);
      for (const rule of rules) {
        const match = rule.regex.exec(seen);
        if (match && !excepted.has(`${where}\n${rule.pattern}`))
          found.push({ where, concept: rule.concept, why: rule.why, found: match[0], text });
      }
    }
    return found;
  };
}

describe('the glossary of each language', () => {
  it('has one glossary per language and nothing else', () => {
    expect(Languages.filter((lang) => !existsSync(glossaryFile(lang)))).toEqual([]);
  });

  describe.each(Languages.filter((lang) => existsSync(glossaryFile(lang))).map((lang) => [lang]))('%s', (lang) => {
    const glossary = readGlossary(lang);
    const texts = productTexts(lang);
    const violations = checker(glossary);

    it('names its language, its form of address and the core terms', () => {
      expect(glossary.language).toBe(lang);
      expect(glossary.address.form.trim()).not.toBe('');
      expect(glossary.address.rule.trim()).not.toBe('');
      expect(glossary.terms.length).toBeGreaterThanOrEqual(15);
      for (const term of glossary.terms) expect(term.use.length, term.concept).toBeGreaterThan(0);
      expect(new Set(glossary.terms.map((term) => term.concept)).size).toBe(glossary.terms.length);
      const named = glossary.terms.map((term) => `${term.en} | ${term.concept}`.toLowerCase());
      expect(CORE.filter((core) => !named.some((name) => name.includes(core)))).toEqual([]);
    });

    it('reads the web, server and catalogue texts', () => {
      const sources = new Set([...texts.keys()].map((id) => id.split(':')[0]));
      expect(sources.has('web') && sources.has('server')).toBe(true);
      expect(texts.size).toBeGreaterThan(2000);
    });

    it('has no text with a form its glossary forbids', () => {
      expect(violations(texts)).toEqual([]);
    });

    it('catches every forbidden form in its example, also planted among the real texts', () => {
      const rules = rulesOf(glossary);
      for (const rule of rules) {
        const caught = violations(new Map([['web:planted.violation', rule.example]]));
        expect(caught.map((v) => v.concept), `${rule.concept}: ${rule.pattern} on "${rule.example}"`).toContain(
          rule.concept,
        );
      }
      const planted = new Map(texts).set('web:planted.violation', rules[0]!.example);
      expect([...new Set(violations(planted).map((v) => v.where))]).toEqual(['web:planted.violation']);
    });

    it('uses each term it names, so the glossary describes the product', () => {
      const all = [...texts.values()].map((text) => readable(text).toLocaleLowerCase(lang));
      const unused = glossary.terms.filter(
        (term) => !term.use.some((form) => all.some((text) => text.includes(form.toLocaleLowerCase(lang)))),
      );
      expect(unused.map((term) => `${term.concept}: ${term.use.join(' / ')}`)).toEqual([]);
    });

    it('keeps only exceptions that still allow something', () => {
      const stale = (glossary.except ?? []).filter((e) => {
        const text = texts.get(e.where);
        return text === undefined || !compile({ pattern: e.pattern }).test(readable(text));
      });
      expect(stale).toEqual([]);
    });
  });
});
