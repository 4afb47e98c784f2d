import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { serverSecrets } from './identity.schema.ts';

export interface IdentitySecrets {
  /** Private signing key (RS256), shared by oidc-provider and `POST /account/token`. */
  signingKey: JWK & { kid: string };
  cookieKeys: string[];
}

/**
 * Created once by whichever process gets there first (insert … on conflict do nothing),
 * then read by every process, so tokens stay valid across restarts and nodes.
 */
export async function loadSecrets(db: Db): Promise<IdentitySecrets> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'identity'));
  if (row) return row.value as IdentitySecrets;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const fresh: IdentitySecrets = {
    signingKey: { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await db.insert(serverSecrets).values({ name: 'identity', value: fresh }).onConflictDoNothing();
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'identity'));
  return stored!.value as IdentitySecrets;
}

export function publicJwk(key: JWK & { kid: string }): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
