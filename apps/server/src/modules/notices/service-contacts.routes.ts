import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, GenericErrors, serviceContactAnswer, serviceContacts } from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { startExpiryReminder } from './device-notices.ts';
import * as service from './service-contacts.service.ts';
import { NoticesAccess } from './notices.access.ts';

const security = [{ bearer: [] }];

/**
 * Service contacts (the bell's service entry; not in the spec: paths chosen here) and the authorization expiry
 * reminder, which this plugin starts and stops with the server.
 */
export const serviceContactsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    app.get(
      '/api/service/contacts',
      {
        config: { access: NoticesAccess.read, validationError: GenericErrors.validation },
        schema: {
          tags: ['notices'],
          security,
          summary:
            "The service desk for the caller's organization (not in the spec): desk preSales while the organization is not verified or has no device (owned or lent to it), afterSales otherwise, with the details the platform administrator set (contact null while that desk is not set)",
          response: { 200: envelope(serviceContactAnswer) },
        },
      },
      async (req) => ok(await service.contactFor(db, requireActor(req))),
    );

    app.get(
      '/api2/admin/service/contacts',
      {
        config: { access: NoticesAccess.editContacts, validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary: 'Both service desks, pre-sales and after-sales (administrators; not in the spec)',
          response: { 200: envelope(serviceContacts) },
        },
      },
      async () => ok(await service.readContacts(db)),
    );

    app.put(
      '/api2/admin/service/contacts',
      {
        config: { access: NoticesAccess.editContacts, validationError: GenericErrors.validation },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Set both service desks (administrators; not in the spec): text, phone and e-mail for pre-sales and after-sales, stored in platform_settings serviceContacts; audited. Others: HTTP 403 code 100',
          body: serviceContacts,
          response: { 200: envelope(serviceContacts) },
        },
      },
      async (req) => ok(await service.writeContacts(db, requestContext(req), requireActor(req), req.body)),
    );

    const stop = startExpiryReminder(platform);
    app.addHook('onClose', async () => stop());
  };
