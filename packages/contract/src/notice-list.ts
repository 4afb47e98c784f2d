import { z } from 'zod';
import { foldPage, tableParams } from './devices.ts';
import { uuidParam } from './schemas.ts';

/**
 * The realtime hub's messages (calls-and-errors §7.3), as socket.io event names. Each only announces something
 * stored (a notice row, a case copy): a client that was offline reads it back through the notices list.
 * - `NewReply` {noticeId, caseId, sendId}: a reply on a case (the comment badge counts it).
 * - `Task` {noticeId, caseId, reason}: a persistent notice (duration 0) that an order is complete (`reason`
 *   `finished`: the lab set progress 4) or that a conversion the person started is done (`converted`); it opens
 *   the case (`/caseBuilder?id=` is not built: the case box's detail, `/case?id=`).
 * - `adminNotice` {reason}: the person's organization, membership or certification changed: renew the token
 *   (its organization claim and the person's rights follow) and refetch the current user.
 * - `Failed` {noticeId, caseId, reason}: Archway decision (the spec does not show its handling): a job the person
 *   is waiting for failed — a conversion that could not be made (`reason` `conversion`); shown as an error notice.
 * - `notice` {noticeId, kind}: any new notice (the bell's count and list refresh).
 * - `caseChanged` {id, reason?, patientName?}: to an organization: a case arrived in its box (`received`, with the
 *   patient's name for the toast; `sent` to the sender), its lab progress changed (`progress`) or its preview image
 *   was drawn (`thumbnail`).
 */
export const RealtimeEvent = {
  newReply: 'NewReply',
  task: 'Task',
  adminNotice: 'adminNotice',
  failed: 'Failed',
  notice: 'notice',
  caseChanged: 'caseChanged',
} as const;
export type RealtimeEvent = (typeof RealtimeEvent)[keyof typeof RealtimeEvent];

/** The notice kind of a failed job (conversion): the `Failed` message and the bell's entry. */
export const FAILED_NOTICE_KIND = 'failed';

export interface TaskMessage {
  noticeId: string;
  caseId: string;
  /** `model`: a model the person started building is done (the web opens `/caseBuilder?id=`). */
  reason: 'finished' | 'converted' | 'model';
}
export interface FailedMessage {
  noticeId: string;
  caseId: string | null;
  reason: string;
}
export interface NewReplyMessage {
  noticeId: string;
  caseId: string | null;
  sendId: string | null;
}
export interface AdminNoticeMessage {
  /** `account`: the platform administrator disabled the account or required a new password (/manager). */
  reason: 'organization' | 'membership' | 'certification' | 'account';
}
/** Why a case changed: the web refreshes the lists for each, and greets a `received` case with a toast. */
export type CaseChangeReason = 'received' | 'sent' | 'progress' | 'thumbnail';
export interface CaseChangedMessage {
  id: string;
  reason?: CaseChangeReason;
  /** With `received`: the patient's name as the receiving organization sees it in its box. */
  patientName?: string;
}

/** `GET /api/notice/list?pageIndex=&pageSize=`: the caller's notices, unread first, then newest first. */
export const noticeListQuery = z.object({ ...tableParams }).transform(foldPage);

/** One notice as the bell shows it: `titleKey` is the web's text key, `path` the screen it opens. */
export const noticeItem = z.object({
  id: z.string(),
  kind: z.string(),
  caseId: z.string().nullable(),
  objectId: z.string().nullable(),
  sendId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  read: z.boolean(),
  titleKey: z.string(),
  path: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeList = z.object({
  records: z.array(noticeItem),
  totalRecords: z.number().int(),
  unread: z.number().int(),
  pageSize: z.number().int(),
  pageIndex: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeList>;

/** `GET /api/notice/unread`: the number of the caller's unread notices. */
export const noticeUnread = z.object({ count: z.number().int() });

/** `PUT /api/notice/read`: `ids` marks those notices read; without `ids`, all of the caller's. */
export const noticeReadBody = z.object({ ids: z.array(uuidParam).min(1).max(500).optional() }).default({});
export const noticeReadAnswer = z.object({ marked: z.number().int(), unread: z.number().int() });
