import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, Languages, ServiceNames, servicesMap, setLanguageQuery } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import { setLanguage } from '../users/users.service.ts';
import { translations } from './common.schema.ts';

export const commonRoutes =
  ({ config, db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/common/services',
      {
        schema: {
          tags: ['common'],
          summary:
            'Map of lower-cased service names to base URLs; every documented path is served under its service. ' +
            'Services not moved by SERVICE_URLS answer with the origin the caller used.',
          response: { 200: envelope(servicesMap) },
        },
      },
      async (req) => {
        const here = `${req.protocol}://${req.host}`;
        return ok(
          Object.fromEntries(ServiceNames.map((n) => [n, config.serviceUrls[n] ?? here])) as Record<
            string,
            string
          >,
        );
      },
    );

    app.post(
      '/Common/SetLanguage',
      {
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
        schema: {
          tags: ['common'],
          summary: "Texts that override the web app's built-in ones; data.content is a JSON string",
          querystring: z.object({ lang: z.enum(Languages), timestamp: z.string().optional() }),
          response: { 200: envelope(z.object({ content: z.string() })) },
        },
      },
      async (req) => {
        const [row] = await db.select().from(translations).where(eq(translations.lang, req.query.lang));
        return ok({ content: JSON.stringify(row?.content ?? {}) });
      },
    );

    app.get(
      '/healthz',
      { schema: { tags: ['common'], summary: 'Liveness and database check' } },
      async () => {
        await db.execute('select 1');
        return { status: 'ok' };
      },
    );
  };
