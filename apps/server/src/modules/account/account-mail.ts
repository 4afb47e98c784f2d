import type { MailMessage } from '../../platform/mail/mail.ts';
import { composeMail, fill, loadTemplates } from '../../platform/mail/templates.ts';

interface Template {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expires: string;
  ignore: string;
}
type Texts = Record<'confirmEmail' | 'resetPassword' | 'changeEmail' | 'forcedReset', Template> & {
  footer: string;
  phoneCode: string;
};

/** The account templates of every language (mail/<language>.json). */
const templates = loadTemplates<Texts>(new URL('./mail/', import.meta.url));

/**
 * An account mail (confirmation, password reset, e-mail change, a reset the administrator required) in the
 * recipient's language, the link a button.
 */
export function accountMail(
  kind: 'confirmEmail' | 'resetPassword' | 'changeEmail' | 'forcedReset',
  language: string | null | undefined,
  to: string,
  vars: { username: string; email: string; link: string; hours: number },
): MailMessage {
  const { lang, t: all } = templates(language);
  const t = all[kind];
  const line = (s: string) =>
    fill(s, { username: vars.username, email: vars.email, hours: String(vars.hours) });
  return composeMail({
    to,
    lang,
    subject: line(t.subject),
    paragraphs: [line(t.greeting), line(t.body)],
    action: { label: line(t.action), link: vars.link },
    closing: [line(t.expires), line(t.ignore)],
    footer: all.footer,
  });
}

/** The text message carrying a phone code, in the recipient's language. */
export function phoneCodeText(language: string | null | undefined, code: string, minutes: number): string {
  return fill(templates(language).t.phoneCode, { code, minutes: String(minutes) });
}
