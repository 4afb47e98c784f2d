import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseComment,
  COMMENT_IMAGE_MAX,
  commentBody,
  commentCaseQuery,
  commentCaseRow,
  CommentErrors,
  CommentImageTypes,
  commentPageBody,
  envelope,
  paged,
  unreadReplies,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { receiveFile, type ReceivedFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from '../cases/cases.scope.ts';
import * as comments from './comments.service.ts';
import { mayReadCommentImage } from './comments.access.ts';
import { registerPrivateKind } from '../attachments/attachments.access.ts';

const tags = ['comments'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: CommentErrors.parameter };

/** A form's fields with its `anchor` field (JSON text) read as JSON; text that is not JSON is a parameter error. */
function withAnchor(fields: Record<string, string>): Record<string, unknown> {
  if (fields.anchor === undefined || fields.anchor === '') {
    const { anchor: _none, ...rest } = fields;
    return rest;
  }
  try {
    return { ...fields, anchor: JSON.parse(fields.anchor) as unknown };
  } catch {
    throw new AppError(CommentErrors.parameter, 'anchor');
  }
}

/**
 * Comments on a case (product §3, §5; the spec shows no paths — these are Archway's, in the case service's style).
 * Any organization holding a copy of the case (sender, receivers, a third party it was forwarded to) reads and
 * writes its thread; any other organization is told `case.notFound`, as for a missing case.
 */
export const commentsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    // A comment's image is read by the organizations holding its case (attachments asks this rule).
    registerPrivateKind('comment', { mayRead: mayReadCommentImage });
    app.post(
      '/api/case/comment',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            'Comment on a case: text (JSON { caseId, text, anchor? }) or an image with optional text (multipart); ' +
            'a remark may be pinned to the scan (anchor)',
          description:
            'As JSON: { caseId, text, anchor }. As multipart/form-data: fields caseId, text and anchor (the anchor ' +
            'as JSON text) and the image in field `image` (jpg, png or gif by content, at most 10 MB; a multipart ' +
            'form without an image is refused as empty). `anchor` (optional, null for a plain comment) pins the ' +
            "remark to the scan: { fileId: one of this case's scan files (PLY, STL, OBJ), point: [x,y,z], normal: " +
            "[x,y,z] (not zero; stored at unit length), camera: { position, target, up } } in the file's own " +
            'coordinates (mm), finite numbers within ±100000; a pinned comment needs text (comment -2), a file ' +
            "that is not one of the case's scans is comment -1 and nothing is kept. The answer carries `anchor` " +
            '(null for a plain comment). Refusals: comment -1 parameter, -2 empty message, -4 unsupported image ' +
            'format, -5 image too large, -6 case ' +
            'older than 90 days (the preview rule), -3 send failed (storage or database: nothing is kept), case -1 ' +
            "not the caller's case. Every member of the other organizations holding the case gets a `reply` notice " +
            '(caseId, sendId = the author organization), announced on the realtime hub after the commit. Audited.',
          consumes: ['application/json', 'multipart/form-data'],
          response: { 200: envelope(caseComment) },
        },
      },
      async (req) => {
        let fields: unknown = req.body;
        let file: ReceivedFile | undefined;
        if (req.isMultipart()) {
          file = await receiveFile(req, {
            field: 'image',
            maxBytes: COMMENT_IMAGE_MAX,
            types: CommentImageTypes,
            errors: {
              format: CommentErrors.imageFormat,
              tooLarge: CommentErrors.imageTooLarge,
              missing: CommentErrors.empty,
            },
          });
          fields = withAnchor(file.fields);
        }
        const parsed = commentBody.safeParse(fields ?? {});
        if (!parsed.success)
          throw new AppError(CommentErrors.parameter, String(parsed.error.issues[0]?.path[0] ?? ''));
        return ok(await comments.postComment(platform, scopeOf(platform, req), { ...parsed.data, file }));
      },
    );

    app.get(
      '/api/case/comment/list',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "A case's comments, oldest first, with author organization, time, image link and pin (audited)",
          description:
            'Images are read at GET /attachment/{id} with the token. Each comment carries `anchor`: where on the ' +
            "case's scan it is pinned ({ fileId, point, normal, camera }), null for a plain comment. Refusal: case -1.",
          querystring: commentCaseQuery,
          response: { 200: envelope(z.array(caseComment)) },
        },
      },
      async (req) => ok(await comments.listComments(scopeOf(platform, req), req.query.caseId)),
    );

    app.post(
      '/api/case/comment/page',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'The /caseComment table: cases with comments, newest comment first, paged (audited)',
          description:
            'Table parameters: pageSize (default 15), currentPage or pageIndex, sorter "lastTime desc" (default) ' +
            'or "lastTime asc", custId (the spec\'s "case comment customer id": only cases that organization ' +
            "commented on), keyword (patient name). Each row carries the caller's unread replies on the case.",
          body: commentPageBody,
          response: { 200: envelope(paged(commentCaseRow)) },
        },
      },
      async (req) => ok(await comments.commentPage(scopeOf(platform, req), req.body)),
    );

    app.get(
      '/api/case/comment/unread',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "The caller's new replies: reply notifications per case (caseId, sendId, count) and the total",
          description: 'The total is the badge on the /caseComment menu entry.',
          response: { 200: envelope(unreadReplies) },
        },
      },
      async (req) => ok(await comments.unreadReplies(scopeOf(platform, req))),
    );

    app.put(
      '/api/case/comment/read',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "Opening a case's thread: the caller's reply notifications on it are marked read",
          description: 'Answers how many were cleared. Refusal: case -1.',
          querystring: commentCaseQuery,
          response: { 200: envelope(z.object({ cleared: z.number().int() })) },
        },
      },
      async (req) => ok(await comments.markRead(scopeOf(platform, req), req.query.caseId)),
    );
  };
