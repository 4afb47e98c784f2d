import { isPermanent, type DeviceNoticeKind } from '@archway/contract';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { composeMail, fill, formatDate, loadTemplates, type Reader } from '../../platform/mail/templates.ts';
import { sourceUrl } from '../../platform/server-root.ts';

/** What a notification mail is about: a case received, or a change to a device. */
export type NoticeMailKind = 'newCase' | DeviceNoticeKind;

type Texts = Record<`${NoticeMailKind}Subject` | `${NoticeMailKind}Body`, string> & {
  greeting: string;
  /** When the case was sent, in the reader's format and time zone. */
  newCaseSent: string;
  /** An authorization with no end (stored as 9999-12-31): said so, not dated. */
  deviceLentPermanentBody: string;
  caseAction: string;
  deviceAction: string;
  caseSettings: string;
  deviceSettings: string;
  footer: string;
};

/** The notification templates of every language (mail/<language>.json). */
const templates = loadTemplates<Texts>(sourceUrl('modules/notices/mail/'));

/** Where a person switches these mails on or off: the settings drawer opened on "e-mail subscription". */
export const mailSettingsLink = (publicUrl: string) => `${publicUrl}/v5/home?settings=mail`;

export interface NoticeMailVars {
  username: string;
  /** The organization that sent the case, or the device's owner (lender, transferrer). */
  from: string;
  /** The receiving organization, or the borrower (new owner). */
  to: string;
  /** The device: its name and serial. */
  device?: string;
  /** The authorization's end (lent, expiring), written in the reader's format and time zone. */
  date?: Date;
  /** When it happened (a case sent): written with its time. */
  at?: Date;
}

/**
 * A notification mail in the recipient's language: what happened, a link to the screen it concerns and a closing
 * line with the link to the setting that controls this mail (case receipt: `CaseEmailNotice`, device changes:
 * `EquipEmailNotie`). Plain text and HTML; every value is escaped in the HTML.
 */
export function noticeMail(
  kind: NoticeMailKind,
  reader: Reader,
  to: string,
  vars: NoticeMailVars,
  links: { publicUrl: string; open: string },
): MailMessage {
  const { lang, t } = templates(reader.language);
  // Only what this mail has: a text naming a value it lacks is an error (fill), never a blank.
  const values: Record<string, string> = {
    username: vars.username,
    from: vars.from,
    to: vars.to,
    ...(vars.device !== undefined ? { device: vars.device } : {}),
    // An authorization's end is a day; a case's sending a moment.
    ...(vars.date ? { date: formatDate(vars.date, lang, reader.timeZone, false) } : {}),
    ...(vars.at ? { date: formatDate(vars.at, lang, reader.timeZone) } : {}),
    link: mailSettingsLink(links.publicUrl),
  };
  const line = (s: string) => fill(s, values);
  const isCase = kind === 'newCase';
  const body = kind === 'deviceLent' && isPermanent(vars.date) ? t.deviceLentPermanentBody : t[`${kind}Body`];
  return composeMail({
    to,
    lang,
    subject: line(t[`${kind}Subject`]),
    paragraphs: [line(t.greeting), line(body), ...(isCase ? [line(t.newCaseSent)] : [])],
    action: { label: line(isCase ? t.caseAction : t.deviceAction), link: links.open },
    closing: [line(isCase ? t.caseSettings : t.deviceSettings)],
    footer: t.footer,
  });
}
