import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindBody,
  bindResult,
  DeviceErrors,
  deviceListBody,
  deviceRow,
  envelope,
  paged,
  resellBody,
  unbindBody,
  updateDeviceBody,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { onMembershipEnd } from '../members/members.service.ts';
import { scopeOf } from './devices.scope.ts';
import { done, security, tags } from './devices.http.ts';
import * as devices from './devices.service.ts';
import { authorizationsRoutes } from './authorizations.routes.ts';
import { deviceUsersRoutes } from './device-users.routes.ts';
import { endWindowsOfMembership } from './device-users.service.ts';
import { receiversRoutes } from './receivers.routes.ts';
import { registryRoutes } from './registry.routes.ts';

/** Binding, the device lists, detail, update, transfer (devices.service.ts). */
export const deviceRoutes =
  ({ db, config }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const member = { access: 'member' as const, validationError: DeviceErrors.parameter };

    app.post(
      '/api2/device/scan/regist',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Bind a device (a lab becomes receiver of its own device for case types 1, 2, 3)',
          body: bindBody,
          response: { 200: envelope(bindResult) },
        },
      },
      async (req) => ok(await devices.bind(scopeOf(db, req), config.area, req.body)),
    );

    app.post(
      '/api2/device/scan/unregist',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Unbind a device (needs the device code; refused during an authorization period)',
          body: unbindBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.unbind(scopeOf(db, req), req.body)),
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
          config: member,
          schema: {
            tags,
            security,
            summary: `${summary}; each row carries the caller's role and actions`,
            body: deviceListBody,
            response: { 200: envelope(paged(deviceRow)) },
          },
        },
        async (req) => ok(await devices.list(scopeOf(db, req), which, req.body)),
      );
    }

    app.get(
      '/api2/device/scan/:id',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Device detail',
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(deviceRow) },
        },
      },
      async (req) => ok(await devices.detail(scopeOf(db, req), req.params.id)),
    );

    app.put(
      '/api2/device/scan',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Update name, memo, encryption and default decryption format (owner)',
          body: updateDeviceBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.update(scopeOf(db, req), req.body)),
    );

    app.post(
      '/api2/device/scan/resell',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Transfer: ownership moves at once; the receiver gets all rights, the sender none',
          body: resellBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await devices.resell(scopeOf(db, req), req.body)),
    );
  };

/** The devices module: every device plugin, registered from this one place. */
export const devicesRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    onMembershipEnd(endWindowsOfMembership);
    await app.register(deviceRoutes(platform));
    await app.register(authorizationsRoutes(platform));
    await app.register(deviceUsersRoutes(platform));
    await app.register(receiversRoutes(platform));
    await app.register(registryRoutes(platform));
  };
