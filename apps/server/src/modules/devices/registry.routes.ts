import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRegistryBody,
  envelope,
  importRegistryBody,
  importReport,
  paged,
  registryListQuery,
  registryRow,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import { security } from './devices.http.ts';
import * as registry from './registry.service.ts';

/** The device registry: the platform administrator's back office (/manager; registry.service.ts). */
export const registryRoutes =
  ({ db, config }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.get(
      '/api2/admin/device/registry',
      {
        config: { access: 'admin' },
        schema: {
          tags,
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
        config: { access: 'admin' },
        schema: {
          tags,
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
        config: { access: 'admin' },
        schema: {
          tags,
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
