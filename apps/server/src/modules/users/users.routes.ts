import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUser,
  customer,
  envelope,
  pageControl,
  updateCustPropertyBody,
  updateUserBody,
  userProperty,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './users.service.ts';

const secured = { security: [{ bearer: [] }] };

export const usersRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [path, summary] of [
      ['/user/current', 'The signed-in user (carries custType)'],
      ['/api2/user', 'The signed-in user (account host)'],
    ] as const) {
      app.get(
        path,
        { schema: { ...secured, tags: ['users'], summary, response: { 200: envelope(currentUser) } } },
        async (req) => ok(await service.currentUser(db, requireActor(req))),
      );
    }

    app.get(
      '/api2/cust',
      {
        schema: {
          ...secured,
          tags: ['organizations'],
          summary: "The caller's organization (status 0 authorized, otherwise registered)",
          response: { 200: envelope(customer) },
        },
      },
      async (req) => ok(await service.currentCustomer(db, requireActor(req))),
    );

    // The user's and the organization's property: the same shallow merge, audited.
    for (const [path, tag, summary, body, update] of [
      [
        '/api2/user',
        'users',
        'Update the user property (shallow merge; a null value removes the key)',
        updateUserBody,
        service.updateUserProperty,
      ],
      [
        '/api2/cust/property',
        'organizations',
        "Update the organization's property (e.g. skipNovice; shallow merge)",
        updateCustPropertyBody,
        service.updateCustomerProperty,
      ],
    ] as const) {
      app.put(
        path,
        {
          schema: {
            ...secured,
            tags: [tag],
            summary,
            body,
            response: { 200: envelope(z.object({ property: userProperty })) },
          },
        },
        async (req) =>
          ok({ property: await update(db, requestContext(req), requireActor(req), req.body.property) }),
      );
    }

    app.get(
      '/user/control/page',
      {
        schema: {
          ...secured,
          tags: ['users'],
          summary: 'Optional-screen switches (thirdPageControl): order, compare, builder',
          querystring: z.object({ timestamp: z.string().optional() }),
          response: { 200: pageControl },
        },
      },
      async (req) => ({ code: 0 as const, content: service.pageControl(requireActor(req)) }),
    );
  };
