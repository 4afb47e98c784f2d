import { readFileSync } from 'node:fs';
import { Languages, type Language } from '@archway/contract';
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

/** `{{name}}` placeholders filled from `vars` (a missing one is left empty). */
export const fill = (s: string, vars: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

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
