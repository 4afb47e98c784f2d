import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { API_AUDIENCE, OIDC_CLIENT_ID } from '@archway/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { drizzleAdapter } from './oidc-adapter.ts';
import type { IdentitySecrets } from './secrets.ts';
import { ACCESS_TOKEN_TTL, GRANT_CLAIM } from './tokens.ts';

export interface AccountLookup {
  /** Claims of an existing, enabled account, or undefined. */
  (userId: string): Promise<{ sub: string; preferred_username: string; name: string } | undefined>;
}

/** The inline script of the provider's logout page (allowed by its hash in the CSP, platform/security-headers.ts). */
export const LOGOUT_SCRIPT = 'document.forms[0].submit()';

/** The OpenID scopes; the API's own scope (`api`) belongs to its resource indicator. */
const OIDC_SCOPES = ['openid', 'profile', 'offline_access'];

export const webUrls = (publicUrl: string) => ({
  redirect: `${publicUrl}/v5/account/signin-callback`,
  silentRenew: `${publicUrl}/v5/silent-renew.html`,
  postLogout: `${publicUrl}/v5/login`,
  /** The SPA's own sign-in page; it posts the form back to the same path. */
  interaction: (uid: string) => `/v5/login/${uid}`,
});

/**
 * The OpenID Connect provider (code + PKCE for the SPA, JWT access tokens for the API).
 * Mounted under /oidc by identity.routes.ts; all its state is in the database.
 */
export function createProvider(config: Config, db: Db, secrets: IdentitySecrets, findAccount: AccountLookup) {
  const urls = webUrls(config.publicUrl);
  const isHttps = config.publicUrl.startsWith('https:');
  const provider = new Provider(`${config.publicUrl}/oidc`, {
    adapter: drizzleAdapter(db),
    jwks: { keys: [secrets.signingKey] },
    // Secure cookies whenever people reach Archway over https (PUBLIC_URL), even behind a TLS-terminating proxy.
    cookies: { keys: secrets.cookieKeys, long: { secure: isHttps }, short: { secure: isHttps } },
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        // Refresh tokens for a relying party that asks `offline_access` (with prompt=consent, OpenID Core 11);
        // the SPA renews silently and asks none. They end with the sign-in session (expiresWithSession below).
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [urls.redirect, urls.silentRenew],
        post_logout_redirect_uris: [urls.postLogout],
      },
    ],
    pkce: { required: () => true },
    // The SPA exchanges its code from the browser: allow this deployment's own origin only.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    scopes: OIDC_SCOPES,
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx, id) {
      const claims = await findAccount(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => claims };
    },
    interactions: { url: (_ctx, interaction) => urls.interaction(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Archway's own sign-out button already asked; submit the provider's form at once.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Archway</title></head><body>${form.replace(
            '</form>',
            '<input type="hidden" name="logout" value="yes"/></form>',
          )}<script>${LOGOUT_SCRIPT}</script></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: API_AUDIENCE,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The grant an access token belongs to (`gid`), so the API refuses it once the grant is revoked: at
    // end-session, or when a spent refresh token is used again (the whole family ends). The API's access tokens
    // are JWTs the provider does not store; the grant is its stored state (auth.ts, account's actors.repository.ts).
    extraTokenClaims: async (_ctx, token) =>
      'grantId' in token && token.grantId ? { [GRANT_CLAIM]: token.grantId } : undefined,
    // Archway decision: signing out ends every token of the session, refresh tokens too (even `offline_access`
    // ones): a shared clinic computer is left signed out.
    expiresWithSession: async () => true,
    // First-party client: no consent screen; the grant covers what the client asks for of this provider's scopes
    // (always `openid profile` and the API, so every access token also reads userinfo: account.routes.ts).
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ??
        new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
      const granted = new Set(grant.getOIDCScope().split(' '));
      const asked = ['openid', 'profile', ...ctx.oidc.requestParamScopes].filter(
        (s) => OIDC_SCOPES.includes(s) && !granted.has(s),
      );
      if (existing && !asked.length) return existing;
      grant.addOIDCScope(asked.join(' '));
      grant.addResourceScope(API_AUDIENCE, 'api');
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      // At most the session's: a refresh token ends with its session anyway (expiresWithSession).
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Archway</title></head><body><p>${String(
        out.error,
      ).replace(/[<>&"]/g, '')}</p><p><a href="/v5/login">/v5/login</a></p></body></html>`;
    },
  });
  // The provider builds endpoint URLs (discovery, redirects) and cookie flags from the request's host and
  // protocol. It is shown PUBLIC_URL's, whatever Host or X-Forwarded-Host/-Proto the caller sent.
  provider.proxy = true;
  const callback = provider.callback.bind(provider);
  const pub = new URL(config.publicUrl);
  provider.callback = (() => {
    const handle = callback();
    return (req: IncomingMessage, res: ServerResponse) => {
      req.headers.host = pub.host;
      req.headers['x-forwarded-host'] = pub.host;
      req.headers['x-forwarded-proto'] = pub.protocol.slice(0, -1);
      delete req.headers.forwarded;
      return handle(req, res);
    };
  }) as typeof provider.callback;
  return provider;
}
