import { readFileSync } from 'node:fs';
import { Languages, type Language } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';

interface Template {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expires: string;
  ignore: string;
}
type Texts = Record<'confirmEmail' | 'resetPassword' | 'changeEmail', Template> & {
  footer: string;
  phoneCode: string;
};

/** The templates of every language that has a file (mail/<language>.json), English for the rest. */
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
 * An account mail (confirmation, password reset) in the recipient's language: plain text, and HTML with the link as
 * a button. Every value is escaped in the HTML.
 */
export function accountMail(
  kind: 'confirmEmail' | 'resetPassword' | 'changeEmail',
  language: string | null | undefined,
  to: string,
  vars: { username: string; email: string; link: string; hours: number },
): MailMessage {
  const all = texts.get(language as Language) ?? texts.get('en')!;
  const t = all[kind];
  const values = { username: vars.username, email: vars.email, hours: String(vars.hours) };
  const line = (s: string) => fill(s, values);
  const text = [
    line(t.greeting),
    '',
    line(t.body),
    '',
    `${line(t.action)}: ${vars.link}`,
    '',
    line(t.expires),
    line(t.ignore),
    '',
    '--',
    all.footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(line(s))}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(language ?? 'en')}"><body style="font-family:sans-serif;color:#1f2933;max-width:560px">
${p(t.greeting)}${p(t.body)}<p style="margin:24px 0"><a href="${escapeHtml(vars.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(line(t.action))}</a></p>
${p(t.expires)}${p(t.ignore)}<p style="color:#6b7280;font-size:12px">${escapeHtml(all.footer)}</p></body></html>`;
  return { to, subject: line(t.subject), text, html };
}

/** The text message carrying a phone code, in the recipient's language. */
export function phoneCodeText(language: string | null | undefined, code: string, minutes: number): string {
  const all = texts.get(language as Language) ?? texts.get('en')!;
  return fill(all.phoneCode, { code, minutes: String(minutes) });
}
