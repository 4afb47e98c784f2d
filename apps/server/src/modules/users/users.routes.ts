import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUser,
  envelope,
  pageControl,
  safeString,
  setLanguageQuery,
  updateUserBody,
  userLanguageBody,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './users.service.ts';
import { profileRoutes } from './profile.routes.ts';

const secured = { security: [{ bearer: [] }] };

/**
 * The signed-in user: `/user/current`, `/api2/user`, `/user/control/page`, and the personal centre's changes
 * (profile.routes.ts). Organizations are modules/orgs.
 */
export const usersRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    await app.register(profileRoutes(platform));
    for (const [path, summary] of [
      ['/user/current', 'The signed-in user (carries custType)'],
      ['/api2/user', 'The signed-in user (account host)'],
    ] as const) {
      app.get(
        path,
        {
          config: { access: 'signedIn' },
          schema: { ...secured, tags: ['users'], summary, response: { 200: envelope(currentUser) } },
        },
        async (req) => ok(await service.currentUser(db, requireActor(req))),
      );
    }

    // Under the common service's path (calls-and-errors), but it stores the user's language.
    app.post(
      '/Common/SetLanguage',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['common'],
          summary: "Store the signed-in user's server language (only zh or en)",
          description:
            'The spec’s call, kept as it is. The culture is stored only when the stored language does not already ' +
            'belong to it, so a full language from `PUT /api2/user/language` (de, ja, zh-tw …) is not replaced.',
          security: [{ bearer: [] }],
          querystring: setLanguageQuery,
          response: { 200: envelope(z.object({ culture: z.string(), returnUrl: z.string().nullable() })) },
        },
      },
      async (req) => {
        await service.setLanguage(db, requireActor(req), req.query.culture);
        return ok({ culture: req.query.culture, returnUrl: req.query.returnUrl ?? null });
      },
    );

    app.put(
      '/api2/user/language',
      {
        config: { access: 'signedIn' },
        schema: {
          ...secured,
          tags: ['users'],
          summary: "Store the signed-in user's full language and time zone (mail, text messages, exports)",
          description:
            'Archway’s addition (issue 34). `/Common/SetLanguage` keeps the spec’s culture, zh or en, which cannot ' +
            'say German or Traditional Chinese; this call stores the interface language (one of the 15) and the ' +
            'browser’s IANA time zone. Every mail, text message and export to the person is then written in that ' +
            'language, dates and times in its format and that time zone. The web sends it with SetLanguage on a ' +
            'language change, and once after sign-in when the stored pair differs from the browser’s. SetLanguage ' +
            'afterwards stores its culture only when the stored language is not of it (de stays under en, zh-tw ' +
            'under zh). Refusals: generic.validation (a language not of the 15, a time zone the runtime does not ' +
            'know).',
          body: userLanguageBody,
          response: { 200: envelope(userLanguageBody) },
        },
      },
      async (req) => ok(await service.setFullLanguage(db, requireActor(req), req.body)),
    );

    app.put(
      '/api2/user',
      {
        config: { access: 'signedIn' },
        schema: {
          ...secured,
          tags: ['users'],
          summary: 'Update the user property (shallow merge; a null value removes the key)',
          body: updateUserBody,
          response: { 200: envelope(z.object({ property: currentUser.shape.property })) },
        },
      },
      async (req) =>
        ok({
          property: await service.updateUserProperty(
            db,
            requestContext(req),
            requireActor(req),
            req.body.property,
          ),
        }),
    );

    app.get(
      '/user/control/page',
      {
        config: { access: 'signedIn' },
        schema: {
          ...secured,
          tags: ['users'],
          summary: 'Optional-screen switches: content.thirdPageControl {order, compare, builder}',
          querystring: z.object({ timestamp: safeString(32).optional() }),
          response: { 200: pageControl },
        },
      },
      async (req) => service.pageControl(platform.db, requireActor(req)),
    );
  };
