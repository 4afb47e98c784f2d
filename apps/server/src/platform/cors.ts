import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Request headers the web app's request layer sends (shared/request.ts), X-Time-Zone included. */
export const CORS_ALLOWED_HEADERS = [
  'Accept',
  'Accept-Language',
  'Authorization',
  'Content-Type',
  'X-Request-Id',
  'X-Time-Zone',
  // Case files: byte ranges, and tus 1.0 uploads (platform/uploads, which answers its own CORS headers).
  'Range',
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
];
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, PATCH';
/** Response headers the web app reads across origins: a download's name and length, a range's place. */
const EXPOSED_HEADERS = 'Content-Disposition, Content-Length, Content-Range';

/**
 * Cross-origin API calls. The web app is served from PUBLIC_URL; when SERVICE_URLS moves a service to another
 * host, the app calls that host across origins. So every process answers CORS for PUBLIC_URL's origin only
 * (same-origin calls never need it). Tokens travel in Authorization, not cookies: no credentials mode.
 * The OpenID provider (/oidc) answers its own CORS (its token endpoint checks the client's origin), untouched.
 */
export function registerCors(app: FastifyInstance, config: Config): void {
  const allowed = new URL(config.publicUrl).origin;
  const allowedHeaders = CORS_ALLOWED_HEADERS.join(', ');
  // A callback hook (no promise per request); most requests carry no Origin and leave at the first test.
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!origin || req.url === '/oidc' || req.url.startsWith('/oidc/')) return done();
    reply.header('vary', 'Origin');
    if (origin !== allowed) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply
        .status(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', allowedHeaders)
        .header('access-control-max-age', '600')
        .send();
      return;
    }
    done();
  });
}
