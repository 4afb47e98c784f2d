import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, Languages, safeString, servicesMap } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './common.service.ts';

/** `/common/services`, the cloud texts and `/healthz`. `/Common/SetLanguage` is the user's: users.routes.ts. */
export const commonRoutes =
  ({ config, db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/common/services',
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary:
            'Map of lower-cased service names to base URLs; every documented path is served under its service. ' +
            'Services not moved by SERVICE_URLS answer PUBLIC_URL.',
          response: { 200: envelope(servicesMap) },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(service.serviceMap(config));
      },
    );

    app.get(
      '/api/translate/languageContent/cloud',
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary: "Texts that override the web app's built-in ones; data.content is a JSON string",
          querystring: z.object({ lang: z.enum(Languages), timestamp: safeString(32).optional() }),
          response: { 200: envelope(z.object({ content: z.string() })) },
        },
      },
      async (req) => ok({ content: await service.languageContent(db, req.query.lang) }),
    );

    app.get(
      '/healthz',
      { config: { access: 'public' }, schema: { tags: ['common'], summary: 'Liveness and database check' } },
      async () => {
        await service.health(db);
        return { status: 'ok' };
      },
    );
  };
