import { createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { API_AUDIENCE, OIDC_CLIENT_ID } from '@archway/contract';
import { serverSecrets } from '../platform/identity/identity.schema.ts';
import type { IdentitySecrets } from '../platform/identity/secrets.ts';

/**
 * Access tokens an attacker could make for a real person (`sub`), each of which the API and the realtime hub must
 * refuse, and one good token (the control) signed exactly as the provider signs: with the installation's key, typed
 * `at+jwt`, for the API's audience, from the installation's issuer, valid now.
 */
export async function forgedTokens(app: FastifyInstance, sub: string) {
  const [row] = await app.platform.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'identity'));
  const secrets = row!.value as IdentitySecrets;
  const kid = secrets.signingKey.kid!;
  const ours = await importJWK(secrets.signingKey, 'RS256');
  const attacker = await generateKeyPair('RS256', { extractable: true });
  const now = Math.floor(Date.now() / 1000);
  const issuer = app.platform.tokens.issuer;
  const claims: JWTPayload = {
    iss: issuer,
    aud: API_AUDIENCE,
    sub,
    client_id: OIDC_CLIENT_ID,
    scope: 'openid profile api',
    iat: now,
    exp: now + 600,
    jti: `forged-${now}-${Math.random()}`,
  };
  const sign = (
    key: Parameters<SignJWT['sign']>[0],
    header: Record<string, unknown>,
    extra: JWTPayload = {},
  ) =>
    new SignJWT({ ...claims, ...extra })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...header } as { alg: string })
      .sign(key);
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const publicJwk: JWK = { kty: 'RSA', n: secrets.signingKey.n, e: secrets.signingKey.e };
  const publicPem = createPublicKey({ key: publicJwk as never, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();

  const good = await sign(ours, { kid });
  const [goodHeader, goodPayload, goodSignature] = good.split('.');
  const forged: Record<string, string> = {
    'alg none': `${enc({ alg: 'none', typ: 'at+jwt' })}.${enc(claims)}.`,
    'alg none, with the good signature kept': `${enc({ alg: 'none', typ: 'at+jwt', kid })}.${goodPayload}.${goodSignature}`,
    'another key with the same kid': await sign(attacker.privateKey, { kid }),
    'another key with another kid': await sign(attacker.privateKey, { kid: 'attacker' }),
    'another key without a kid': await sign(attacker.privateKey, {}),
    'another key embedded in the header (jwk)': await sign(attacker.privateKey, {
      kid,
      jwk: await exportJWK(attacker.publicKey),
    }),
    'HS256 with the public key (PEM) as the secret': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
      .sign(new TextEncoder().encode(publicPem)),
    'HS256 with the public key (JWK) as the secret': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk))),
    'PS256 with the installation key (an algorithm not allowed)': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'PS256', typ: 'at+jwt', kid })
      .sign(await importJWK(secrets.signingKey, 'PS256')),
    'another audience': await sign(ours, { kid }, { aud: 'urn:another-api' }),
    'another issuer': await sign(ours, { kid }, { iss: 'https://evil.example/oidc' }),
    expired: await sign(ours, { kid }, { iat: now - 7200, exp: now - 3600 }),
    'not yet valid (nbf in an hour)': await sign(ours, { kid }, { nbf: now + 3600, exp: now + 7200 }),
    'an id token (typ JWT), not an access token': await sign(ours, { kid, typ: 'JWT' }),
    'an unknown critical header (crit), signed with the installation key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid, crit: ['urn:x-unknown'], 'urn:x-unknown': 1 })
      .sign(ours, { crit: { 'urn:x-unknown': true } }),
    'a header that is not JSON': `${Buffer.from('{alg:RS256').toString('base64url')}.${goodPayload}.${goodSignature}`,
    'not a JWT at all': 'a.b.c',
    'the good token with its signature cut': `${goodHeader}.${goodPayload}.${goodSignature!.slice(0, 20)}`,
    'the good token with its payload changed (another person)': `${goodHeader}.${enc({
      ...claims,
      sub: '00000000-0000-4000-8000-000000000000',
    })}.${goodSignature}`,
  };
  return { good, forged };
}
