import type { MailMessage } from '../../platform/mail/mail.ts';
import { composeMail, fill, loadTemplates } from '../../platform/mail/templates.ts';
import { sourceUrl } from '../../platform/server-root.ts';

export type CooperationEvent = 'applied' | 'accepted' | 'refused' | 'ended';

type Texts = Record<`${CooperationEvent}Subject` | `${CooperationEvent}Body`, string> & {
  greeting: string;
  action: string;
  footer: string;
};

/** The cooperation templates of every language (cooperation-mail/<language>.json). */
const templates = loadTemplates<Texts>(sourceUrl('modules/partners/cooperation-mail/'));

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
  const { lang, t } = templates(language);
  const line = (s: string) => fill(s, { username: vars.username, org: vars.org, self: vars.self });
  return composeMail({
    to,
    lang,
    subject: line(t[`${event}Subject`]),
    paragraphs: [line(t.greeting), line(t[`${event}Body`])],
    action: { label: line(t.action), link: vars.link },
    footer: t.footer,
  });
}
