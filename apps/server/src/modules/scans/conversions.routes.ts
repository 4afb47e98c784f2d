import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseErrors,
  conversion,
  convertQuery,
  convertResultBody,
  envelope,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors.ts';
import { StorageNotFound } from '../../platform/storage/storage.ts';
import { scopeOf } from '../cases/cases.scope.ts';
import * as conversions from './conversions.service.ts';

const tags = ['cases'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: CaseErrors.parameter };

/**
 * Online conversion and the preview image (calls-and-errors §7.4). Decisions where the spec is silent:
 * `type` is `plyTexture` or `stl` (`plyColor` is listed but refused); a job converts every scan of the case and its
 * files join the case (named after the original, `-converted` when the format is the same); the worker records the
 * result itself, so `POST /api/case/convert/result` reads that record back rather than writing it.
 */
export const conversionsRoutes =
  (platform: Platform, scan: { wake(): void }): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: Parameters<typeof scopeOf>[1]) => scopeOf(platform, req);

    app.get(
      '/api/caseRedis/convert/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "Starts converting the case's scans to `type` (plyTexture or stl) or reports that conversion; `flush=1` starts afresh",
          description:
            'Without `flush`, answers the latest conversion of the case to `type` (queued, running with its progress, done with its files, or failed with its catalogue error) and starts one when there is none (two requests at once, on any process, answer the one job they started). Refused: `case.conversionNoFormat` without `type`, `case.parameter` for plyColor or an unknown type, `case.encryptedNoConversion`, `case.converting` while a conversion to another type (or with `flush`, any) runs, `case.missingOriginalFormat` when the case holds no PLY, STL or OBJ scan. Files that fail to parse fail the job with `case.processingFailed`; a stored original that is gone with `case.originalMissing`.',
          params: z.object({ id: uuidParam }),
          querystring: convertQuery,
          response: { 200: envelope(conversion) },
        },
      },
      async (req) => ok(await conversions.requestConversion(s(req), scan.wake, req.params.id, req.query)),
    );

    app.post(
      '/api/case/convert/result',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "The case's latest conversion (to `type` when given) in whatever state, with its files once done",
          description:
            'The worker records a result itself, in the transaction that marks its job done, so a result never depends on a browser staying open; this call reads that record back. `data` is null when the case has no conversion (to that type). Refused: `case.parameter` for an unknown type, `case.encryptedNoConversion`, `case.notFound`. Audited.',
          body: convertResultBody.extend({ id: uuidParam }),
          response: { 200: envelope(conversion.nullable()) },
        },
      },
      async (req) => ok(await conversions.conversionResult(s(req), req.body.id, req.body.type)),
    );

    app.get(
      '/api/case/thumbnail/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "The case's preview image (PNG, drawn on the server when the scan arrived)",
          description:
            'Refused (the card shows a placeholder): `case.notFound` only for a case the caller has no copy of; `case.converting` while the image is being drawn, `case.encryptedNoConversion` for encrypted data, `case.processingFailed` for a scan that could not be drawn (or whose image is gone).',
          params: z.object({ id: uuidParam }),
        },
      },
      async (req, reply) => {
        const image = await conversions.thumbnail(s(req), req.params.id);
        const stream = await image.open().catch((err: unknown) => {
          throw err instanceof StorageNotFound ? new AppError(CaseErrors.processingFailed) : err;
        });
        // The address changes with the image (`?v=`), so the browser may keep it.
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(stream);
      },
    );
  };
