import { readFileSync } from 'node:fs';
import { Languages, type Language } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';

interface Texts {
  verifiedSubject: string;
  refusedSubject: string;
  greeting: string;
  verifiedBody: string;
  refusedBody: string;
  reason: string;
  resubmit: string;
  action: string;
  footer: string;
}

/** The certification templates of every language (mail/<language>.json), English for a language without one. */
const texts = new Map<Language, Texts>();
for (const code of Languages) {
  try {
    texts.set(
      code,
      JSON.parse(readFileSync(new URL(`./mail/${code}.json`, import.meta.url), 'utf8')) as Texts,
    );
  } catch {
    // Not translated: English is used.
  }
}

const fill = (s: string, vars: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The certification outcome (verified, or refused with the administrator's reason), in the recipient's language:
 * plain text, and HTML with a link to the organization tab. Every value is escaped in the HTML.
 */
export function certificationMail(
  outcome: 'verified' | 'refused',
  language: string | null | undefined,
  to: string,
  vars: { username: string; org: string; reason: string | null; link: string },
): MailMessage {
  const lang = (texts.has(language as Language) ? language : 'en') as Language;
  const t = texts.get(lang) ?? texts.get('en')!;
  const values = { username: vars.username, org: vars.org, reason: vars.reason ?? '' };
  const line = (s: string) => fill(s, values);
  const body =
    outcome === 'verified' ? [line(t.verifiedBody)] : [line(t.refusedBody), line(t.reason), line(t.resubmit)];
  const text = [
    line(t.greeting),
    '',
    ...body.flatMap((b) => [b, '']),
    `${line(t.action)}: ${vars.link}`,
    '',
    '--',
    t.footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:sans-serif;color:#1f2933;max-width:560px">
${p(line(t.greeting))}${body.map(p).join('')}<p style="margin:24px 0"><a href="${escapeHtml(vars.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(line(t.action))}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t.footer)}</p></body></html>`;
  return {
    to,
    subject: line(outcome === 'verified' ? t.verifiedSubject : t.refusedSubject),
    text,
    html,
  };
}
