import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  custFindQuery,
  custFindResult,
  CustErrors,
  custIdParams,
  envelope,
  GenericErrors,
  publicCustomer,
  publicPerson,
  userDetailQuery,
  userFindBody,
  userFindQuery,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as directory from './directory.service.ts';

const tags = ['directory'];
const security = [{ bearer: [] }];
const PRIVACY =
  'Privacy applies to anyone outside the organization: bit 2 hides the e-mail, 4 the phone, 8 the address fields (address, city, street); a hidden field is null.';
const PEOPLE =
  "E-mail and phone are shown to the person, to a platform administrator and to owners of an organization they share with the caller; to fellow members and to members of an organization in an open cooperation with one of theirs only where the person's search setting for that field (emailNotice, phoneNotice; off by default) is on; to nobody else. People who share an organization with the caller also get it (custId, custName, their role, joinTime).";

/** Finding organizations and people, and their public details, all honouring search settings and privacy. */
export const directoryRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    const scope = (req: FastifyRequest) => ({ db, ctx: requestContext(req), actor: requireActor(req) });

    app.get(
      '/api2/cust/find',
      {
        config: { access: 'signedIn', validationError: GenericErrors.validation },
        schema: {
          tags,
          security,
          summary:
            'Organizations by name (substring, where its name search is on) or exact e-mail or phone (only where that privacy bit is clear and its search flag is on); audited',
          description: `Query key, max (1-20, default 10). joinState tells the caller's relation (member, pending join request, none). ${PRIVACY}`,
          querystring: custFindQuery,
          response: { 200: envelope(z.array(custFindResult)) },
        },
      },
      async (req) => ok(await directory.findCustomers(scope(req), req.query.key, req.query.max)),
    );

    app.get(
      '/api2/user/find',
      {
        config: { access: 'signedIn', validationError: GenericErrors.validation },
        schema: {
          tags,
          security,
          summary:
            'People by exact username, e-mail or phone (query key), each only where the person allows being found by it (at most 5); audited',
          description: `Nobody found and nobody findable answer the same empty list, so the call never tells whether an account exists. At most 200 searches per person and hour (then code 429, HTTP 429). ${PEOPLE}`,
          querystring: userFindQuery,
          response: { 200: envelope(z.array(publicPerson)) },
        },
      },
      async (req) => ok(await directory.findPeople(scope(req), req.query.key)),
    );

    app.post(
      '/user/v2/find',
      {
        config: { access: 'signedIn', validationError: GenericErrors.validation },
        schema: {
          tags,
          security,
          summary: 'Find a user: body {key}, the same search and answer as GET /api2/user/find',
          description: PEOPLE,
          body: userFindBody,
          response: { 200: envelope(z.array(publicPerson)) },
        },
      },
      async (req) => ok(await directory.findPeople(scope(req), req.body.key)),
    );

    app.get(
      '/api2/user/detail',
      {
        config: { access: 'signedIn', validationError: GenericErrors.objectNotFound },
        schema: {
          tags,
          security,
          summary:
            "A person's public details (query userId); disabled or deleted accounts are not found (404)",
          description: PEOPLE,
          querystring: userDetailQuery,
          response: { 200: envelope(publicPerson) },
        },
      },
      async (req) => ok(await directory.personDetail(scope(req), req.query.userId)),
    );

    app.get(
      '/cust/clinic/detail',
      {
        config: { access: 'signedIn', validationError: CustErrors.notFound },
        schema: {
          tags,
          security,
          summary: "The public details of a person's organization (query userId: their first organization)",
          description: `Refused: \`cust.notFound\` (-1) when the person is unknown or has no organization. ${PRIVACY}`,
          querystring: z.object({ userId: userDetailQuery.shape.userId }),
          response: { 200: envelope(publicCustomer) },
        },
      },
      async (req) => ok(await directory.customerOfPerson(db, requireActor(req), req.query.userId)),
    );

    app.get(
      '/cust/clinic/:id',
      {
        config: { access: 'signedIn', validationError: CustErrors.notFound },
        schema: {
          tags,
          security,
          summary: "A clinic's public details (any organization but a lab; a lab answers cust.notFound)",
          description: PRIVACY,
          params: custIdParams,
          response: { 200: envelope(publicCustomer) },
        },
      },
      async (req) => ok(await directory.customerDetail(db, requireActor(req), req.params.id, 'clinic')),
    );

    app.get(
      '/cust/factory/:id',
      {
        config: { access: 'signedIn', validationError: CustErrors.notFound },
        schema: {
          tags,
          security,
          summary: "A lab's (technical factory's) public details (other organizations answer cust.notFound)",
          description: PRIVACY,
          params: custIdParams,
          response: { 200: envelope(publicCustomer) },
        },
      },
      async (req) => ok(await directory.customerDetail(db, requireActor(req), req.params.id, 'factory')),
    );
  };
