import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDeviceUserBody,
  addReceiverBody,
  addRegistryBody,
  AuthoriseErrors,
  authorizationRow,
  authorizeBody,
  batchAuthTimeBody,
  batchResult,
  bindBody,
  bindResult,
  deleteReceiverBody,
  DeviceErrors,
  deviceListBody,
  deviceRow,
  DeviceUserAddErrors,
  DeviceUserDeleteErrors,
  deviceUserRow,
  editAuthBody,
  editDeviceUserBody,
  envelope,
  ExtendErrors,
  importRegistryBody,
  importReport,
  paged,
  ReceiverAddErrors,
  ReceiverDeleteErrors,
  receiverPageBody,
  receiverRecord,
  receiverRow,
  receiverSearchQuery,
  receiverSearchResult,
  recallAuthBody,
  RecycleErrors,
  registryListQuery,
  registryRow,
  resellBody,
  timeZoneOf,
  unbindBody,
  updateDeviceBody,
} from '@archway/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Scope } from './devices.access.ts';
import * as devices from './devices.service.ts';
import * as auths from './authorizations.service.ts';
import * as receivers from './receivers.service.ts';
import * as deviceUsers from './device-users.service.ts';
import * as registry from './registry.service.ts';

const done = envelope(z.object({ code: z.literal(0) }));
const tags = ['devices'];
const security = [{ bearer: [] }];

