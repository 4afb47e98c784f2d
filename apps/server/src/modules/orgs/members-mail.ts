import { readFileSync } from 'node:fs';
import { Languages, type Language, type MemberRole } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expires: string;
  ignore: string;
  roles: Record<MemberRole, string>;
  footer: string;
}

/** The invitation templates of every language (invitation-mail/<language>.json), English for any missing. */
const texts = new Map<Language, Texts>();
for (const code of Languages) {
  try {
    texts.set(
      code,
      JSON.parse(readFileSync(new URL(`./invitation-mail/${code}.json`, import.meta.url), 'utf8')) as Texts,
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
 * The invitation to join an organization, in `language` (the invitee's if they have an account, else the
 * inviter's): plain text, and HTML with the link as a button; every value is escaped in the HTML.
 */
export function invitationMail(
  language: string | null | undefined,
  to: string,
  vars: { inviter: string; custName: string; role: MemberRole; link: string; days: number },
): MailMessage {
  const lang = texts.has(language as Language) ? (language as Language) : 'en';
  const t = texts.get(lang)!;
  const values = {
    inviter: vars.inviter,
    custName: vars.custName,
    email: to,
    role: t.roles[vars.role],
    days: String(vars.days),
  };
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
    t.footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(line(s))}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:sans-serif;color:#1f2933;max-width:560px">
${p(t.greeting)}${p(t.body)}<p style="margin:24px 0"><a href="${escapeHtml(vars.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(line(t.action))}</a></p>
${p(t.expires)}${p(t.ignore)}<p style="color:#6b7280;font-size:12px">${escapeHtml(t.footer)}</p></body></html>`;
  return { to, subject: line(t.subject), text, html };
}
