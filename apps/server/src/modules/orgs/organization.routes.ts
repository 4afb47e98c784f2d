import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrgBody,
  creditBody,
  envelope,
  OrgErrors,
  orgDetail,
  orgIdParams,
  updateOrgBody,
} from '@archway/contract';
import { z } from 'zod';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './orgs.service.ts';

const tags = ['organizations'];
const security = [{ bearer: [] }];

const createSummary =
  "Create an organization (product §3/§5): name, custType (2 clinic, 3 lab, 4 distributor), contact, phone, creditCode required; email, address, country, region, city, street, memo optional; licenseFile = the id POST /attachment answered (optional, but verification needs it). The caller becomes its owner; it starts under review (status 1). Codes: -1 name empty or over 100 characters, -2 the caller already belongs to an organization, -6 the name is taken (any letter case), -4 the licence is not the caller's upload, -3 other fields";

/** Create, edit, certification data and deletion of the caller's organization (issue 9). */
export const organizationRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    for (const url of ['/api2/cust', '/cust/clinic']) {
      app.post(
        url,
        {
          config: { access: 'signedIn', validationError: OrgErrors.parameter },
          schema: {
            tags,
            security,
            summary: createSummary,
            body: createOrgBody,
            response: { 200: envelope(orgDetail) },
          },
        },
        async (req) =>
          ok(await service.createOrganization(platform, requestContext(req), requireActor(req), req.body)),
      );
    }

    app.put(
      '/api2/cust',
      {
        config: { access: 'member', validationError: OrgErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            "Edit the caller's organization (owner only, -5). Missing fields stay, null clears an optional one; the type cannot change. A new name stays unique (-9, any letter case; -1 empty). Any edit after a failed audit, or a new credit code of a verified organization, puts it back under review",
          body: updateOrgBody,
          response: { 200: envelope(orgDetail) },
        },
      },
      async (req) =>
        ok(await service.updateOrganization(db, requestContext(req), requireActor(req), req.body)),
    );

    app.put(
      '/api2/cust/credit',
      {
        config: { access: 'member', validationError: OrgErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            "Send or resend the certification data (owner only, -5): creditCode and licenseFile (the id POST /attachment answered, -4 if it is not the caller's upload or the organization's). The organization goes under review (status 1)",
          body: creditBody,
          response: { 200: envelope(orgDetail) },
        },
      },
      async (req) =>
        ok(await service.submitCredit(platform, requestContext(req), requireActor(req), req.body)),
    );

    app.delete(
      '/api2/cust/:id',
      {
        config: { access: 'member', validationError: OrgErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            "Delete the caller's organization (owner only, -5; another id answers -1 like a missing one). Refused while it owns or is linked to devices (lending, device users, receivers: -7) or keeps or sent cases (-8). Members stay as people without an organization; its files are removed",
          params: orgIdParams,
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (req) => {
        await service.deleteOrganization(platform, requestContext(req), requireActor(req), req.params.id);
        return ok({ id: req.params.id });
      },
    );
  };
