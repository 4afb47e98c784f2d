import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Brands, brandIndexHtml, type Brand } from '@archway/contract';
import { sendNotFound } from './error-handler.ts';

/** Hashed build output (`/v5/assets/<name>-<hash>.<ext>`): its content never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA under /v5/ with history fallback; `/` goes to it. Unknown paths answer code 200.
 *
 * The build writes `.br` and `.gz` beside each asset (apps/web/vite.config.ts); `preCompressed` picks the best one
 * the client accepts (brotli, then gzip, then the plain file) and adds `Vary: Accept-Encoding`. Hashed files under
 * `assets/` are cached for a year; everything else (index.html, identitySettings…) is revalidated on every visit.
 *
 * A special brand (BRAND) on an unbranded build: the page itself (index.html, also as the history fallback) is
 * served with the brand's title, tab icon and splash, made once at start (`brandIndexHtml`; its inline scripts and
 * so their CSP hashes are unchanged), so the browser shows no other brand even before the app has started.
 */
export function registerWebApp(app: FastifyInstance, webDist: string, brand: Brand = Brands.archway): void {
  app.get('/', { schema: { hide: true }, config: { access: 'public' } }, (_req, reply) =>
    reply.redirect('/v5/'),
  );
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const assetsDir = path.join(path.resolve(webDist), 'assets') + path.sep;
  const built = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const branded = hasWeb ? brandIndexHtml(built, brand) : '';
  const rebrand = branded !== built;
  const sendPage = (reply: FastifyReply) =>
    rebrand
      ? reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(branded)
      : reply.header('cache-control', 'no-cache').sendFile('index.html');
  if (rebrand)
    for (const url of ['/v5/', '/v5/index.html'])
      app.get(url, { schema: { hide: true }, config: { access: 'public' } }, (_req, reply) =>
        sendPage(reply),
      );
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
    if (isPage) return sendPage(reply);
    return sendNotFound(req, reply);
  });
}
