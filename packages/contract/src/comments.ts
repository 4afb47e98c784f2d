import { z } from 'zod';
import { foldPage, tableParams } from './devices.ts';
import { safeString, uuidParam } from './schemas.ts';

/**
 * Comments on a case (product §3, §5; the calls are Archway's, written in the routes' OpenAPI summaries):
 * `POST /api/case/comment`, `GET /api/case/comment/list?caseId=`, `POST /api/case/comment/page`,
 * `GET /api/case/comment/unread`, `PUT /api/case/comment/read?caseId=`.
 */

/** The longest comment text. */
export const COMMENT_TEXT_MAX = 2000;
/** The largest comment image (the spec's image limit is 20 MB; a screenshot needs far less). */
export const COMMENT_IMAGE_MAX = 10 * 1024 * 1024;
/** Image types a comment accepts (checked by content). */
export const CommentImageTypes = ['jpg', 'png', 'gif'] as const;

/** `POST /api/case/comment` as JSON (text only); with an image the same fields come as a multipart form. */
export const commentBody = z.object({
  caseId: uuidParam,
  text: safeString(COMMENT_TEXT_MAX).optional(),
});
export type CommentBody = z.infer<typeof commentBody>;

export const commentCaseQuery = z.object({ caseId: uuidParam });

export const commentImage = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
});

export const caseComment = z.object({
  id: z.string(),
  caseId: z.string(),
  /** The author's organization and its name. */
  custId: z.string(),
  custName: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  text: z.string(),
  image: commentImage.nullable(),
  createTime: z.string(),
  /** Whether the caller's organization wrote it. */
  mine: z.boolean(),
});
export type CaseComment = z.infer<typeof caseComment>;

/**
 * `POST /api/case/comment/page`: the cases with comments, newest comment first. `custId` is the spec's "case
 * comment customer id": only cases on which that organization commented. `sorter`: 'lastTime desc' (default) or
 * 'lastTime asc'.
 */
export const commentPageBody = z
  .object({ ...tableParams, custId: uuidParam.optional(), keyword: safeString(100).optional() })
  .transform(foldPage);
export type CommentPageBody = z.infer<typeof commentPageBody>;

export const commentCaseRow = z.object({
  caseId: z.string(),
  patientName: z.string(),
  senderName: z.string(),
  caseCreateTime: z.string(),
  /** Whether the 90-day rule still allows comments. */
  canComment: z.boolean(),
  comments: z.number().int(),
  lastTime: z.string(),
  lastText: z.string(),
  lastCustName: z.string(),
  /** New replies for the caller (its unread reply notifications on this case). */
  unread: z.number().int(),
});
export type CommentCaseRow = z.infer<typeof commentCaseRow>;

/** A reply notification (product §3): the case and the replying organization. */
export const replyNotice = z.object({
  caseId: z.string(),
  sendId: z.string().nullable(),
  count: z.number().int(),
});
export const unreadReplies = z.object({ total: z.number().int(), list: z.array(replyNotice) });
export type UnreadReplies = z.infer<typeof unreadReplies>;
