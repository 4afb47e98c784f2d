import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { DEFAULT_ACCESS } from './access.ts';
import { LOGOUT_SCRIPT } from './identity/provider.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline `<script>` bodies of the built pages (index.html, silent-renew.html …): each is allowed by its hash. */
export function inlineScriptHashes(webDist: string): string[] {
  if (!existsSync(webDist)) return [];
  const hashes = new Set<string>();
  for (const name of readdirSync(webDist)) {
    if (!name.endsWith('.html')) continue;
    const html = readFileSync(path.join(webDist, name), 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
      if (m[1]!.trim()) hashes.add(sha256(m[1]!));
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy of every answer. The SPA (Vite build, antd CSS-in-JS) and the API description
 * (swagger-ui at /docs) work under it: scripts from this origin plus the hashed inline scripts of the built
 * pages and the provider's logout page; styles may be inline (antd injects <style> elements); images also
 * from any https address (avatars) and as data: URIs, fonts as data: URIs; calls to this origin, PUBLIC_URL's and the moved services' (SERVICE_URLS).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const publicOrigin = new URL(config.publicUrl).origin;
  const serviceOrigins = Object.values(config.serviceUrls).map((u) => new URL(u).origin);
  const self = ["'self'", publicOrigin];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(config.webDist), sha256(LOGOUT_SCRIPT)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars may live elsewhere (e.g. a WeChat profile picture): any https image; no Referer is sent with it.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...new Set([...self, ...serviceOrigins])],
    // The silent-renew iframe of oidc-client-ts (this origin, then the provider at PUBLIC_URL).
    'frame-src': [...new Set(self)],
    'form-action': [...new Set(self)],
    'frame-ancestors': config.frameAncestors,
    'object-src': ["'none'"],
  };
  if (publicOrigin.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet's options for this configuration (exported for the test that compares with helmet's own answer). */
export function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  const othersMayFrame = config.frameAncestors.some((a) => a !== "'self'");
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    xFrameOptions: othersMayFrame ? false : { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // A page of another origin allowed to embed the app may also open it and hand it a token: keep the opener then.
    crossOriginOpenerPolicy: othersMayFrame ? false : { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for `options`, in its order, computed once: every value here is fixed by the
 * configuration (no nonce, no directive computed per request).
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers on every answer (helmet's): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer` (sign-in codes and tokens in URLs never leak), HSTS only when PUBLIC_URL is https,
 * and `X-Frame-Options: SAMEORIGIN` for old browsers only when nobody else may frame the app.
 * Written on the raw response, so answers the OpenID provider writes itself (/oidc, hijacked) get them too.
 * Helmet computes them once at start (@fastify/helmet built a helmet middleware, parsing every directive, on each
 * request: issue 35); each request only sets them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders(helmetOptions(config));
  const count = headers.length;
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (let i = 0; i < count; i++) res.setHeader(headers[i]![0], headers[i]![1]);
    done();
  });
  registerPrivateNoStore(app);
}

/**
 * `Cache-Control: no-store` on every private answer, set once here rather than route by route: an answer to a
 * signed-in caller (a valid token), or from a route that is not public (its 401 included). A route that set its
 * own Cache-Control keeps it (downloads say `private, no-store`; a preview image whose address changes with it may
 * be kept). Public answers to anonymous callers (the web app's files, the API description, public calls) are left
 * as they are; so are unknown paths.
 */
export function registerPrivateNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.is404 && !reply.hasHeader('cache-control')) {
      // `actor` is set by registerAuth (platform/auth.ts) in an onRequest hook.
      const signedIn = Boolean(req.actor);
      const access = req.routeOptions.config?.access ?? DEFAULT_ACCESS;
      if (signedIn || access !== 'public') reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
