import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GenericErrors } from '@archway/contract';
import { AppError } from './errors.ts';
import type { RequestContext } from './audit/audit.ts';
import { ForeignIssuerError, type TokenService } from './identity/tokens.ts';

/** Who is calling: resolved from a verified access token on every request. */
export interface Actor {
  userId: string;
  username: string;
  custId: string | null;
  custType: number | null;
  isAdmin: boolean;
  /**
   * The person belongs to an organization the platform administrator disabled and acts for no other: `custId` is
   * null (a disabled organization counts like none) and calls needing an organization answer `cust.disabled`.
   */
  custDisabled?: boolean;
  /** The person's stored language (users.language, one of the 15) when set: names sort in its order. */
  language?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * `issuedAt`: the token's `iat` (seconds); a token issued before the account's sessions were ended is refused.
 * `grantId`: the OpenID provider's grant the token belongs to (its `gid` claim); once the grant is revoked (signed
 * out, or a refresh token replayed) the token is refused.
 */
export type ActorResolver = (
  userId: string,
  custId?: string,
  issuedAt?: number,
  grantId?: string,
) => Promise<Actor | undefined>;

/** The resolver's arguments from a verified token's claims. */
export const actorOfClaims = (resolve: ActorResolver, claims: Awaited<ReturnType<TokenService['verify']>>) =>
  resolve(claims.sub, claims.cid, claims.iat ?? 0, typeof claims.gid === 'string' ? claims.gid : undefined);

/** The token of an `Authorization: Bearer <token>` header; the scheme name in any letter case (RFC 7235). */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header ? /^bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header) : null;
  return m?.[1];
}

/** A token of another issuer is logged once per issuer within this long (a client retries with the same token). */
export const FOREIGN_ISSUER_LOG_MS = 10 * 60_000;

/**
 * Whether a token of issuer `received` should be logged now: once per issuer per FOREIGN_ISSUER_LOG_MS, at most 100
 * issuers remembered.
 */
function foreignIssuerLog(now: () => number = Date.now) {
  const last = new Map<string, number>();
  return (received: string): boolean => {
    const at = last.get(received);
    if (at !== undefined && now() - at < FOREIGN_ISSUER_LOG_MS) return false;
    if (last.size >= 100) last.clear();
    last.set(received, now());
    return true;
  };
}

/**
 * Reads `Authorization: Bearer …`; a missing, forged, expired or foreign token leaves no actor. A token this
 * installation signed for another issuer (a process started with another PUBLIC_URL) is refused the same way, and
 * said in one warning naming both issuers (never the token), so it does not pass for an expired session.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService, resolve: ActorResolver): void {
  app.decorateRequest('actor', null);
  const shouldLog = foreignIssuerLog();
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return;
    try {
      const claims = await tokens.verify(token);
      req.actor = (await actorOfClaims(resolve, claims)) ?? null;
    } catch (err) {
      if (err instanceof ForeignIssuerError) {
        // eslint-disable-next-line no-control-regex
        const received = err.received.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200);
        if (shouldLog(received))
          req.log.warn(
            { expectedIssuer: err.expected, receivedIssuer: received },
            `access token refused: issued by ${received}, but this server is ${err.expected} (every process needs the same PUBLIC_URL)`,
          );
      } else req.log.debug({ err }, 'access token refused');
    }
  });
}

/** Routes that need a user call this; no valid token → 401 "session expired". */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError(GenericErrors.sessionExpired);
  return req.actor;
}

export const requestContext = (req: FastifyRequest): RequestContext => {
  const zone = req.headers['x-time-zone'];
  return { ip: req.ip, requestId: req.id, ...(typeof zone === 'string' ? { timeZone: zone } : {}) };
};
