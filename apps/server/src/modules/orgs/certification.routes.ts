import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditBody,
  CertificationErrors,
  certificationListQuery,
  certificationPage,
  certificationRow,
  envelope,
  GenericErrors,
  orgIdParams,
  outboxListQuery,
  outboxMessage,
  outboxPage,
  pageFlagsBody,
  pageFlagsListQuery,
  pageFlagsPage,
  pageFlagsRow,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './certification.service.ts';

const security = [{ bearer: [] }];

/**
 * The platform administrator's back office for organizations (`/manager`): the certification queue and decisions,
 * and the mail outbox. Everyone else is refused with HTTP 403 code 100.
 */
export const certificationRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/admin/cust',
      {
        config: { access: 'admin', validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Organizations by certification status (administrators): status 1 (default) is the review queue, oldest first; 0 verified and 2 audit failed newest first; keyword matches name, credit code or e-mail. Each row carries its licence (read at licence.url with the token)',
          querystring: certificationListQuery,
          response: { 200: envelope(certificationPage) },
        },
      },
      async (req) => ok(await service.certificationList(platform, req.query)),
    );

    app.put(
      '/api2/admin/cust/:id/audit',
      {
        config: { access: 'admin', validationError: CertificationErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Decide a certification (administrators): status 0 verifies (needs a licence, -4), 2 refuses (reason required, -2). Only an organization under review (-3 otherwise). The outcome is mailed to its owners in their language, in the same transaction',
          params: orgIdParams,
          body: auditBody,
          response: { 200: envelope(certificationRow) },
        },
      },
      async (req) =>
        ok(await service.decide(platform, requestContext(req), requireActor(req), req.params.id, req.body)),
    );

    app.get(
      '/api2/admin/cust/pages',
      {
        config: { access: 'admin', validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            "Every organization's optional screens (administrators), by name: order (/customizeOrder, off by default), compare (/caseCompare's model comparison, on), builder (/caseBuilder, on); keyword matches name or e-mail",
          querystring: pageFlagsListQuery,
          response: { 200: envelope(pageFlagsPage) },
        },
      },
      async (req) => ok(await service.pageFlagsList(platform, req.query)),
    );

    app.put(
      '/api2/admin/cust/:id/pages',
      {
        config: { access: 'admin', validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            "Switch an organization's optional screens (administrators): the switches given change, the others stay; its members' /user/control/page answers them from then on. Audited",
          params: orgIdParams,
          body: pageFlagsBody,
          response: { 200: envelope(pageFlagsRow) },
        },
      },
      async (req) =>
        ok(
          await service.setPageFlags(
            platform,
            requestContext(req),
            requireActor(req),
            req.params.id,
            req.body,
          ),
        ),
    );

    app.get(
      '/api2/admin/mail',
      {
        config: { access: 'admin', validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'The mail outbox (administrators), newest first: e-mails and text messages with recipient, subject, state (pending, sent, failed, outbox), attempts. Without SMTP_URL e-mails stay in state outbox and are read here. The secrets of one-time links (token=…) are redacted',
          querystring: outboxListQuery,
          response: { 200: envelope(outboxPage) },
        },
      },
      async (req) => ok(await service.outboxList(platform, req.query)),
    );

    app.get(
      '/api2/admin/mail/:id',
      {
        config: { access: 'admin', validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'One message of the outbox with its plain-text body (administrators); the secret of every one-time link (confirmation, password reset, invitation: token=…) is redacted, the message sent keeps it',
          params: orgIdParams,
          response: { 200: envelope(outboxMessage) },
        },
      },
      async (req) => ok(await service.outboxMessage(platform, req.params.id)),
    );
  };
