import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaseErrors, caseHistory, envelope, uuidParam } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './cases.scope.ts';
import * as caseHistoryService from './case-history.service.ts';

/** A case's history, for its page (issue 32; the spec shows no such call: this path is Archway's). */
export const caseHistoryRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/case/history',
      {
        config: { access: 'member', validationError: CaseErrors.parameter },
        schema: {
          tags: ['cases'],
          security: [{ bearer: [] }],
          summary:
            'What happened to a case, newest first (at most 500 events), as the caller may see it; audited',
          description:
            "Read from the case, its copies and the audit log: the upload (with the scanner's serial number), " +
            "each copy's receipt, downloads (a person's download within a minute is one event), conversions, " +
            'model builds, lab progress, the cancel, comments, the forward to a third party, share links made, ' +
            'read and revoked, the recycle bin. Each event names the person (`by`), the organization (`org`) and ' +
            "whether the caller's organization did it (`own`). Who sees what: an organization sees every event " +
            'of its own; of the other organizations only the upload, receipts, downloads, lab progress, the ' +
            'cancel and comments — a receipt only the sender sees (of the receivers on its card; a receiver sees ' +
            "only its own), and the upload, downloads, progress and cancel only of the organizations on the caller's " +
            'card (the sender never learns of a third party a lab forwarded to, a lab never of another lab). ' +
            'Forwards, share links and their reads, conversions, models, the bin stay with the organization that ' +
            "did them. Refusals: case -1 not the caller's case (another organization's, or emptied from its bin); " +
            'the parameter code for an id that is not a UUID.',
          querystring: z.object({ id: uuidParam }),
          response: { 200: envelope(caseHistory) },
        },
      },
      async (req) => ok(await caseHistoryService.history(scopeOf(platform, req), req.query.id)),
    );
  };
