import type { MemberRole } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';
import {
  composeMail,
  fill,
  formatNumber,
  loadTemplates,
  plural,
  type Reader,
} from '../../platform/mail/templates.ts';
import { sourceUrl } from '../../platform/server-root.ts';

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  /** Plural keys (`expires_one`, `expires_other` …): the link's lifetime in days. */
  [expires: `expires_${string}`]: string;
  ignore: string;
  roles: Record<MemberRole, string>;
  footer: string;
}

/** The invitation templates of every language (invitation-mail/<language>.json). */
const templates = loadTemplates<Texts>(sourceUrl('modules/members/invitation-mail/'));

/**
 * The invitation to join an organization, in the reader's language (the invitee's if they have an account, else the
 * inviter's): plain text, and HTML with the link as a button; every value is escaped in the HTML.
 */
export function invitationMail(
  reader: Reader,
  to: string,
  vars: { inviter: string; custName: string; role: MemberRole; link: string; days: number },
): MailMessage {
  const { lang, t } = templates(reader.language);
  const line = (s: string) =>
    fill(s, {
      inviter: vars.inviter,
      custName: vars.custName,
      email: to,
      role: t.roles[vars.role],
      days: formatNumber(vars.days, lang),
    });
  return composeMail({
    to,
    lang,
    subject: line(t.subject),
    paragraphs: [line(t.greeting), line(t.body)],
    action: { label: line(t.action), link: vars.link },
    closing: [line(plural(t, 'expires', lang, vars.days)), line(t.ignore)],
    footer: t.footer,
  });
}
