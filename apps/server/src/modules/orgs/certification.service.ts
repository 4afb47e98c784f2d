import {
  CertificationErrors,
  CustErrors,
  CustStatus,
  GenericErrors,
  type AuditBody,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxRow,
  type CertificationListQuery,
  type CertificationRow,
  type PageFlagsListQuery,
  type PageFlagsRow,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { listOutbox, readOutboxMessage, type OutboxRecord } from '../../platform/mail/outbox.ts';
import { presentAttachment } from '../attachments/attachments.service.ts';
import { guardedOrg, licenceOf } from './orgs.service.ts';
import { certificationMail } from './orgs-mail.ts';
import { presentCertificationRow } from './orgs.presenter.ts';
import * as repo from './certification.repository.ts';
import * as orgs from './orgs.repository.ts';
import { certificationDecided } from '../notices/org-notices.ts';
import { adminNotice, announce, type NoticeRow } from '../notices/notices.service.ts';

/** `GET /api2/admin/cust`: one page of organizations of a certification status, with their licences. */
export async function certificationList(platform: Platform, q: CertificationListQuery) {
  const { total, rows } = await repo.listForCertification(platform.db, q);
  const records: CertificationRow[] = rows.map((r) =>
    presentCertificationRow(r.customer, r.licence ? presentAttachment(r.licence) : null, r.createdBy),
  );
  return { records, totalRecords: total, pageSize: q.pageSize, pageIndex: q.pageIndex };
}

/** `GET /api2/admin/cust/pages`: organizations with their optional-screen switches. */
export async function pageFlagsList(platform: Platform, q: PageFlagsListQuery) {
  const { total, rows } = await repo.listPageFlags(platform.db, q);
  return {
    records: rows as PageFlagsRow[],
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

/** `PUT /api2/admin/cust/{id}/pages`: switches an organization's optional screens, audited. */
export async function setPageFlags(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: Partial<Record<'order' | 'compare' | 'builder', boolean>>,
): Promise<PageFlagsRow> {
  return guardedOrg(platform.db, ctx, actor, 'customer.pages', id, async (tx) => {
    const row = await repo.setPageFlags(tx, id, body);
    if (!row) throw new AppError(CustErrors.notFound);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'customer.pages',
      objectType: 'customer',
      objectId: id,
      outcome: 'allowed',
      detail: body,
    });
    return row;
  });
}

/**
 * `PUT /api2/admin/cust/{id}/audit`: the administrator verifies (0) or refuses (2, reason required) an
 * organization under review. The decision, the audit entry and the mail to the organization (its owners, each in
 * their language; its own address when it has no owner with one) are one transaction.
 */
export async function decide(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: AuditBody,
): Promise<CertificationRow> {
  const { db } = platform;
  const reason = body.reason?.trim() || null;
  let told: NoticeRow[] = [];
  const row = await guardedOrg(db, ctx, actor, 'customer.audit', id, async (tx) => {
    if (body.status === CustStatus.auditFailed && !reason)
      throw new AppError(CertificationErrors.reasonRequired, 'reason');
    const current = await orgs.lockCustomer(tx, id);
    if (!current) throw new AppError(CustErrors.notFound);
    if (current.status !== CustStatus.underReview) throw new AppError(CertificationErrors.notUnderReview);
    if (body.status === CustStatus.authorized && !current.licenseFile)
      throw new AppError(CertificationErrors.noLicence);
    const decided = await repo.setAudit(tx, id, {
      status: body.status,
      reason: body.status === CustStatus.auditFailed ? reason : null,
      by: actor.userId,
    });
    const outcome = body.status === CustStatus.authorized ? 'verified' : 'refused';
    const link = `${platform.config.publicUrl}/v5/account?tab=1`;
    const owners = await orgs.ownerRecipients(tx, id);
    const recipients = owners.length
      ? owners
      : current.email
        ? [
            {
              username: current.name,
              email: current.email,
              language: await orgs.userLanguage(tx, current.createdBy),
            },
          ]
        : [];
    for (const r of recipients)
      await platform.mail.send(
        tx,
        certificationMail(outcome, r.language, r.email, {
          username: r.username,
          org: current.name,
          reason: decided.auditReason,
          link,
        }),
      );
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'customer.audit',
      objectType: 'customer',
      objectId: id,
      outcome: 'allowed',
      detail: { status: body.status, reason: decided.auditReason, mailed: recipients.length },
    });
    told = await certificationDecided(tx, {
      custId: id,
      name: current.name,
      outcome,
      reason: decided.auditReason,
    });
    return decided;
  });
  announce(platform, told);
  // The members' rights follow the certification: their clients renew their tokens.
  adminNotice(
    platform,
    told.map((n) => n.userId),
    'certification',
  );
  platform.mail.wake();
  return presentCertificationRow(row, await licenceOf(db, row.licenseFile), null);
}

// ---- the mail outbox (administrators) -----------------------------------------------------------------------------

const presentOutbox = (r: OutboxRecord): OutboxRow => ({
  id: r.id,
  channel: r.channel,
  to: r.recipient,
  subject: r.subject,
  state: r.state,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** `GET /api2/admin/mail`: one page of the outbox, newest first. */
export async function outboxList(platform: Platform, q: OutboxListQuery) {
  const { total, rows } = await listOutbox(platform.db, q);
  return {
    records: rows.map(presentOutbox),
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

/** `GET /api2/admin/mail/{id}`: one message with its text. */
export async function outboxMessage(platform: Platform, id: string): Promise<OutboxMessage> {
  const row = await readOutboxMessage(platform.db, id);
  if (!row) throw new AppError(GenericErrors.objectNotFound);
  return { ...presentOutbox(row), text: row.text };
}
