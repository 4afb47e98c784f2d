import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  applyCooperationBody,
  CooperationErrors,
  cooperationIdParam,
  cooperationListQuery,
  cooperationRow,
  decideCooperationBody,
  envelope,
  paged,
  PartnerErrors,
  partnerListQuery,
  partnerRow,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './partners.service.ts';

const security = [{ bearer: [] }];
const tags = ['partners'];
const cooperation = { access: 'member' as const, validationError: CooperationErrors.parameter };

/**
 * Partners and third-party cooperation (`/partner`). The spec shows no paths; these are Archway's. Any member of an
 * organization may apply, accept, refuse and cancel (as with devices; the member roles govern member management).
 */
export const partnersRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const scope = (req: FastifyRequest): service.PartnerScope => ({
      db: platform.db,
      ctx: requestContext(req),
      actor: requireActor(req),
      mail: { mailer: platform.mail, publicUrl: platform.config.publicUrl },
    });

    app.get(
      '/api2/cust/partner',
      {
        config: { access: 'member', validationError: PartnerErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Partner organizations (type 2 clinics, 3 labs): those the caller exchanges devices or cases with, by name',
          description:
            'Relations: live lendings either way (with the number of devices), live receiver entries either way, ' +
            'the other parties of the latest 2,000 case copies of the box (a forwarded case counts for the lab and ' +
            "the third party), open cooperations. Contact details as the partner's privacy allows: bit 2 hides " +
            'email, 4 phone, 8 address, city and street (null). key: a name substring where the partner may be ' +
            'found by name, its exact e-mail or phone where it may be found by them and its privacy shows them.',
          querystring: partnerListQuery,
          response: { 200: envelope(paged(partnerRow)) },
        },
      },
      async (req) => ok(await service.partners(scope(req), req.query)),
    );

    app.get(
      '/api2/cust/cooperation',
      {
        config: cooperation,
        schema: {
          tags,
          security,
          summary:
            'Third-party cooperations of the caller (both directions): state 0 applied, 1 open, 2 closed; live first',
          querystring: cooperationListQuery,
          response: { 200: envelope(paged(cooperationRow)) },
        },
      },
      async (req) => ok(await service.cooperations(scope(req), req.query)),
    );

    app.post(
      '/api2/cust/cooperation',
      {
        config: cooperation,
        schema: {
          tags,
          security,
          summary:
            'Apply for a cooperation: a verified organization (-3) with another verified one (-4 unknown, -5 ' +
            'unverified, -6 itself); one application or open cooperation per pair (-7, HTTP 409)',
          body: applyCooperationBody,
          response: { 200: envelope(cooperationRow) },
        },
      },
      async (req) => ok(await service.apply(scope(req), req.body.custId)),
    );

    app.put(
      '/api2/cust/cooperation/:id',
      {
        config: cooperation,
        schema: {
          tags,
          security,
          summary:
            'Accept (open) or refuse (closed) an application made to the caller: -2 unknown or another ' +
            "organization's, -8 the caller applied, -9 already decided, -3 accepting needs a verified organization",
          params: cooperationIdParam,
          body: decideCooperationBody,
          response: { 200: envelope(cooperationRow) },
        },
      },
      async (req) => ok(await service.decide(scope(req), req.params.id, req.body.accept)),
    );

    app.delete(
      '/api2/cust/cooperation/:id',
      {
        config: cooperation,
        schema: {
          tags,
          security,
          summary:
            'Cancel: either side closes an application or an open cooperation (-10 already closed); cases ' +
            'already forwarded stay with the third party',
          params: cooperationIdParam,
          response: { 200: envelope(cooperationRow) },
        },
      },
      async (req) => ok(await service.cancel(scope(req), req.params.id)),
    );
  };
