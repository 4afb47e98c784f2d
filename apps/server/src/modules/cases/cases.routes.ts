import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseDetail,
  CaseErrors,
  caseIdParam,
  caseListBody,
  caseRow,
  caseStatusQuery,
  envelope,
  paged,
  processStatusQuery,
  recycleMoveQuery,
  restoreQuery,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { StorageNotFound, StorageRangeNotSatisfiable } from '../../platform/storage/storage.ts';
import { zipLength, zipStream } from '../../platform/zip/zip.ts';
import { contentDisposition, sendRanged, sendStream } from '../../platform/http-files.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from './cases.scope.ts';
import * as cases from './cases.service.ts';
import { forwardingRoutes } from './forwarding.routes.ts';
import { designsRoutes } from './designs.routes.ts';
import { orderFormsRoutes } from './order-forms.routes.ts';
import { caseHistoryRoutes } from './case-history.routes.ts';

const tags = ['cases'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: CaseErrors.parameter };

/** A stored file that went missing is the catalogue's "original data file missing", not a 500. */
const storageRefusal = (err: unknown) => {
  if (err instanceof StorageNotFound || err instanceof StorageRangeNotSatisfiable)
    throw new AppError(CaseErrors.originalMissing);
  throw err;
};

/**
 * The case service (calls-and-errors §7.4) and the case-file service (downloads). Decisions where the spec is
 * silent: `PUT /status/{id}` is the sender's cancel (status 5); `PUT /processStatus` is a receiver's lab progress;
 * `DELETE /api/case/recycle/{id}` and `DELETE /api/case/recycle` delete from the bin permanently.
 */
/** A file of a case and where to fetch it (case-file service path). */
const fileLink = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  format: z.string(),
  url: z.string(),
});

export const casesRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: Parameters<typeof scopeOf>[1]) => scopeOf(platform, req);
    await app.register(forwardingRoutes(platform));
    await app.register(designsRoutes(platform));
    await app.register(orderFormsRoutes(platform));
    await app.register(caseHistoryRoutes(platform));

    app.post(
      '/getpaging',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            'The case box (or with recycle: true the recycle bin): filters, a page, the total; audited',
          body: caseListBody,
          response: { 200: envelope(paged(caseRow)) },
        },
      },
      async (req) => ok(await cases.list(s(req), req.body)),
    );

    app.get(
      '/detail/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'A case: the card, the order fields, the receivers the caller may see, the files; audited',
          params: caseIdParam,
          response: { 200: envelope(caseDetail) },
        },
      },
      async (req) => ok(await cases.detail(s(req), req.params.id)),
    );

    app.put(
      '/status/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'The sender cancels its case (status 5) before a lab has started on it',
          params: caseIdParam,
          querystring: caseStatusQuery,
          response: { 200: envelope(caseRow) },
        },
      },
      async (req) => ok(await cases.cancel(s(req), req.params.id)),
    );

    app.put(
      '/processStatus',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            'A receiver sets its lab progress: 1 received, 5 checked in (only while at 1), 2 processing, 3 sent, 4 finished; needs a verified organization',
          querystring: processStatusQuery,
          response: { 200: envelope(caseRow) },
        },
      },
      async (req) => ok(await cases.setProcess(s(req), req.query.id, req.query.status)),
    );

    app.put(
      '/api/case/recycle/move/',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "Moves cases to the caller's recycle bin (the other side keeps its copy); ids repeated or comma-separated",
          querystring: recycleMoveQuery,
          response: { 200: envelope(z.object({ moved: z.number().int() })) },
        },
      },
      async (req) => ok(await cases.recycle(s(req), req.query.id)),
    );

    app.get(
      '/user/addservice',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Restores a case from the recycle bin',
          querystring: restoreQuery,
          response: { 200: envelope(caseRow) },
        },
      },
      async (req) => ok(await cases.restore(s(req), req.query.id, req.query.recycleId)),
    );

    const purged = envelope(z.object({ deleted: z.number().int() }));
    app.delete(
      '/api/case/recycle/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Deletes one case from the bin permanently (files go when no organization keeps the case)',
          params: caseIdParam,
          response: { 200: purged },
        },
      },
      async (req) => ok(await cases.purge(s(req), req.params.id)),
    );
    app.delete(
      '/api/case/recycle',
      {
        config: member,
        schema: { tags, security, summary: 'Empties the recycle bin permanently', response: { 200: purged } },
      },
      async (req) => ok(await cases.purge(s(req), null)),
    );

    app.get(
      '/download/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'What a download fetches: the archive and each file (case-file service paths); audited',
          params: caseIdParam,
          response: {
            200: envelope(
              z.object({
                size: z.number().int(),
                archiveUrl: z.string(),
                files: z.array(fileLink),
              }),
            ),
          },
        },
      },
      async (req) => ok(await cases.downloadInfo(s(req), req.params.id)),
    );

    app.get(
      '/api/case/previewStatus',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "Whether the caller may open the case's 3D preview (not past 90 days, not encrypted) and the scan files the viewer loads; audited",
          querystring: z.object({ id: uuidParam }),
          response: { 200: envelope(z.object({ id: z.string(), files: z.array(fileLink) })) },
        },
      },
      async (req) => ok(await cases.previewStatus(s(req), req.query.id)),
    );

    app.get(
      '/download/callback',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "A finished download: counts it and marks the case downloaded for the caller's organization",
          querystring: z.object({ id: uuidParam }),
          response: { 200: envelope(caseRow) },
        },
      },
      async (req) => ok(await cases.downloaded(s(req), req.query.id)),
    );

    app.get(
      '/api/case/download/archive/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "A zip of all the case's files, streamed (stored, not compressed: Content-Length is known; ZIP64 when large)",
          params: caseIdParam,
        },
      },
      async (req, reply) => {
        const { name, entries } = await cases.archive(s(req), req.params.id);
        // Every entry is stored with its size: the archive's length is known before it streams (for progress).
        reply.header('content-length', zipLength(entries));
        return sendStream(reply, 'application/zip', contentDisposition(name), zipStream(entries));
      },
    );

    app.get(
      '/api/case/file/:caseId/:fileId',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'One file of a case, whole or one byte range (HTTP Range); audited',
          params: z.object({ caseId: uuidParam, fileId: uuidParam }),
        },
      },
      async (req, reply) => {
        const f = await cases.file(s(req), req.params.caseId, req.params.fileId);
        return sendRanged(reply, req.headers.range, {
          size: f.size,
          type: 'application/octet-stream',
          disposition: contentDisposition(f.name),
          open: (range) => f.open(range).catch(storageRefusal),
        });
      },
    );
  };
