import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, modelJob, modelRequest, ModelErrors, uuidParam } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from '../cases/cases.scope.ts';
import * as models from './models.service.ts';

const tags = ['cases'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: ModelErrors.parameter };

/**
 * The model builder (`/caseBuilder`; Archway's paths, the spec shows none). Decisions: a build makes one model per
 * original scan (PLY, STL, OBJ) of the case, or of the one `fileId`; each is a case file `<scan>-model.stl`
 * (conversion type `model`, `convertedFrom` its scan), downloaded at `/api/case/file/{caseId}/{fileId}` like any
 * case file; a new build replaces the case's earlier model files when it is done (they stay downloadable until
 * then). The person who started it gets a `Task` notice (reason `model`, opening `/caseBuilder?id=`) or, when it
 * fails, a `Failed` one.
 */
export const modelsRoutes =
  (platform: Platform, scan: { wake(): void }): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: Parameters<typeof scopeOf>[1]) => scopeOf(platform, req);

    app.post(
      '/api/case/model/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Starts building a printable model (watertight, with a base) from the case scans',
          description:
            '`baseHeight` millimetres of base under the scan (1 to 30, default 5), `baseKind` `horseshoe` (a base following the arch) or `solid` (default horseshoe), `fileId` one original scan of the case (default: every original PLY, STL or OBJ scan, each its own model). Answers the build as `GET` does (queued). Refused: `model.parameter`, `case.notFound` for a case the caller does not hold (or in its bin), `model.encrypted`, `model.noScan` (no scan we read, or `fileId` is not one), `model.running` while a build of the case is queued or running (one per case, whoever started it), `case.certificationRequired` for a receiving organization that is not certified. A scan that cannot be built fails the job with `model.failed`. A special brand (BRAND) has no model builder: `brand.modelBuilder` (-6, HTTP 403). Audited.',
          params: z.object({ id: uuidParam }),
          body: modelRequest,
          response: { 200: envelope(modelJob) },
        },
      },
      async (req) => ok(await models.startModel(s(req), scan.wake, req.params.id, req.body)),
    );

    app.get(
      '/api/case/model/:id',
      {
        config: { ...member, validationError: ModelErrors.parameter },
        schema: {
          tags,
          security,
          summary: "The case's latest model build and its model files",
          description:
            "`state` `none` when no model was ever built; `progress` 0 to 1 (poll while queued or running); `errorKey` the catalogue key when failed; `baseHeight` and `baseKind` as asked (defaults for none); `files` the case's current model files (a new build replaces them when done). `case.notFound` for a case the caller does not hold.",
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(modelJob) },
        },
      },
      async (req) => ok(await models.modelOf(s(req), req.params.id)),
    );
  };
