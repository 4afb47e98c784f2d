import { NoticeKind } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/platform.ts';
import * as repo from './notices.repository.ts';
import { notify, type NoticeRow } from './notices.service.ts';
import { noticeMail } from './notify-mail.ts';

/** What case notices need from the platform: the mailer and the public address the links point at. */
export type NoticeOutlet = Pick<Platform, 'mail' | 'config'>;

/**
 * A case arrived (call inside the transaction that wrote the case and its copies): every member of each receiving
 * organization gets a `newCase` notice (the bell), and each one who subscribed (`CaseEmailNotice`, read now) one mail
 * in their language — at most one per case and person (`notification_mails`). Answers the notices, to `announce`
 * after the commit.
 */
export async function caseReceived(
  tx: Queryable,
  out: NoticeOutlet,
  c: { caseId: string; senderCustId: string; receivers: string[] },
): Promise<NoticeRow[]> {
  const receivers = [...new Set(c.receivers)].filter((r) => r !== c.senderCustId);
  if (receivers.length === 0) return [];
  // One after the other: a transaction is one connection, which runs one query at a time.
  const members = await repo.membersOf(tx, receivers);
  const names = await repo.orgNames(tx, [c.senderCustId, ...receivers]);
  const from = names.get(c.senderCustId) ?? '';
  const rows = await notify(
    tx,
    members.map((m) => ({
      userId: m.userId,
      kind: NoticeKind.newCase,
      caseId: c.caseId,
      sendId: c.senderCustId,
      payload: { org: from },
    })),
  );
  // The case's own page (issue 32), where its details and history are.
  const open = `${out.config.publicUrl}/v5/case/${c.caseId}`;
  const sentAt = new Date();
  for (const m of members) {
    if (!m.caseEmailNotice || !m.email) continue;
    if (!(await repo.claimMail(tx, NoticeKind.newCase, c.caseId, m.userId))) continue;
    await out.mail.send(
      tx,
      noticeMail(
        NoticeKind.newCase,
        m,
        m.email,
        { username: m.username, from, to: names.get(m.custId) ?? '', at: sentAt },
        { publicUrl: out.config.publicUrl, open },
      ),
    );
  }
  return rows;
}
