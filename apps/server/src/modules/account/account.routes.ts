import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  identitySettings,
  loginBody,
  OIDC_CLIENT_ID,
  SignInErrors,
  tokenBody,
  tokenResponse,
  type Region,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestContext } from '../../platform/auth.ts';
import { createProvider, webUrls } from '../../platform/identity/provider.ts';
import type { IdentitySecrets } from '../../platform/identity/secrets.ts';
import { ACCESS_TOKEN_TTL, REMEMBER_TOKEN_TTL } from '../../platform/identity/tokens.ts';
import type { Platform } from '../../platform/platform.ts';
import { accountClaims, actorFor, authenticate } from '../users/users.service.ts';

/** Region of the page host: cn, eu and in hosts have their own; everything else is en. */
export function regionOf(host: string): Region {
  const labels = host.toLowerCase().split(':')[0]!.split('.');
  for (const r of ['cn', 'eu', 'in'] as const) if (labels.includes(r)) return r;
  return 'en';
}

export const accountRoutes =
  (platform: Platform, secrets: IdentitySecrets): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, db, tokens } = platform;
    const provider = createProvider(config, db, secrets, (id) => accountClaims(db, id));
    const urls = webUrls(config.publicUrl);

    app.get(
      '/v5/identitySettings.json',
      {
        schema: {
          tags: ['sign-in'],
          summary: 'Settings the web app builds its OpenID Connect sign-in manager from (not enveloped)',
          querystring: z.object({
            timestamp: z.string().optional(),
            token: z.enum(['en', 'eu', 'in', 'cn']).optional(),
          }),
          response: { 200: identitySettings },
        },
      },
      async (req) => ({
        authority: tokens.issuer,
        client_id: OIDC_CLIENT_ID,
        redirect_uri: urls.redirect,
        silent_redirect_uri: urls.silentRenew,
        post_logout_redirect_uri: urls.postLogout,
        response_type: 'code' as const,
        scope: 'openid profile api',
        region: req.query.token ?? regionOf(req.host),
        demo: config.demo,
      }),
    );

    app.post(
      '/v5/login/:uid',
      {
        schema: {
          tags: ['sign-in'],
          summary: "The sign-in page's form: finishes the OpenID interaction and says where to go next",
          params: z.object({ uid: z.string().min(1).max(100) }),
          body: loginBody,
          response: { 200: envelope(z.object({ redirectTo: z.string() })) },
        },
      },
      async (req, reply) => {
        const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== req.params.uid) throw new AppError(SignInErrors.interactionExpired);
        const user = await authenticate(db, requestContext(req), req.body.username, req.body.password);
        const redirectTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: user.id } },
          { mergeWithLastSubmission: false },
        );
        return ok({ redirectTo });
      },
    );

    app.post(
      '/account/token',
      {
        schema: {
          tags: ['sign-in'],
          summary:
            'Password sign-in for the simulate-login dialog, scripts and the scanner; returns AccessToken',
          body: tokenBody,
          response: { 200: envelope(tokenResponse) },
        },
      },
      async (req) => {
        const user = await authenticate(db, requestContext(req), req.body.username, req.body.password);
        const actor = await actorFor(db, user.id, req.body.custId);
        const ttl = req.body.remember ? REMEMBER_TOKEN_TTL : ACCESS_TOKEN_TTL;
        const token = await tokens.sign(user.id, { ttl, custId: actor?.custId ?? undefined });
        return ok({ AccessToken: token, ExpiresIn: ttl });
      },
    );

    // The OpenID provider itself (discovery, authorize, token, jwks, end-session …) under /oidc.
    // It reads its own request bodies, so this scope has no body parsers.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      const handle = provider.callback();
      const mount = (req: { raw: IncomingMessage & { originalUrl?: string } }) => {
        req.raw.originalUrl = req.raw.url;
        req.raw.url = req.raw.url!.slice('/oidc'.length) || '/';
      };
      scope.all('/oidc', { schema: { hide: true } }, (req, reply) => {
        reply.hijack();
        mount(req);
        handle(req.raw, reply.raw);
      });
      scope.all('/oidc/*', { schema: { hide: true } }, (req, reply) => {
        reply.hijack();
        mount(req);
        handle(req.raw, reply.raw);
      });
    });
  };
