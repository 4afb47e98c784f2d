import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseRow, envelope, ForwardErrors, forwardCaseBody } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './cases.scope.ts';
import * as forwarding from './forwarding.service.ts';

/** Third-party cooperation: a lab forwards a received case (the spec shows no path; this is Archway's). */
export const forwardingRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/case/forward',
      {
        config: { access: 'member', validationError: ForwardErrors.parameter },
        schema: {
          tags: ['cases'],
          security: [{ bearer: [] }],
          summary: 'A lab forwards a case it received to a third party it has an open cooperation with',
          description:
            'Answers the lab\'s updated row (thirdPartyName set, no "forward" action). The third party gets a ' +
            'received copy (lab progress 1) and previews, downloads and sets progress like any receiver; the sender ' +
            "sees the third party's name (thirdPartyName) but not among its receivers. Refusals: -2 not a lab, " +
            "case -1 not the caller's case (or in its bin), -3 not a case it received from the sender, -4 " +
            'encrypted, -5 cancelled, -6 already forwarded, case -13 the lab is not verified, -7 no open ' +
            'cooperation with that organization, -8 that organization already has the case. Closing the ' +
            'cooperation later leaves forwarded cases with the third party.',
          body: forwardCaseBody,
          response: { 200: envelope(caseRow) },
        },
      },
      async (req) => ok(await forwarding.forward(scopeOf(platform, req), req.body)),
    );
  };
