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

/** The largest absolute value of an anchor's coordinate (mm; a scan spans a few dozen). */
export const ANCHOR_COORD_MAX = 1e5;

/** A finite coordinate within ±ANCHOR_COORD_MAX (zod's number already refuses NaN and ±Infinity). */
const coordinate = z.number().min(-ANCHOR_COORD_MAX).max(ANCHOR_COORD_MAX);
/** A point or a direction in the scan's own frame: [x, y, z]. */
export const vec3 = z.tuple([coordinate, coordinate, coordinate]);
export type Vec3 = z.infer<typeof vec3>;

/**
 * A remark pinned to the scan: the scan file (one of the case's), the picked point on its surface, the surface's
 * normal there (unit length: the server normalizes it) and the camera the author looked through, so the viewer can
 * open at the pin. All in the file's own coordinates (mm).
 */
export const commentAnchor = z.object({
  fileId: z.string(),
  point: vec3,
  normal: vec3,
  camera: z.object({ position: vec3, target: vec3, up: vec3 }),
});
export type CommentAnchor = z.infer<typeof commentAnchor>;

const length = (v: readonly number[]) => Math.hypot(v[0]!, v[1]!, v[2]!);
/** Shorter than this, a direction has none. */
const DEGENERATE = 1e-9;

/**
 * An anchor as a caller sends it: a uuid file id, a normal and an up direction that are not zero, a camera off its
 * target. Whether the file is one of the case's scans is the server's check.
 */
export const commentAnchorInput = commentAnchor
  .extend({ fileId: uuidParam })
  .refine((a) => length(a.normal) > DEGENERATE, { message: 'the normal has no direction', path: ['normal'] })
  .refine((a) => length(a.camera.up) > DEGENERATE, { message: 'up has no direction', path: ['camera'] })
  .refine((a) => length(a.camera.position.map((p, i) => p - a.camera.target[i]!)) > DEGENERATE, {
    message: 'the camera sits on its target',
    path: ['camera'],
  });
export type CommentAnchorInput = z.infer<typeof commentAnchorInput>;

/**
 * `POST /api/case/comment` as JSON (text, optionally pinned to the scan); with an image the same fields come as a
 * multipart form, the anchor as JSON text in field `anchor`. A pinned comment needs text.
 */
export const commentBody = z.object({
  caseId: uuidParam,
  text: safeString(COMMENT_TEXT_MAX).optional(),
  anchor: commentAnchorInput.nullable().optional(),
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
  /** Where on the scan the remark is pinned; null for a plain comment. */
  anchor: commentAnchor.nullable(),
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

/**
 * A pin as the share link shows it (read-only, to anyone holding the link): the remark, its place and the writing
 * organization's name and time; no person's name, no image.
 */
export const sharedPin = z.object({
  id: z.string(),
  text: z.string(),
  anchor: commentAnchor,
  custName: z.string(),
  createTime: z.string(),
});
export type SharedPin = z.infer<typeof sharedPin>;

/** A reply notification (product §3): the case and the replying organization. */
export const replyNotice = z.object({
  caseId: z.string(),
  sendId: z.string().nullable(),
  count: z.number().int(),
});
export const unreadReplies = z.object({ total: z.number().int(), list: z.array(replyNotice) });
export type UnreadReplies = z.infer<typeof unreadReplies>;
