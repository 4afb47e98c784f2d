import { FAILED_NOTICE_KIND, NoticeKind, type NoticeItem } from '@archway/contract';
import type { NoticeRow } from './notices.repository.ts';

/**
 * The screen a notice opens. Archway decisions: a case notice opens the case box with the case's detail
 * (`/case?id=`; `/caseBuilder` is not built), a reply opens its thread (`/caseComment?caseId=`), device notices the
 * device list, a certification outcome the personal centre (its organization card).
 */
export function noticePath(
  row: Pick<NoticeRow, 'kind' | 'caseId'> & { payload?: NoticeRow['payload'] },
): string | null {
  // A built model (task or failed, reason `model`) opens the model builder.
  if (row.payload?.reason === 'model' && row.caseId) return `/caseBuilder?id=${row.caseId}`;
  switch (row.kind) {
    case NoticeKind.newCase:
    case NoticeKind.task:
    case FAILED_NOTICE_KIND:
      return row.caseId ? `/case?id=${row.caseId}` : '/case';
    case NoticeKind.reply:
      return row.caseId ? `/caseComment?caseId=${row.caseId}` : '/caseComment';
    case NoticeKind.deviceBound:
    case NoticeKind.deviceLent:
    case NoticeKind.deviceTransferred:
    case NoticeKind.deviceRecalled:
    case NoticeKind.deviceExpiring:
      return '/device';
    case NoticeKind.certification:
      return '/account';
    default:
      return null;
  }
}

/** A `task` notice's text depends on why (an order finished, a conversion done). */
function titleKey(row: NoticeRow): string {
  const reason = typeof row.payload.reason === 'string' ? row.payload.reason : '';
  if (row.kind === NoticeKind.task && reason === 'converted') return 'realtime.notice.taskConverted';
  if (row.kind === NoticeKind.task && reason === 'model') return 'realtime.notice.taskModel';
  if (row.kind === FAILED_NOTICE_KIND && reason === 'model') return 'realtime.notice.failedModel';
  if (/^[A-Za-z]{1,40}$/.test(row.kind)) return `realtime.notice.${row.kind}`;
  return 'realtime.notice.other';
}

export const presentNotice = (row: NoticeRow): NoticeItem => ({
  id: row.id,
  kind: row.kind,
  caseId: row.caseId,
  objectId: row.objectId,
  sendId: row.sendId,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
  titleKey: titleKey(row),
  path: noticePath(row),
});
