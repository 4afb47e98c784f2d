import type { MailMessage } from '../../platform/mail/mail.ts';
import { composeMail, fill, loadTemplates } from '../../platform/mail/templates.ts';
import { sourceUrl } from '../../platform/server-root.ts';

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

/** The certification templates of every language (mail/<language>.json). */
const templates = loadTemplates<Texts>(sourceUrl('modules/orgs/mail/'));

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
  const { lang, t } = templates(language);
  const line = (s: string) => fill(s, { username: vars.username, org: vars.org, reason: vars.reason ?? '' });
  const body =
    outcome === 'verified' ? [line(t.verifiedBody)] : [line(t.refusedBody), line(t.reason), line(t.resubmit)];
  return composeMail({
    to,
    lang,
    subject: line(outcome === 'verified' ? t.verifiedSubject : t.refusedSubject),
    paragraphs: [line(t.greeting), ...body],
    action: { label: line(t.action), link: vars.link },
    footer: t.footer,
  });
}
