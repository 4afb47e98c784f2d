import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ErrorDef } from '@archway/contract';
import { audit } from './audit/audit.ts';
import type { Queryable } from './db/client.ts';

/**
 * The audit of refusals made outside services: the access hook (401 no session, member without an
 * organization, non-administrator on an admin route) and invalid input (the error handler). Services audit
 * their own refusals.
 *
 * Bound (per process, rolling one-minute windows), so that nobody can grow the log without limit:
 * - anonymous callers: one row per client address per minute (IPv6 counted per /64), and at most
 *   `anonymousPerMinute` rows per minute over all anonymous callers;
 * - signed-in callers: at most `userPerMinute` rows per user per minute.
 * Refusals past a bound are counted, not written; the next row written for that caller carries the count
 * (`detail.suppressed`). At most `maxTracked` callers are tracked at once (the oldest window is dropped first).
 */
export interface RefusalAuditLimits {
  anonymousPerMinute: number;
  userPerMinute: number;
  maxTracked: number;
}

export const DEFAULT_REFUSAL_LIMITS: RefusalAuditLimits = {
  anonymousPerMinute: 600,
  userPerMinute: 30,
  maxTracked: 10_000,
};

const WINDOW_MS = 60_000;
const MAX_ID = 300;

/** The part of an address that one caller controls: an IPv4 address, or the /64 of an IPv6 one. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** What was attempted: the route (method and pattern) and its path parameters, bounded. */
export function attemptedObject(req: FastifyRequest): string {
  const route = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
  const params = Object.entries((req.params ?? {}) as Record<string, unknown>)
    .filter(([k]) => k !== '*')
    .map(([k, v]) => `${k}=${String(v).slice(0, 100)}`);
  return (params.length ? `${route} ${params.join('&')}` : route).slice(0, MAX_ID);
}

interface Window {
  start: number;
  written: number;
  suppressed: number;
}

export function createRefusalAuditor(
  db: Queryable,
  log: FastifyBaseLogger,
  limits: RefusalAuditLimits = DEFAULT_REFUSAL_LIMITS,
  now: () => number = Date.now,
) {
  const windows = new Map<string, Window>();
  let anonymous: Window = { start: 0, written: 0, suppressed: 0 };

  const windowOf = (key: string, t: number): Window => {
    let w = windows.get(key);
    if (w && t - w.start >= WINDOW_MS) {
      windows.delete(key);
      w = { start: t, written: 0, suppressed: w.suppressed };
    }
    if (!w) {
      while (windows.size >= limits.maxTracked) windows.delete(windows.keys().next().value!);
      w = { start: t, written: 0, suppressed: 0 };
    }
    windows.set(key, w); // re-insert: the map stays ordered by window start, oldest first
    return w;
  };

  /** Whether this refusal gets a row; when it does, how many earlier ones of the caller were not written. */
  const admit = (req: FastifyRequest): { suppressed: number } | undefined => {
    const t = now();
    const signedIn = Boolean(req.actor);
    const w = windowOf(signedIn ? `user:${req.actor!.userId}` : `ip:${addressKey(req.ip)}`, t);
    if (!signedIn && t - anonymous.start >= WINDOW_MS) anonymous = { start: t, written: 0, suppressed: 0 };
    const perCaller = signedIn ? limits.userPerMinute : 1;
    if (w.written >= perCaller || (!signedIn && anonymous.written >= limits.anonymousPerMinute)) {
      w.suppressed++;
      return undefined;
    }
    w.written++;
    if (!signedIn) anonymous.written++;
    const suppressed = w.suppressed;
    w.suppressed = 0;
    return { suppressed };
  };

  const record = async (req: FastifyRequest, action: string, def: ErrorDef, field?: string) => {
    const admitted = admit(req);
    if (!admitted) return;
    try {
      await audit(
        db,
        { ip: req.ip, requestId: req.id },
        {
          actorUserId: req.actor?.userId ?? null,
          actorCustId: req.actor?.custId ?? null,
          action,
          objectType: 'route',
          objectId: attemptedObject(req),
          outcome: 'refused',
          detail: {
            code: def.code,
            key: def.key,
            ...(field ? { field: field.slice(0, 200) } : {}),
            ...(admitted.suppressed ? { suppressed: admitted.suppressed } : {}),
          },
        },
      );
    } catch (err) {
      // The refusal itself stands; a failing audit write must not turn it into a 500.
      log.warn({ err, reqId: req.id }, 'refusal audit failed');
    }
  };

  return {
    /** The access hook refused (no session, no organization, not an administrator). */
    onAccessRefused: (req: FastifyRequest, def: ErrorDef) => record(req, 'route.access', def),
    /** The error handler answered invalid input with the call's parameter error. */
    onInputRefused: (req: FastifyRequest, def: ErrorDef, field: string | undefined) =>
      record(req, 'route.input', def, field),
    /** Callers currently tracked (for tests). */
    get tracked() {
      return windows.size;
    },
  };
}
