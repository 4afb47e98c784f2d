import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { bearerToken } from '../auth.ts';
import type { Metrics } from './metrics.ts';

/** The route label of a request that matched no route: one label for every unknown path. */
export const UNMATCHED = 'unmatched';

/**
 * Counts every answered request under its route pattern (`/api/case/:id`, never the raw URL, so the number of series
 * stays the number of routes) and status, with its time. Register before the routes.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.is404 ? UNMATCHED : (req.routeOptions.url ?? UNMATCHED);
    metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return a === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(a);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read `/metrics` (README "Metrics and health", docs/decisions.md):
 * - anyone presenting `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
 * - without it, a caller on this machine only: the connection comes from a loopback address, the client address
 *   Fastify derives (which follows X-Forwarded-For only through the proxies TRUST_PROXY names) is loopback too, and,
 *   when no proxy is trusted, the request carries no forwarding header. A reverse proxy on the same host therefore
 *   never makes the whole internet "loopback": declared (TRUST_PROXY), the real client's address counts; undeclared,
 *   its X-Forwarded-For gives it away.
 */
export function metricsAllowed(
  req: FastifyRequest,
  config: Pick<Config, 'metricsToken' | 'trustProxy'>,
): boolean {
  const given = bearerToken(req.headers.authorization);
  if (config.metricsToken && given !== undefined)
    return timingSafeEqual(digest(given), digest(config.metricsToken));
  if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) return false;
  return config.trustProxy !== false || !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

/**
 * `GET /metrics`: Prometheus' text format. Public as far as the access hook goes (it knows people, not scrapers); the
 * route checks its own rule and answers a refused caller exactly like an unknown path (HTTP 404), so the endpoint is
 * not advertised. Scrapes are not audited (one every few seconds would drown the audit log); refusals are logged at
 * debug level.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  config: Pick<Config, 'metricsToken' | 'trustProxy'>,
): void {
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      // Operational, not part of the API: README "Metrics and health".
      schema: { hide: true },
    },
    async (req, reply) => {
      if (!metricsAllowed(req, config)) {
        req.log.debug({ address: req.socket.remoteAddress, ip: req.ip }, 'metrics refused');
        return reply.callNotFound();
      }
      const text = await metrics.scrape();
      return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
