import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, envelope, uuidParam } from '@archway/contract';
import { requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { contentDisposition, sendRanged } from '../../platform/http-files.ts';
import { receiveFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import * as attachments from './attachments.service.ts';

const tags = ['files'];
const security = [{ bearer: [] }];

/** A business licence may be at most this large (the spec gives no figure; a scanned A4 page fits easily). */
export const LICENCE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `POST /attachment` (the business licence, before or after the organization exists) and `GET /attachment/{id}`,
 * where every uploaded picture, document and video is read.
 */
export const attachmentsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/attachment',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            'Upload a business licence (multipart field `file`: jpg, png or pdf by content, at most 10 MB); answers the attachment to name in POST /api2/cust as `licenseFile`',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(attachment) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const file = await receiveFile(req, {
          field: 'file',
          maxBytes: LICENCE_MAX_BYTES,
          types: ['jpg', 'png', 'pdf'],
        });
        const row = await attachments.saveAttachment(platform, platform.db, {
          kind: 'licence',
          userId: actor.userId,
          custId: actor.custId,
          file,
        });
        return ok(attachments.presentAttachment(row));
      },
    );

    app.get(
      '/attachment/:id',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            'An uploaded file, whole or one byte range (HTTP Range). A licence is readable by its organization and administrators only',
          params: z.object({ id: uuidParam }),
        },
      },
      async (req, reply) => {
        const row = await attachments.readableAttachment(platform, requireActor(req), req.params.id);
        return sendRanged(reply, req.headers.range, {
          size: row.size,
          type: row.mime,
          disposition: contentDisposition(row.name, 'inline'),
          open: (range) => attachments.openAttachment(platform, row, range),
        });
      },
    );
  };
