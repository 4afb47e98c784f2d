import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  identitySettings,
  loginBody,
  Regions,
  safeString,
  SignInErrors,
  tokenBody,
  tokenResponse,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerToken, requestContext } from '../../platform/auth.ts';
import { createProvider } from '../../platform/identity/provider.ts';
import type { IdentitySecrets } from '../../platform/identity/secrets.ts';
import { ACCESS_TOKEN_TTL, REMEMBER_TOKEN_TTL } from '../../platform/identity/tokens.ts';
import type { Platform } from '../../platform/platform.ts';
import { accountClaims, actorFor } from './actors.service.ts';
import { presentIdentitySettings } from './account.presenter.ts';
import { authenticate, purgeSignInCounters } from './account.service.ts';

export const accountRoutes =
  (platform: Platform, secrets: IdentitySecrets): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, db, tokens } = platform;
    const provider = createProvider(config, db, secrets, (id) => accountClaims(db, id));
    // A revoked grant's access tokens are refused from now on (actors.repository.ts); its open connections close.
    provider.on('grant.revoked', (_ctx: unknown, grantId: string) =>
      platform.realtime.disconnectGrant(grantId),
    );

    const purge = setInterval(
      () => purgeSignInCounters(db).catch((err) => app.log.warn({ err }, 'sign-in counter purge failed')),
      3600_000,
    );
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));

    app.get(
      '/v5/identitySettings.json',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sign-in'],
          summary:
            'Settings the web app builds its OpenID Connect sign-in manager from (not enveloped); ' +
            'every URL derives from PUBLIC_URL; brand is BRAND (a special brand hides help, privacy, model builder)',
          querystring: z.object({
            timestamp: safeString(32).optional(),
            token: z.enum(Regions).optional(),
          }),
          response: { 200: identitySettings },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return presentIdentitySettings({
          publicUrl: config.publicUrl,
          issuer: tokens.issuer,
          demo: config.demo,
          frameAncestors: config.frameAncestors,
          region: req.query.token,
          brand: config.brand,
        });
      },
    );

    app.post(
      '/v5/login/:uid',
      {
        config: { access: 'public' },
        schema: {
          tags: ['sign-in'],
          summary: "The sign-in page's form: finishes the OpenID interaction and says where to go next",
          params: z.object({ uid: safeString(100).min(1) }),
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
          // Signing in to the first-party app is its consent too (a relying party asking `offline_access` must
          // send prompt=consent, which this form answers with the sign-in).
          { login: { accountId: user.id }, consent: {} },
          { mergeWithLastSubmission: false },
        );
        return ok({ redirectTo });
      },
    );

    app.post(
      '/account/token',
      {
        config: { access: 'public' },
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
      // The provider is shown PUBLIC_URL's host and protocol (platform/identity/provider.ts) and the address
      // Fastify resolved under TRUST_PROXY, never what the caller claims in X-Forwarded-For.
      const mount = (req: { ip: string; raw: IncomingMessage & { originalUrl?: string } }) => {
        req.raw.headers['x-forwarded-for'] = req.ip;
        req.raw.originalUrl = req.raw.url;
        req.raw.url = req.raw.url!.slice('/oidc'.length) || '/';
      };
      // Userinfo: every access token the provider issues is a JWT for the API (resource indicator), which
      // oidc-provider's own userinfo refuses by design. A bearer JWT is answered here: the claims of a live account
      // (the token verified, its sessions not ended: req.actor) for the grant the one first-party client always has,
      // `openid profile`. Anything else (no token, an opaque one, a form-posted one) goes on to the provider.
      scope.route({
        method: ['GET', 'POST'],
        url: '/oidc/me',
        config: { access: 'public' },
        schema: { hide: true },
        handler: async (req, reply) => {
          if (bearerToken(req.headers.authorization)?.split('.').length !== 3) {
            reply.hijack();
            mount(req);
            handle(req.raw, reply.raw);
            return;
          }
          const claims = req.actor ? await accountClaims(db, req.actor.userId) : undefined;
          reply.header('cache-control', 'no-store');
          if (claims) return claims;
          reply.header(
            'www-authenticate',
            `Bearer realm="${tokens.issuer}", error="invalid_token", error_description="invalid token provided"`,
          );
          return reply
            .status(401)
            .send({ error: 'invalid_token', error_description: 'invalid token provided' });
        },
      });
      for (const path of ['/oidc', '/oidc/*']) {
        scope.all(path, { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
          reply.hijack();
          mount(req);
          handle(req.raw, reply.raw);
        });
      }
    });
  };
