import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customer, envelope, orgDetail, updateCustPropertyBody } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { serviceContactsRoutes } from '../notices/service-contacts.routes.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerPrivateKind } from '../attachments/attachments.access.ts';
import { licenceRule } from './orgs.access.ts';
import * as service from './orgs.service.ts';
import { organizationRoutes } from './organization.routes.ts';
import { certificationRoutes } from './certification.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { shareRoutes } from './share.routes.ts';

const secured = { security: [{ bearer: [] }] };

/** Organizations (customers) and memberships: `/api2/cust…`. */
export const orgsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    // Who reads a business licence and whether it is still in use is the organization's rule.
    registerPrivateKind('licence', licenceRule);
    await app.register(organizationRoutes(platform));
    await app.register(certificationRoutes(platform));
    await app.register(settingsRoutes(platform));
    await app.register(shareRoutes(platform));
    await app.register(serviceContactsRoutes(platform));
    app.get(
      '/api2/cust',
      {
        config: { access: 'member' },
        schema: {
          ...secured,
          tags: ['organizations'],
          summary:
            "The caller's organization (status 0 authorized, otherwise registered), with its certification (auditReason of a failed audit, the licence), the caller's role (owner or member) and actions",
          response: { 200: envelope(orgDetail) },
        },
      },
      async (req) => ok(await service.organizationDetail(db, requireActor(req))),
    );

    app.put(
      '/api2/cust/property',
      {
        config: { access: 'member' },
        schema: {
          ...secured,
          tags: ['organizations'],
          summary:
            "Update the organization's property (e.g. skipNovice; shallow merge, a null value removes the key)",
          body: updateCustPropertyBody,
          response: { 200: envelope(z.object({ property: customer.shape.property })) },
        },
      },
      async (req) =>
        ok({
          property: await service.updateCustomerProperty(
            db,
            requestContext(req),
            requireActor(req),
            req.body.property,
          ),
        }),
    );
  };
