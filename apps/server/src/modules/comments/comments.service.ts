import {
  CommentErrors,
  type CaseComment,
  type CommentAnchor,
  type CommentAnchorInput,
  type CommentCaseRow,
  type CommentPageBody,
  type UnreadReplies,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { announce, notify, readCaseReplies, type NoticeRow } from '../notices/notices.service.ts';
import { attachmentUrl, saveAttachment, type AttachmentRow } from '../attachments/attachments.service.ts';
import { custOf, refuse } from '../cases/cases.access.ts';
import { canCommentOn, commentRefusal } from './comments.access.ts';
import { caseAudit, copyOf, type Scope } from '../cases/cases.scope.ts';
import * as repo from './comments.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function presentComment(row: repo.CommentView, custId: string): CaseComment {
  return {
    id: row.id,
    caseId: row.case_id,
    custId: row.cust_id,
    custName: row.cust_name,
    userId: row.user_id,
    userName: row.user_name,
    text: row.text,
    image: row.image
      ? {
          id: row.image,
          url: attachmentUrl(row.image),
          name: row.image_name ?? '',
          size: Number(row.image_size ?? 0),
        }
      : null,
    anchor: row.anchor ?? null,
    createTime: iso(row.created_at),
    mine: row.cust_id === custId,
  };
}

/** The anchor as stored: the normal scaled to unit length (the input's checks leave it a direction). */
function storedAnchor(a: CommentAnchorInput): CommentAnchor {
  const n = Math.hypot(...a.normal);
  return {
    fileId: a.fileId.toLowerCase(),
    point: a.point,
    normal: [a.normal[0] / n, a.normal[1] / n, a.normal[2] / n],
    camera: { position: a.camera.position, target: a.camera.target, up: a.camera.up },
  };
}

/**
 * `POST /api/case/comment`: a comment by the caller's organization on a case it holds (sender, receiver, third
 * party), optionally pinned to one of the case's scans (`anchor`). Refused: another organization's case or one in the
 * bin (`case.notFound`), a case past the 90-day window (`comment.expired`), no text and no image, or a pin without
 * text (`comment.empty`), a pin on a file that is not one of this case's scans (`comment.parameter`, nothing kept). The image is stored first, then — in one transaction
 * — its attachment row, the comment, a `reply` notice for each member of the other organizations holding the case
 * and the audit entry; if anything fails the stored image is removed and the caller is told `comment.sendFailed`.
 * The notices are announced after the commit.
 */
export async function postComment(
  platform: Platform,
  s: Scope,
  input: { caseId: string; text?: string; anchor?: CommentAnchorInput | null; file?: ReceivedFile },
): Promise<CaseComment> {
  const custId = custOf(s.actor);
  const row = await copyOf(s, input.caseId, 'case.comment');
  const why = commentRefusal(row, s.actor);
  if (why === CommentErrors.expired)
    await audit(s.db, s.ctx, caseAudit(s, 'case.comment', input.caseId, 'refused', { reason: 'expired' }));
  if (why) return refuse(why);
  const text = (input.text ?? '').trim();
  if (!text && !input.file) return refuse(CommentErrors.empty);
  const anchor = input.anchor ? storedAnchor(input.anchor) : null;
  if (anchor && !text) return refuse(CommentErrors.empty);
  if (anchor && !(await repo.isScanOf(s.db, input.caseId, anchor.fileId)))
    throw new AppError(CommentErrors.parameter, 'anchor.fileId');

  let stored: AttachmentRow | undefined;
  let notices: NoticeRow[] = [];
  let id: string;
  try {
    id = await s.db.transaction(async (tx) => {
      if (input.file) {
        stored = await saveAttachment(platform, tx, {
          kind: 'comment',
          userId: s.actor.userId,
          custId,
          file: input.file,
        });
      }
      const comment = await repo.insertComment(tx, {
        caseId: input.caseId,
        custId,
        userId: s.actor.userId,
        text,
        image: stored?.id ?? null,
        anchor,
      });
      const holders = await repo.otherHolders(tx, input.caseId, custId);
      notices = await notify(
        tx,
        holders.map((h) => ({
          userId: h.user_id,
          kind: 'reply',
          caseId: input.caseId,
          objectId: comment.id,
          sendId: custId,
          payload: { patientName: row.record.patientName, username: s.actor.username },
        })),
      );
      await audit(
        tx,
        s.ctx,
        caseAudit(s, 'case.comment', input.caseId, 'allowed', {
          comment: comment.id,
          image: stored?.id,
          ...(anchor ? { pinnedTo: anchor.fileId } : {}),
        }),
      );
      return comment.id;
    });
  } catch (err) {
    if (stored) await platform.storage.delete(stored.storageKey).catch(() => undefined);
    if (err instanceof AppError) throw err;
    throw new AppError(CommentErrors.sendFailed);
  }
  announce(platform, notices);
  const view = await repo.findCommentView(s.db, id);
  return presentComment(view!, custId);
}

