import { readFileSync } from 'node:fs';
import { Languages, type Language } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';

export type CooperationEvent = 'applied' | 'accepted' | 'refused' | 'ended';

type Texts = Record<`${CooperationEvent}Subject` | `${CooperationEvent}Body`, string> & {
  greeting: string;
  action: string;
  footer: string;
};

/** The cooperation templates of every language (cooperation-mail/<language>.json), English for any other. */
const texts = new Map<Language, Texts>();
for (const code of Languages) {
  try {
    texts.set(
      code,
      JSON.parse(readFileSync(new URL(`./cooperation-mail/${code}.json`, import.meta.url), 'utf8')) as Texts,
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
 * A third-party cooperation event for the other organization's owners, in each recipient's language: an
 * application made to it, its application accepted or refused, a cooperation ended (or an application withdrawn).
 * Plain text, and HTML with a link to /partner; every value is escaped in the HTML.
 */
export function cooperationMail(
  event: CooperationEvent,
  language: string | null | undefined,
  to: string,
  vars: { username: string; org: string; self: string; link: string },
): MailMessage {
  const lang = (texts.has(language as Language) ? language : 'en') as Language;
  const t = texts.get(lang) ?? texts.get('en')!;
  const line = (s: string) => fill(s, { username: vars.username, org: vars.org, self: vars.self });
  const body = line(t[`${event}Body`]);
  const text = [line(t.greeting), '', body, '', `${line(t.action)}: ${vars.link}`, '', '--', t.footer].join(
    '\n',
  );
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:sans-serif;color:#1f2933;max-width:560px">
${p(line(t.greeting))}${p(body)}<p style="margin:24px 0"><a href="${escapeHtml(vars.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(line(t.action))}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t.footer)}</p></body></html>`;
  return { to, subject: line(t[`${event}Subject`]), text, html };
}
