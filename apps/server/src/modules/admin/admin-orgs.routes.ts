import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsoleErrors,
  consoleIdParams,
  consoleOrgDetail,
  consoleOrgDisabledBody,
  consoleOrgListQuery,
  consoleOrgPage,
  consoleOrgRow,
  envelope,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './admin-orgs.service.ts';

const security = [{ bearer: [] }];
const config = { access: 'admin' as const, validationError: ConsoleErrors.parameter };

/** The administrator's console: organizations (`/manager` → Organizations). HTTP 403 code 100 for everyone else. */
export const adminOrgsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/admin/console/orgs',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Organizations (administrators), newest first: keyword matches a part of the name, e-mail, phone or credit code; status (0 verified, 1 under review, 2 refused), type (2 clinic, 3 lab, 4 distributor) and disabled narrow. Each row counts members and devices. Audited (console.search)',
          querystring: consoleOrgListQuery,
          response: { 200: envelope(consoleOrgPage) },
        },
      },
      async (req) => ok(await service.listOrgs(platform, requestContext(req), requireActor(req), req.query)),
    );

    app.get(
      '/api2/admin/console/orgs/:id',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'One organization (administrators): its fields, members with roles, devices and case counts, certification (reason, licence), optional screens, when it was disabled and why. Audited (console.read); unknown ids answer cust.notFound',
          params: consoleIdParams,
          response: { 200: envelope(consoleOrgDetail) },
        },
      },
      async (req) =>
        ok(await service.orgDetail(platform, requestContext(req), requireActor(req), req.params.id)),
    );

    app.put(
      '/api2/admin/console/orgs/:id/disabled',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            "Disable or enable an organization (administrators). Disabled, it counts like none for its members: calls needing an organization answer cust.disabled (code -20), /user/current names it in disabledCust; it is hidden from organization and receiver searches and takes no join request or invitation. Nothing is deleted: devices, receivers, cases and members stay, and enabling restores everything. Its members' clients are told to renew their tokens. The reason is kept in the audit log",
          params: consoleIdParams,
          body: consoleOrgDisabledBody,
          response: { 200: envelope(consoleOrgRow) },
        },
      },
      async (req) =>
        ok(
          await service.setOrgDisabled(
            platform,
            requestContext(req),
            requireActor(req),
            req.params.id,
            req.body,
          ),
        ),
    );
  };
