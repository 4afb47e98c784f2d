import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  custIdQuery,
  envelope,
  logoAnswer,
  logoTypeQuery,
  logoUploadAnswer,
  REPORT_FILE_MAX_BYTES,
  ReportErrors,
  shareImageAnswer,
  shareImageQuery,
  shareInfoAnswer,
  videoAnswer,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { contentDisposition, sendRanged } from '../../platform/http-files.ts';
import { receiveFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import * as share from './share.service.ts';

const security = [{ bearer: [] }];
const tags = ['report customization'];
const imageErrors = { format: ReportErrors.imgStyle, tooLarge: ReportErrors.imgSize };
const videoErrors = { format: ReportErrors.videoStyle, tooLarge: ReportErrors.videoSize };
const ADMIN = " The organization's administrator only (-7).";

/** Report customization (logo, background) and the clinic's share info (introduction, pictures, colour, video). */
export const shareRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const images = (req: Parameters<typeof receiveFile>[0], field: string) =>
      receiveFile(req, {
        field,
        maxBytes: REPORT_FILE_MAX_BYTES,
        types: ['jpg', 'png'],
        errors: imageErrors,
      });

    app.post(
      '/user/add/logo',
      {
        config: { access: 'member', validationError: ReportErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Upload the report logo (form field `logo`, with `type` 0; wide or square, shown at its own aspect up to 160 × 48 on the report) or the background (`type` 1): jpeg or png by content (-1), at most 20 MB (-2), -8 for another type; the new file replaces the old one.' +
            ADMIN,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(logoUploadAnswer) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const file = await images(req, 'logo');
        const type = logoTypeQuery.safeParse({ type: file.fields.type ?? '0' });
        if (!type.success) throw new AppError(ReportErrors.parameter, 'type');
        return ok(await share.uploadLogo(platform, requestContext(req), actor, type.data.type, file));
      },
    );

    app.delete(
      '/user/delete/logo',
      {
        config: { access: 'member', validationError: ReportErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Remove the report logo (type 0) or the background (type 1).' + ADMIN,
          querystring: logoTypeQuery,
          response: { 200: envelope(z.object({ type: z.number().int() })) },
        },
      },
      async (req) =>
        ok(await share.deleteLogo(platform, requestContext(req), requireActor(req), req.query.type)),
    );

    app.get(
      '/user/find/logo',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            'The logo and background of an organization (the caller\'s without custId): `content` is the JSON text {"logo": url|null, "backgroud": url|null} (spelled so); urls are GET /attachment/{id}',
          querystring: custIdQuery,
          response: { 200: envelope(logoAnswer) },
        },
      },
      async (req) => ok(await share.findLogo(platform, requireActor(req), req.query.custId)),
    );

    app.post(
      '/cust/clinic/share/img',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "Add a share picture (form field `file`, jpeg or png by content -1, at most 20 MB -2, at most 9 pictures -6). `res` is the picture's name: its attachment id (read at `url`, GET /attachment/{id})." +
            ADMIN,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(shareImageAnswer) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const file = await images(req, 'file');
        return ok(await share.addSharePicture(platform, requestContext(req), actor, file));
      },
    );

    app.delete(
      '/cust/clinic/delete/img',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "Delete a share picture by name (its attachment id); a name not among the organization's pictures is not found (code 404)." +
            ADMIN,
          querystring: shareImageQuery,
          response: { 200: envelope(z.object({ name: z.string() })) },
        },
      },
      async (req) =>
        ok(await share.deleteSharePicture(platform, requestContext(req), requireActor(req), req.query.name)),
    );

    app.post(
      '/cust/clinic/video',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            'Upload the share video (form field `video`): mp4 by content (-3), at most 20 MB (-4); refused while a video exists (-5, HTTP 409): delete it first.' +
            ADMIN,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(videoAnswer) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const file = await receiveFile(req, {
          field: 'video',
          maxBytes: REPORT_FILE_MAX_BYTES,
          types: ['mp4'],
          errors: videoErrors,
        });
        return ok(await share.uploadVideo(platform, requestContext(req), actor, file));
      },
    );

    app.delete(
      '/cust/clinic/video',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary: 'Delete the share video (none: not found, 404).' + ADMIN,
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (req) => ok(await share.deleteVideo(platform, requestContext(req), requireActor(req))),
    );

    app.get(
      '/cust/clinic/video',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "The share video of an organization (the caller's without custId) as video/mp4, whole or one byte range (HTTP Range: 206, 416); none is not found (code 404)",
          querystring: custIdQuery,
        },
      },
      async (req, reply) => {
        const video = await share.videoOf(platform, requireActor(req), req.query.custId);
        return sendRanged(reply, req.headers.range, {
          size: video.size,
          type: video.type,
          disposition: contentDisposition(video.name, 'inline'),
          open: video.open,
        });
      },
    );

    app.get(
      '/cust/clinic/shareInfo',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "The clinic share info of an organization (the caller's without custId): {custInfo: {custInfo}, sharePicture: {sharePicture: comma-separated picture ids}, shareColor: {shareColor} (the type 3 fontColor), shareVideo: {shareVideo: attachment id or null}}",
          querystring: custIdQuery,
          response: { 200: envelope(shareInfoAnswer) },
        },
      },
      async (req) => ok(await share.shareInfo(platform, requireActor(req), req.query.custId)),
    );
  };
