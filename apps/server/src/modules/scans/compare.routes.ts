import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompareErrors,
  compareCase,
  compareCasesQuery,
  compareJob,
  compareRequest,
  compareStarted,
  envelope,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { contentDisposition, sendRanged } from '../../platform/http-files.ts';
import { scopeOf } from '../cases/cases.scope.ts';
import * as compare from './compare.service.ts';

const tags = ['cases'];
const security = [{ bearer: [] }];
const member = { access: 'member' as const, validationError: CompareErrors.parameter };
const reading = { access: 'member' as const, validationError: CompareErrors.notFound };

/**
 * Model comparison (`/caseCompare`; Archway's paths). Decisions: scan B is aligned onto scan A (the reference) and
 * coloured by its distance from A; the result belongs to the organization that started it (nobody else sees it,
 * not even the other holder of the cases); one live comparison per case A; the coloured PLY is kept in storage
 * under `compare/<uuid>.ply`, not as a case file.
 */
export const compareRoutes =
  (platform: Platform, scan: { wake(): void }): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: Parameters<typeof scopeOf>[1]) => scopeOf(platform, req);

    app.post(
      '/api/case/compare',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Starts comparing two scans: B aligned onto A, coloured by distance',
          description:
            "Either `caseA` and `caseB` (each case's first original PLY, STL or OBJ scan) or `fileA` and `fileB` (any scan file of one or two cases). Refused: `compare.parameter` (neither or both pairs), `compare.notFound` (a case or file the caller's organization does not hold), `compare.encrypted`, `compare.noScan`, `compare.sameScan` (both sides the same file), `compare.running` (a comparison with the same case A is queued or running), `case.certificationRequired` for a received case when the organization is not certified. Scans that cannot be aligned fail the job with `compare.failed`. Audited.",
          body: compareRequest,
          response: { 200: envelope(compareStarted) },
        },
      },
      async (req) => ok(await compare.startCompare(s(req), scan.wake, req.body)),
    );

    app.get(
      '/api/case/compare/cases',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "The caller's cases that can be compared, with their scans",
          description:
            'Not encrypted, in the box (not the bin), with at least one original PLY, STL or OBJ scan; newest first, at most 100; `keyword` matches the patient, the doctor or the other party like the case list. Archway decision: the case list (`/getpaging`) does not list files, so the compare screen picks from this.',
          querystring: compareCasesQuery,
          response: { 200: envelope(z.array(compareCase)) },
        },
      },
      async (req) => ok(await compare.comparable(s(req), req.query.keyword)),
    );

    app.get(
      '/api/case/compare/:job',
      {
        config: reading,
        schema: {
          tags,
          security,
          summary: 'A comparison: state, progress and, once done, its figures and coloured file',
          description:
            "Millimetres: `rms`, `mean`, `max` (distance of B's surface from A's after alignment), `range` (the distance the colour scale's red end stands for), `histogram` (`edges` one longer than `counts`), `translation`; `rotationDegrees` the alignment's rotation. Null until done. `compare.notFound` unless the caller's organization started it.",
          params: z.object({ job: uuidParam }),
          response: { 200: envelope(compareJob) },
        },
      },
      async (req) => ok(await compare.compareOf(s(req), req.params.job)),
    );

    app.get(
      '/api/case/compare/:job/file',
      {
        config: reading,
        schema: {
          tags,
          security,
          summary:
            'The compared scan B, coloured by its distance from A (binary PLY, a download; HTTP Range)',
          description:
            "`compare.notFound` until done and unless the caller's organization started it. Audited.",
          params: z.object({ job: uuidParam }),
        },
      },
      async (req, reply) => {
        const f = await compare.compareFile(s(req), req.params.job);
        return sendRanged(reply, req.headers.range, {
          size: f.size,
          type: 'application/octet-stream',
          disposition: contentDisposition(f.name),
          open: f.open,
        });
      },
    );
  };
