import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDeviceUserBody,
  batchResult,
  DeviceUserAddErrors,
  DeviceUserDeleteErrors,
  deviceUserRow,
  editDeviceUserBody,
  envelope,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './devices.scope.ts';
import { done, security, tags } from './devices.http.ts';
import * as deviceUsers from './device-users.service.ts';

/** People who may use a device within a window (device-users.service.ts). */
export const deviceUsersRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/device/scan/user/:id',
      {
        config: { access: 'member', validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            'People who may use the device (id: the device). The owner sees all; a borrower the people it added or its own',
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(z.array(deviceUserRow)) },
        },
      },
      async (req) => ok(await deviceUsers.listDeviceUsers(scopeOf(db, req), req.params.id)),
    );

    app.delete(
      '/api2/device/scan/user/:id',
      {
        config: { access: 'member', validationError: DeviceUserDeleteErrors.invalidUser },
        schema: {
          tags,
          security,
          summary: "Remove a device user (id: the entry; the device's owner, or the account that added it)",
          params: z.object({ id: uuidParam }),
          response: { 200: done },
        },
      },
      async (req) => ok(await deviceUsers.deleteDeviceUser(scopeOf(db, req), req.params.id)),
    );

    app.post(
      '/api2/device/scan/v2/user',
      {
        config: { access: 'member', validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary:
            "Add members of the caller's organization (username or e-mail) with a validity window; a borrower's window ends with its authorization",
          body: addDeviceUserBody,
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await deviceUsers.addDeviceUsers(scopeOf(db, req), req.body)),
    );

    app.put(
      '/api2/device/scan/v2/user',
      {
        config: { access: 'member', validationError: DeviceUserAddErrors.invalidParameters },
        schema: {
          tags,
          security,
          summary: "Change a device user's validity window",
          body: editDeviceUserBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await deviceUsers.editDeviceUser(scopeOf(db, req), req.body)),
    );
  };
