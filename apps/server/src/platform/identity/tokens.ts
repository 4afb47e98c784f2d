import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, errors, importJWK, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { API_AUDIENCE, OIDC_CLIENT_ID } from '@archway/contract';
import { publicJwk, type IdentitySecrets } from './secrets.ts';

export const ACCESS_TOKEN_TTL = 3600;
export const REMEMBER_TOKEN_TTL = 7 * 24 * 3600;
const ALGORITHMS = ['RS256'];

/**
 * The claim naming the OpenID provider's grant an access token was issued under (provider.ts); tokens of
 * `POST /account/token` have none.
 */
export const GRANT_CLAIM = 'gid';

type Claims = JWTPayload & { sub: string; cid?: string; [GRANT_CLAIM]?: string };
/** Verified tokens remembered at once (the whole cache is dropped when full). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * A token signed with this installation's key, valid but for its issuer: made by a process that runs with another
 * PUBLIC_URL (every process needs the same one). Refused like any other bad token; the caller logs it (auth.ts).
 */
export class ForeignIssuerError extends Error {
  constructor(
    readonly expected: string,
    readonly received: string,
  ) {
    super(`token issued by ${received}, not by ${expected}`);
    this.name = 'ForeignIssuerError';
  }
}

export interface TokenService {
  issuer: string;
  jwks: { keys: ReturnType<typeof publicJwk>[] };
  /** For `POST /account/token`: the same kind of JWT the OpenID provider issues. */
  sign(userId: string, opts: { ttl: number; custId?: string }): Promise<string>;
  /** Signature, algorithm allow-list, `typ at+jwt`, required exp and sub, iss and aud; throws on anything else. */
  verify(token: string): Promise<Claims>;
}

export async function createTokenService(issuer: string, secrets: IdentitySecrets): Promise<TokenService> {
  const jwks = { keys: [publicJwk(secrets.signingKey)] };
  const keySet = createLocalJWKSet(jwks);
  const privateKey = await importJWK(secrets.signingKey, 'RS256');
  // A token's claims never change: one verified is trusted until it expires (an RSA check per request is costly).
  const verified = new Map<string, Claims>();
  return {
    issuer,
    jwks,
    sign: (userId, { ttl, custId }) =>
      new SignJWT({
        client_id: OIDC_CLIENT_ID,
        scope: 'openid profile api',
        ...(custId ? { cid: custId } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: secrets.signingKey.kid })
        .setIssuer(issuer)
        .setAudience(API_AUDIENCE)
        .setSubject(userId)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttl}s`)
        .sign(privateKey),
    async verify(token) {
      const known = verified.get(token);
      if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: ALGORITHMS,
        // An access token (RFC 9068), not an id token or another JWT signed by the same key.
        typ: 'at+jwt',
        requiredClaims: ['exp', 'sub'],
      }).catch((err: unknown) => {
        // The signature was checked before the claims: this installation's key, another issuer.
        const received = (err as { payload?: JWTPayload }).payload?.iss;
        if (
          err instanceof errors.JWTClaimValidationFailed &&
          err.claim === 'iss' &&
          typeof received === 'string'
        )
          throw new ForeignIssuerError(issuer, received);
        throw err;
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('token without subject');
      const claims = payload as Claims;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
      verified.set(token, claims);
      return claims;
    },
  };
}
