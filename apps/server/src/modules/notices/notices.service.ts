import { FAILED_NOTICE_KIND, NoticeKind, RealtimeEvent, type AdminNoticeMessage } from '@archway/contract';
import type { Platform } from '../../platform/platform.ts';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './notices.repository.ts';
import { presentNotice } from './notices.presenter.ts';

export type { NewNotice, NoticeRow } from './notices.repository.ts';

/**
 * Stores notices in the caller's transaction (so a notice exists exactly when what caused it commits). Answers the
 * rows; after the commit, hand them to `announce`.
 */
export const notify = (db: Queryable, rows: repo.NewNotice[]) => repo.insertNotices(db, rows);

/**
 * The realtime message a stored notice makes (calls-and-errors §7.3), besides the generic `notice` every one makes
 * (the bell). Messages carry ids only: the client reads the notice itself.
 */
export function messageOf(row: repo.NoticeRow): { event: RealtimeEvent; data: unknown } | undefined {
  const reason = typeof row.payload.reason === 'string' ? row.payload.reason : undefined;
  switch (row.kind) {
    case NoticeKind.reply:
      return {
        event: RealtimeEvent.newReply,
        data: { noticeId: row.id, caseId: row.caseId, sendId: row.sendId },
      };
    case NoticeKind.task:
      return {
        event: RealtimeEvent.task,
        data: { noticeId: row.id, caseId: row.caseId, reason: reason ?? 'finished' },
      };
    case FAILED_NOTICE_KIND:
      return {
        event: RealtimeEvent.failed,
        data: { noticeId: row.id, caseId: row.caseId, reason: reason ?? '' },
      };
    default:
      return undefined;
  }
}

/**
 * Tells each notice's person, on every connected socket, that it exists: its §7.3 message (`NewReply`, `Task`,
 * `Failed`) where it has one, and `notice` {noticeId, kind} for the bell. Call after the transaction that stored
 * them committed.
 */
export function announce(platform: Pick<Platform, 'realtime'>, rows: repo.NoticeRow[]): void {
  for (const row of rows) {
    const message = messageOf(row);
    if (message) platform.realtime.toUser(row.userId, message.event, message.data);
    platform.realtime.toUser(row.userId, RealtimeEvent.notice, { noticeId: row.id, kind: row.kind });
  }
}

/**
 * The person's organization, membership or certification changed (after the commit): each of their clients renews
 * its token (the organization claim and rights follow) and refetches the current user.
 */
export function adminNotice(
  platform: Pick<Platform, 'realtime'>,
  userIds: Iterable<string>,
  reason: AdminNoticeMessage['reason'],
): void {
  for (const id of new Set(userIds)) platform.realtime.toUser(id, RealtimeEvent.adminNotice, { reason });
}

// ---- the bell and the catch-up -----------------------------------------------------------------------------

/** A page of the person's notices, unread first, then newest first. */
export async function page(db: Queryable, userId: string, q: { pageIndex: number; pageSize: number }) {
  const [rows, total, unreadCount] = await Promise.all([
    repo.listNotices(db, userId, q.pageSize, (q.pageIndex - 1) * q.pageSize),
    repo.countNotices(db, userId),
    repo.countUnread(db, userId),
  ]);
  return {
    records: rows.map(presentNotice),
    totalRecords: total,
    unread: unreadCount,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

export const unread = (db: Queryable, userId: string) => repo.countUnread(db, userId);

/** Marks the person's own notices read (the ids given, or all); others' ids are skipped. */
export async function read(db: Queryable, userId: string, ids?: string[]) {
  const marked = await repo.markRead(db, userId, ids);
  return { marked, unread: await repo.countUnread(db, userId) };
}

/** The person's reply notices on a case read (cases: `PUT /api/case/comment/read`); answers how many. */
export const readCaseReplies = (db: Queryable, userId: string, caseId: string) =>
  repo.markCaseRepliesRead(db, userId, caseId);

/** The people of an organization (to tell them, after a change, to renew their tokens). */
export async function memberIdsOf(db: Queryable, custId: string): Promise<string[]> {
  return (await repo.membersOf(db, [custId])).map((m) => m.userId);
}
