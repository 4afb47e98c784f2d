import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, Languages, safeString, servicesMap } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { createReadiness, READINESS_CHECKS } from '../../platform/metrics/readiness.ts';
import * as service from './common.service.ts';

/**
 * `/common/services`, the cloud texts, `/healthz` (liveness) and `/readyz` (readiness). `/Common/SetLanguage` is the
 * user's: users.routes.ts.
 */
export const commonRoutes =
  ({ config, db, storage }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const readiness = createReadiness({ db, storage });

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

    const check = z.enum(['ok', 'failed']);
    app.get(
      '/readyz',
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary:
            "Readiness: the database answers, its migrations are this version's, and the file storage takes a write. " +
            '200 when all hold, 503 naming the checks that failed (why is logged, not answered).',
          response: {
            200: z.object({ status: z.literal('ready'), checks: z.record(z.enum(READINESS_CHECKS), check) }),
            503: z.object({
              status: z.literal('not ready'),
              checks: z.record(z.enum(READINESS_CHECKS), check),
            }),
          },
        },
      },
      async (req, reply) => {
        const r = await readiness();
        reply.header('cache-control', 'no-store');
        if (r.ready) return { status: 'ready' as const, checks: r.checks };
        req.log.warn({ failed: r.errors }, 'not ready');
        return reply.status(503).send({ status: 'not ready' as const, checks: r.checks });
      },
    );
  };
