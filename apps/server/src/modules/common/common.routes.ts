import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, Languages, safeString, servicesMap, setLanguageQuery } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import { setLanguage } from '../users/users.service.ts';
import * as service from './common.service.ts';

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

    app.post(
      '/Common/SetLanguage',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['common'],
          summary: "Store the signed-in user's server language (only zh or en)",
          security: [{ bearer: [] }],
          querystring: setLanguageQuery,
          response: { 200: envelope(z.object({ culture: z.string(), returnUrl: z.string().nullable() })) },
        },
      },
      async (req) => {
        await setLanguage(db, requireActor(req), req.query.culture);
        return ok({ culture: req.query.culture, returnUrl: req.query.returnUrl ?? null });
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
