import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { CustDisabledErrors, CustErrors, GenericErrors, type ErrorDef } from '@archway/contract';
import { AppError } from './errors.ts';

/**
 * Who may call a route, declared in its options: `config: { access: 'member' }`.
 * - `public`: anyone.
 * - `signedIn`: a valid access token (else HTTP 401, code 401).
 * - `member`: signed in and the actor has an organization (else `CustErrors.missing`, or `cust.disabled` when the
 *   only organization the person belongs to was disabled by the platform administrator).
 * - `admin`: a platform administrator (else HTTP 403, code 100).
 * A route that declares nothing is treated as `signedIn`; `access.test.ts` fails naming it.
 */
export const AccessLevels = ['public', 'signedIn', 'member', 'admin'] as const;
export type Access = (typeof AccessLevels)[number];

/** One registered route and what it declared (undefined: nothing, so `DEFAULT_ACCESS` applies). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (see `platform/access.ts`). */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered after `registerAccess`, with its declared access (for the declaration test). */
    routeAccess: readonly RouteAccess[];
  }
}

/** What a route without a declaration gets: anonymous callers are refused. */
export const DEFAULT_ACCESS: Access = 'signedIn';

/**
 * Routes that plugins register, which cannot take our route options: the API description (`/docs…`),
 * the built SPA's files (`/v5/*` from @fastify/static) and the `/` redirect to it. All public.
 */
const PLUGIN_PUBLIC_ROUTES = [/^\/docs(\/.*)?$/, /^\/v5\/?\*?$/, /^\/$/];

export const isPluginPublicRoute = (url: string): boolean => PLUGIN_PUBLIC_ROUTES.some((r) => r.test(url));

/** The declared access of a route, or undefined when it declares nothing. */
export const declaredAccess = (route: Pick<RouteOptions, 'config'>): Access | undefined =>
  (route.config as { access?: Access } | undefined)?.access;

/** Called once for each refusal the access hook makes (the audit, see `platform/refusals.ts`). */
export type RefusalListener = (req: FastifyRequest, def: ErrorDef) => Promise<void> | void;

/** Why `access` refuses this request, or undefined when it may proceed. */
export function accessRefusal(access: Access, req: FastifyRequest): ErrorDef | undefined {
  if (access === 'public') return undefined;
  const actor = req.actor;
  if (!actor) return GenericErrors.sessionExpired;
  if (access === 'member' && !actor.custId)
    return actor.custDisabled ? CustDisabledErrors.disabled : CustErrors.missing;
  if (access === 'admin' && !actor.isAdmin) return GenericErrors.permission;
  return undefined;
}

/**
 * The one hook that enforces every route's declared access. Register it after `registerAuth` (which resolves
 * `req.actor` in its own onRequest hook) and before any module, so it sees every route.
 */
export function registerAccess(app: FastifyInstance, onRefused?: RefusalListener): void {
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (declaredAccess(route) === undefined && isPluginPublicRoute(route.url)) {
      route.config = { ...(route.config ?? {}), access: 'public' };
    }
    for (const method of [route.method].flat())
      table.push({ method, url: route.url, access: declaredAccess(route) });
  });
  app.addHook('onRequest', (req, _reply, done) => {
    // Unknown paths go to the not-found handler, which answers code 200 to anyone.
    if (req.is404) return done();
    const access = req.routeOptions.config.access ?? DEFAULT_ACCESS;
    const refusal = accessRefusal(access, req);
    if (!refusal) return done();
    // A refusal is audited first (platform/refusals.ts), then answered.
    Promise.resolve(onRefused?.(req, refusal)).then(
      () => done(new AppError(refusal)),
      (err: unknown) => done(err as Error),
    );
  });
}
