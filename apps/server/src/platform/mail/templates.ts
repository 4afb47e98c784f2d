import { readFileSync } from 'node:fs';
import { isTimeZone, Languages, type Language } from '@archway/contract';
import type { MailMessage } from './mail.ts';

/**
 * The texts of one kind of mail in every language that has a file `<dir>/<language>.json`; `pick(language)` answers
 * the recipient's language, English when it has none.
 */
export function loadTemplates<T>(
  dir: URL,
): (language: string | null | undefined) => { lang: Language; t: T } {
  const texts = new Map<Language, T>();
  for (const code of Languages) {
    try {
      texts.set(code, JSON.parse(readFileSync(new URL(`${code}.json`, dir), 'utf8')) as T);
    } catch {
      // Not translated: English is used.
    }
  }
  return (language) => {
    const lang = texts.has(language as Language) ? (language as Language) : 'en';
    return { lang, t: texts.get(lang)! };
  };
}

/** `{{name}}` placeholders filled from `vars`; a placeholder `vars` lacks is an error, never a silent blank. */
export const fill = (s: string, vars: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const value = vars[k];
    if (value === undefined) throw new Error(`mail text placeholder {{${k}}} not given`);
    return value;
  });

/** The Intl locale of a language (Brazilian Portuguese, Simplified and Traditional Chinese, Norwegian Bokmål). */
const INTL_LOCALES: Partial<Record<Language, string>> = {
  pt: 'pt-BR',
  zh: 'zh-CN',
  'zh-tw': 'zh-TW',
  no: 'nb',
};
export const intlLocale = (lang: Language): string => INTL_LOCALES[lang] ?? lang;

/**
 * The text of a count in `texts` (i18next's plural keys: `<base>_one`, `_few`, `_many`, `_other`, the forms
 * Intl.PluralRules gives the language); `_other` when the language's form is missing; an error when neither is there.
 */
export function plural(texts: object, base: string, lang: Language, count: number): string {
  const all = texts as Record<string, unknown>;
  const form = new Intl.PluralRules(intlLocale(lang)).select(count);
  const text = all[`${base}_${form}`] ?? all[`${base}_other`];
  if (typeof text !== 'string') throw new Error(`mail text ${base}_${form} missing in ${lang}`);
  return text;
}

/** A number as the reader writes it (1.5 → "1,5" in German). */
export const formatNumber = (n: number, lang: Language) => new Intl.NumberFormat(intlLocale(lang)).format(n);

/** Who a mail or text is for: their language (one of the 15, else English) and IANA time zone (else UTC). */
export interface Reader {
  language: string | null | undefined;
  timeZone?: string | null | undefined;
}

/**
 * A moment as the reader writes it, in their time zone: "2. Dezember 2026 um 18:10 MEZ", "2026年12月3日 2:10 JST".
 * `withTime: false` gives the day only (an authorization's last day).
 */
export function formatDate(date: Date, lang: Language, timeZone: string | null | undefined, withTime = true) {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
    timeZone: zone,
  }).format(date);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Archway's one mail layout: paragraphs, one action (a link; a button in HTML), closing lines, the footer. Plain
 * text and HTML carry the same words; every value is escaped in the HTML.
 */
export function composeMail(m: {
  to: string;
  lang: Language;
  subject: string;
  paragraphs: string[];
  action: { label: string; link: string };
  closing?: string[];
  footer: string;
}): MailMessage {
  const closing = m.closing ?? [];
  const text = [
    ...m.paragraphs.flatMap((p) => [p, '']),
    `${m.action.label}: ${m.action.link}`,
    '',
    ...closing,
    ...(closing.length ? [''] : []),
    '--',
    m.footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(m.lang)}"><body style="font-family:sans-serif;color:#1f2933;max-width:560px">
${m.paragraphs.map(p).join('')}<p style="margin:24px 0"><a href="${escapeHtml(m.action.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(m.action.label)}</a></p>
${closing.map(p).join('')}<p style="color:#6b7280;font-size:12px">${escapeHtml(m.footer)}</p></body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}
