import type { MailMessage } from '../../platform/mail/mail.ts';
import {
  composeMail,
  fill,
  formatDate,
  formatNumber,
  loadTemplates,
  plural,
  type Reader,
} from '../../platform/mail/templates.ts';
import { sourceUrl } from '../../platform/server-root.ts';

interface Template {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  /** Plural keys (`expires_one`, `expires_other` …): the link's lifetime in hours. */
  [expires: `expires_${string}`]: string;
  ignore: string;
}
type Texts = Record<'confirmEmail' | 'resetPassword' | 'changeEmail' | 'forcedReset', Template> & {
  footer: string;
  /** When the link stops working, in the reader's format and time zone. */
  until: string;
  /** Plural keys (`phoneCode_one` …): the text message with the code and its lifetime in minutes. */
  [phoneCode: `phoneCode_${string}`]: string;
};

/** The account templates of every language (mail/<language>.json). */
const templates = loadTemplates<Texts>(sourceUrl('modules/account/mail/'));

/**
 * An account mail (confirmation, password reset, e-mail change, a reset the administrator required) in the
 * reader's language, the link a button, its lifetime in the language's plural and its end in the reader's format
 * and time zone.
 */
export function accountMail(
  kind: 'confirmEmail' | 'resetPassword' | 'changeEmail' | 'forcedReset',
  reader: Reader,
  to: string,
  vars: { username: string; email: string; link: string; hours: number; expiresAt: Date },
): MailMessage {
  const { lang, t: all } = templates(reader.language);
  const t = all[kind];
  const line = (s: string) =>
    fill(s, {
      username: vars.username,
      email: vars.email,
      hours: formatNumber(vars.hours, lang),
      date: formatDate(vars.expiresAt, lang, reader.timeZone),
    });
  return composeMail({
    to,
    lang,
    subject: line(t.subject),
    paragraphs: [line(t.greeting), line(t.body)],
    action: { label: line(t.action), link: vars.link },
    closing: [line(plural(t, 'expires', lang, vars.hours)), line(all.until), line(t.ignore)],
    footer: all.footer,
  });
}

/** The text message carrying a phone code, in the reader's language (its lifetime in the language's plural). */
export function phoneCodeText(reader: Reader, code: string, minutes: number): string {
  const { lang, t } = templates(reader.language);
  return fill(plural(t, 'phoneCode', lang, minutes), { code, minutes: formatNumber(minutes, lang) });
}
