import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addReceiverBody,
  deleteReceiverBody,
  envelope,
  paged,
  ReceiverAddErrors,
  ReceiverDeleteErrors,
  receiverPageBody,
  receiverRecord,
  receiverRow,
  receiverSearchQuery,
  receiverSearchResult,
  safeString,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './devices.scope.ts';
import { done, security, tags } from './devices.http.ts';
import * as receivers from './receivers.service.ts';

/** Data routing: receivers of a device, receiver records, add, delete, receiver search (receivers.service.ts). */
export const receiversRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/device/scan/receiver/:id',
      {
        config: { access: 'member', validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            'Receivers of a device (id: device id or serial); one row per organization with its caseType list (entries: each case type with its id, signer and showDelete), hidden fields null',
          params: z.object({ id: safeString(64).min(1) }),
          response: { 200: envelope(z.array(receiverRow)) },
        },
      },
      async (req) => ok(await receivers.listReceivers(scopeOf(db, req), req.params.id)),
    );

    app.post(
      '/api2/device/scan/receivers',
      {
        config: { access: 'member', validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            "Receiver records across the organization's devices, paged, sorted by registTime (the guide's check)",
          body: receiverPageBody,
          response: { 200: envelope(paged(receiverRecord)) },
        },
      },
      async (req) => ok(await receivers.receiverPage(scopeOf(db, req), req.body)),
    );

    app.post(
      '/api2/device/scan/receiver',
      {
        config: { access: 'member', validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: 'Add a receiver organization for case types',
          body: addReceiverBody,
          response: { 200: envelope(z.object({ code: z.literal(0), added: z.array(z.number().int()) })) },
        },
      },
      async (req) => ok(await receivers.addReceiver(scopeOf(db, req), req.body)),
    );

    app.delete(
      '/api2/device/scan/receiver',
      {
        config: { access: 'member', validationError: ReceiverDeleteErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: "Delete receiver entries (the device's owner, or the account that added them)",
          body: deleteReceiverBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await receivers.deleteReceivers(scopeOf(db, req), req.body)),
    );

    app.get(
      '/cust/clinic/find',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            'Receiver search by name, or exact e-mail/phone where the privacy bits allow (at most 10); audited',
          querystring: receiverSearchQuery,
          response: { 200: envelope(z.array(receiverSearchResult)) },
        },
      },
      async (req) => ok(await receivers.searchReceivers(scopeOf(db, req), req.query.key, req.query.max)),
    );
  };
