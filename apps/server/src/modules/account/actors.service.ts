import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import * as repo from './actors.repository.ts';

export type { UserRow } from './actors.repository.ts';

/** For sign-in: the account a login (username or e-mail, any case) names. */
export const findUserByLogin = (db: Db, login: string) => repo.findUserByLogin(db, login);

/**
 * Who a verified token speaks for: the user and the organization it acts for (a disabled organization counts like
 * none: `custDisabled` then says why there is none); none if disabled or gone, or if the token was issued
 * (`issuedAt`, seconds) before the account's sessions were ended (password change or reset), or if the OpenID
 * grant it was issued under (`grantId`) is gone (signed out, a refresh token replayed).
 */
export async function actorFor(
  db: Db,
  userId: string,
  custId?: string,
  issuedAt?: number,
  grantId?: string,
): Promise<Actor | undefined> {
  const row = await repo.findActorRow(db, userId, custId ?? null, issuedAt ?? null, grantId ?? null);
  if (!row) return undefined;
  return {
    userId: row.id,
    username: row.username,
    custId: row.cust_id,
    custType: row.cust_type,
    isAdmin: row.is_admin === true || (row.is_admin as unknown) === 't',
    ...(row.cust_disabled === true || (row.cust_disabled as unknown) === 't' ? { custDisabled: true } : {}),
    ...(row.language ? { language: row.language } : {}),
  };
}

/** Claims for the OpenID provider's id token. */
export async function accountClaims(db: Db, userId: string) {
  const user = await repo.findClaimsRow(db, userId);
  if (!user || user.disabled) return undefined;
  return { sub: user.id, preferred_username: user.username, name: user.username };
}