/** `GET /api/case/comment/list?caseId=`: the case's comments, oldest first, for any holder of the case (audited). */
export async function listComments(s: Scope, caseId: string): Promise<CaseComment[]> {
  const custId = custOf(s.actor);
  await copyOf(s, caseId, 'case.comments');
  const rows = await repo.listComments(s.db, caseId);
  await audit(s.db, s.ctx, caseAudit(s, 'case.comments', caseId, 'allowed', { count: rows.length }));
  return rows.map((r) => presentComment(r, custId));
}

/** `POST /api/case/comment/page`: the caller's cases with comments, newest comment first (audited). */
export async function commentPage(s: Scope, q: CommentPageBody) {
  const custId = custOf(s.actor);
  const asc = /^\s*lastTime\s+asc\s*$/i.test(q.sorter ?? '');
  const now = new Date();
  const rows = await repo.commentCases(s.db, {
    custId,
    userId: s.actor.userId,
    commentCustId: q.custId,
    keyword: q.keyword?.trim() || undefined,
    asc,
    limit: q.pageSize,
    offset: (q.pageIndex - 1) * q.pageSize,
  });
  const records: CommentCaseRow[] = rows.map((r) => ({
    caseId: r.case_id,
    patientName: r.patient_name,
    senderName: r.sender_name,
    caseCreateTime: iso(r.case_created_at),
    canComment: canCommentOn(new Date(r.case_created_at), now),
    comments: Number(r.comments),
    lastTime: iso(r.last_time),
    lastText: r.last_text,
    lastCustName: r.last_cust_name,
    unread: Number(r.unread),
  }));
  await audit(
    s.db,
    s.ctx,
    caseAudit(s, 'case.commentList', null, 'allowed', { ids: records.map((r) => r.caseId) }),
  );
  return {
    records,
    totalRecords: Number(rows[0]?.total ?? 0),
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

/** `GET /api/case/comment/unread`: the caller's new replies per case (reply notifications) and their total. */
export async function unreadReplies(s: Scope): Promise<UnreadReplies> {
  const rows = await repo.unreadReplies(s.db, s.actor.userId);
  const list = rows.map((r) => ({ caseId: r.case_id, sendId: r.send_id, count: Number(r.count) }));
  return { total: list.reduce((n, r) => n + r.count, 0), list };
}

/** `PUT /api/case/comment/read?caseId=`: opening a thread clears its count (for a case the caller holds). */
export async function markRead(s: Scope, caseId: string): Promise<{ cleared: number }> {
  await copyOf(s, caseId, 'case.commentRead');
  return { cleared: await readCaseReplies(s.db, s.actor.userId, caseId) };
}

/** The case's pinned remarks on any of these scans, oldest first (a report link shows them; report-shares). */
export const pinsOn = (db: Queryable, caseId: string, fileIds: readonly string[]) =>
  repo.pinsOn(db, caseId, fileIds);
