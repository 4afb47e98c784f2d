import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './error-handler.ts';

/** Hashed build output (`/v5/assets/<name>-<hash>.<ext>`): its content never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA under /v5/ with history fallback; `/` goes to it. Unknown paths answer code 200.
 *
 * The build writes `.br` and `.gz` beside each asset (apps/web/vite.config.ts); `preCompressed` picks the best one
 * the client accepts (brotli, then gzip, then the plain file) and adds `Vary: Accept-Encoding`. Hashed files under
 * `assets/` are cached for a year; everything else (index.html, identitySettings…) is revalidated on every visit.
 */
export function registerWebApp(app: FastifyInstance, webDist: string): void {
  app.get('/', { schema: { hide: true }, config: { access: 'public' } }, (_req, reply) =>
    reply.redirect('/v5/'),
  );
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const assetsDir = path.join(path.resolve(webDist), 'assets') + path.sep;
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      prefix: '/v5/',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header('cache-control', path.resolve(file).startsWith(assetsDir) ? IMMUTABLE : 'no-cache'),
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build -w @archway/web`');
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      hasWeb &&
      req.method === 'GET' &&
      (req.url === '/v5' || req.url.startsWith('/v5/')) &&
      !path.extname(req.url.split('?')[0]!);
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendNotFound(req, reply);
  });
}