export const devicesRoutes =
  ({ db, config }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const scope = (req: FastifyRequest): Scope => ({
      db,
      ctx: requestContext(req),
      actor: requireActor(req),
      tz: timeZoneOf(req.headers['x-time-zone']),
    });

    app.post(
      '/api2/device/scan/regist',
      {
        config: { validationError: DeviceErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Bind a device (a lab becomes receiver of its own device for case types 1, 2, 3)',
          body: bindBody,
          response: { 200: envelope(bindResult) },
        },
      },
      async (req) => ok(await devices.bind(scope(req), config.area, req.body)),
    );

    app.post(
      '/api2/device/scan/unregist',
      {
        config: { validationError: DeviceErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Unbind a device (needs the device code; refused during an authorization period)',
          body: unbindBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.unbind(scope(req), req.body)),
    );

    for (const [path, which, summary] of [
      [
        '/api2/device/scan/auths',
        'all',
        'Devices the organization owns, may use or receives from, with authorizations',
      ],
      ['/api2/device/scan/manageable', 'manageable', 'Devices the organization owns'],
      [
        '/api2/device/scan/usable',
        'usable',
        'Devices the organization may scan with (owned, authorized, or as a device user)',
      ],
    ] as const) {
      app.post(
        path,
        {
          config: { validationError: DeviceErrors.parameter },
          schema: {
            tags,
            security,
            summary,
            body: deviceListBody,
            response: { 200: envelope(paged(deviceRow)) },
          },
        },
        async (req) => ok(await devices.list(scope(req), which, req.body)),
      );
    }

    app.get(
      '/api2/device/scan/:id',
      {
        config: { validationError: DeviceErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Device detail',
          params: z.object({ id: z.uuid() }),
          response: { 200: envelope(deviceRow) },
        },
      },
      async (req) => ok(await devices.detail(scope(req), req.params.id)),
    );

    app.put(
      '/api2/device/scan',
      {
        config: { validationError: DeviceErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Update name, memo, encryption and default decryption format (owner)',
          body: updateDeviceBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.update(scope(req), req.body)),
    );

    app.post(
      '/api2/device/scan/resell',
      {
        config: { validationError: DeviceErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Transfer: ownership moves at once; the receiver gets all rights, the sender none',
          body: resellBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.resell(scope(req), req.body)),
    );

    app.post(
      '/api2/device/scan/auth',
      {
        config: { validationError: AuthoriseErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Authorize (lend) to organizations until expireTime; a recalled or expired authorization is restored',
          body: authorizeBody,
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await auths.authorize(scope(req), req.body)),
    );

    app.get(
      '/api2/device/scan/auth/:id',
      {
        config: { validationError: ExtendErrors.notFound },
        schema: {
          tags,
          security,
          summary: 'Authorization detail',
          params: z.object({ id: z.uuid() }),
          response: { 200: envelope(authorizationRow) },
        },
      },
      async (req) => ok(await auths.authDetail(scope(req), req.params.id)),
    );

    app.put(
      '/api2/device/scan/auth',
      {
        config: { validationError: ExtendErrors.numberError },
        schema: {
          tags,
          security,
          summary: 'Change the end of an authorization (the only change the authorizer may make)',
          body: editAuthBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await auths.editAuth(scope(req), req.body)),
    );

    app.delete(
      '/api2/device/scan/auth',
      {
        config: { validationError: RecycleErrors.error },
        schema: {
          tags,
          security,
          summary: 'Recall (recycle) an authorization; authorizing again restores it',
          body: recallAuthBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await auths.recall(scope(req), req.body)),
    );

    app.post(
      '/api2/device/scan/batchAuthTime',
      {
        config: { validationError: ExtendErrors.failed },
        schema: {
          tags,
          security,
          summary: 'Bulk extension of authorizations',
          body: batchAuthTimeBody,
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await auths.batchAuthTime(scope(req), req.body)),
    );

    app.get(
      '/api2/device/scan/user/:id',
      {
        config: { validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: 'People who may use the device (id: the device)',
          params: z.object({ id: z.uuid() }),
          response: { 200: envelope(z.array(deviceUserRow)) },
        },
      },
      async (req) => ok(await deviceUsers.listDeviceUsers(scope(req), req.params.id)),
    );

    app.delete(
      '/api2/device/scan/user/:id',
      {
        config: { validationError: DeviceUserDeleteErrors.invalidUser },
        schema: {
          tags,
          security,
          summary: 'Remove a device user (id: the entry; only who added it)',
          params: z.object({ id: z.uuid() }),
          response: { 200: done },
        },
      },
      async (req) => ok(await deviceUsers.deleteDeviceUser(scope(req), req.params.id)),
    );

    app.post(
      '/api2/device/scan/v2/user',
      {
        config: { validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: 'Add people (username or e-mail) with a validity window',
          body: addDeviceUserBody.extend({ number: z.string().trim().max(64) }),
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await deviceUsers.addDeviceUsers(scope(req), req.body)),
    );

    app.put(
      '/api2/device/scan/v2/user',
      {
        config: { validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: "Change a device user's validity window",
          body: editDeviceUserBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await deviceUsers.editDeviceUser(scope(req), req.body)),
    );

    app.get(
      '/api2/device/scan/receiver/:id',
      {
        config: { validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            'Receivers of a device (id: device id or serial); one row per case type, hidden fields null',
          params: z.object({ id: z.string().trim().min(1).max(64) }),
          response: { 200: envelope(z.array(receiverRow)) },
        },
      },
      async (req) => ok(await receivers.listReceivers(scope(req), req.params.id)),
    );

    app.post(
      '/api2/device/scan/receivers',
      {
        config: { validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            "Receiver records across the organization's devices, paged, sorted by registTime (the guide's check)",
          body: receiverPageBody,
          response: { 200: envelope(paged(receiverRecord)) },
        },
      },
      async (req) => ok(await receivers.receiverPage(scope(req), req.body)),
    );

    app.post(
      '/api2/device/scan/receiver',
      {
        config: { validationError: ReceiverAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: 'Add a receiver organization for case types',
          body: addReceiverBody.extend({ number: z.string().trim().max(64) }),
          response: { 200: envelope(z.object({ code: z.literal(0), added: z.array(z.number().int()) })) },
        },
      },
      async (req) => ok(await receivers.addReceiver(scope(req), req.body)),
    );

    app.delete(
      '/api2/device/scan/receiver',
      {
        config: { validationError: ReceiverDeleteErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: 'Delete receiver entries (only the account that added them)',
          body: deleteReceiverBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await receivers.deleteReceivers(scope(req), req.body)),
    );

    app.get(
      '/cust/clinic/find',
      {
        schema: {
          tags,
          security,
          summary: 'Receiver search by name, or exact e-mail/phone where the privacy bits allow (at most 10)',
          querystring: receiverSearchQuery,
          response: { 200: envelope(z.array(receiverSearchResult)) },
        },
      },
      async (req) => ok(await receivers.searchReceivers(scope(req), req.query.key, req.query.max)),
    );

    // Device registry: the platform administrator's back office (/manager).
    const admin = ['admin'];
    app.get(
      '/api2/admin/device/registry',
      {
        schema: {
          tags: admin,
          security,
          summary: 'Registry of manufactured devices',
          querystring: registryListQuery,
          response: { 200: envelope(paged(registryRow)) },
        },
      },
      async (req) => ok(await registry.listRegistry(db, requireActor(req), req.query)),
    );
    app.post(
      '/api2/admin/device/registry',
      {
        schema: {
          tags: admin,
          security,
          summary: 'Add one device to the registry',
          body: addRegistryBody,
          response: { 200: envelope(z.object({ serial: z.string() })) },
        },
      },
      async (req) =>
        ok(await registry.addToRegistry(db, requestContext(req), requireActor(req), config.area, req.body)),
    );
    app.post(
      '/api2/admin/device/registry/import',
      {
        schema: {
          tags: admin,
          security,
          summary:
            'CSV import (serial,bindCode[,area]); answers what was imported and each refused row with its reason',
          body: importRegistryBody,
          response: { 200: envelope(importReport) },
        },
      },
      async (req) =>
        ok(
          await registry.importRegistry(
            db,
            requestContext(req),
            requireActor(req),
            config.area,
            req.body.csv,
          ),
        ),
    );
  };
