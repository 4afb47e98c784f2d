import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ShareLinkErrors,
  sharedReport,
  shareLinkCreated,
  shareLinkRequest,
  shareLinkRow,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import { contentDisposition, sendRanged } from '../../platform/http-files.ts';
import { scopeOf } from '../cases/cases.scope.ts';
import * as shares from './report-shares.service.ts';

const tags = ['cases'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: ShareLinkErrors.parameter };
const open = { access: 'public' as const, validationError: ShareLinkErrors.expired };
const token = z.string().min(1).max(200);

/**
 * A case report's share links (Archway's paths). Decisions: a link shows the report as the organization that made
 * it presents it (its name, introduction, colour, logo, background, pictures, video), the case's order fields
 * that identify it (patient, type, doctor, clinic), its design when it has one and its original scans for the 3D
 * view, and only the remarks the sharer chose to show the patient; only the token's sha256 is stored, so a token is
 * shown once; unknown, expired and revoked tokens get the same answer (`shareLink.expired`), as does a file or asset
 * that is not the report's.
 */
export const reportSharesRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: Parameters<typeof scopeOf>[1]) => scopeOf(platform, req);

    app.post(
      '/api/case/report/share',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "Makes a link to the case's report that works without an account",
          description:
            "`days` 1 to 365 (default 30; else `shareLink.parameter`). `pins`: the case's pinned remarks (comment ids) the patient may read; none by default, every other remark is internal and the link never sends it; an id that is not a remark pinned to one of the report's scans is `generic.validation` (pins). `url` is PUBLIC_URL + `/v5/report/<token>`; the token is shown only in this answer. `case.notFound` for a case the caller does not hold. Audited.",
          body: shareLinkRequest,
          response: { 200: envelope(shareLinkCreated) },
        },
      },
      async (req) => ok(await shares.createShare(s(req), platform.config.publicUrl, req.body)),
    );

    app.get(
      '/api/case/report/shares',
      {
        config: { ...member, validationError: ShareLinkErrors.parameter },
        schema: {
          tags,
          security,
          summary: "The caller's organization's links for a case, newest first (no tokens)",
          description:
            '`active`: neither expired nor revoked; `pins`: the remarks the link shows the patient. `case.notFound` for a case the caller does not hold.',
          querystring: z.object({ caseId: uuidParam }),
          response: { 200: envelope(z.array(shareLinkRow)) },
        },
      },
      async (req) => ok(await shares.listShares(s(req), req.query.caseId)),
    );

    app.delete(
      '/api/case/report/share/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Revokes a link (only the organization that made it)',
          description:
            "Revoking a revoked link changes nothing. A link the caller's organization did not make answers `shareLink.expired`, like an unknown one. Audited.",
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(z.object({ id: z.string(), revokedAt: z.string() })) },
        },
      },
      async (req) => ok(await shares.revokeShare(s(req), req.params.id)),
    );

    app.get(
      '/api/report/:token',
      {
        config: open,
        schema: {
          tags,
          summary: 'A shared case report (no account needed)',
          description:
            "Urls in the answer are public under the token: `/api/report/{token}/file/{id}` (the scans), `/api/report/{token}/asset/{id}` (logo, background, pictures, video). An encrypted case lists no scans. `pins`: the remarks the sharer chose to show the patient (the link's `pins`; internal ones are never sent), pinned to the listed scans, read-only (text, anchor { fileId, point, normal, camera }, the writing organization's name, time; no person's name, no image), part of this one audited read. `shareLink.expired` for an unknown, expired or revoked token.",
          params: z.object({ token }),
          response: { 200: envelope(sharedReport) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await shares.sharedReport(platform, requestContext(req), req.params.token));
      },
    );

    const stream = (
      f: shares.SharedStream,
      range: string | undefined,
      reply: Parameters<typeof sendRanged>[0],
    ) =>
      sendRanged(reply, range, {
        size: f.size,
        type: f.type,
        disposition: contentDisposition(f.name, 'inline'),
        open: f.open,
      });

    app.get(
      '/api/report/:token/file/:fileId',
      {
        config: open,
        schema: {
          tags,
          summary: "One of a shared report's scans (HTTP Range); any other file answers `shareLink.expired`",
          params: z.object({ token, fileId: uuidParam }),
        },
      },
      async (req, reply) =>
        stream(
          await shares.sharedFile(
            platform,
            requestContext(req),
            req.params.token,
            req.params.fileId,
            req.headers.range,
          ),
          req.headers.range,
          reply,
        ),
    );

    app.get(
      '/api/report/:token/asset/:attachmentId',
      {
        config: open,
        schema: {
          tags,
          summary:
            "The sharing organization's logo, background, a share picture or its video; anything else answers `shareLink.expired`",
          params: z.object({ token, attachmentId: uuidParam }),
        },
      },
      async (req, reply) =>
        stream(
          await shares.sharedAsset(
            platform,
            requestContext(req),
            req.params.token,
            req.params.attachmentId,
            req.headers.range,
          ),
          req.headers.range,
          reply,
        ),
    );
  };
