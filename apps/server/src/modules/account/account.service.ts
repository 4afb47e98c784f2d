import { GenericErrors, SignInErrors, SignInResetErrors } from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import { DUMMY_HASH, HashQueueFull, verifyPassword } from '../../platform/identity/passwords.ts';
import { findUserByLogin, type UserRow } from '../users/users.service.ts';
import * as repo from './account.repository.ts';

/**
 * Sign-in limits. Failed attempts: 5 per account (3 for a platform administrator's account) and 30 per address in
 * a 15-minute window; every attempt, whatever its outcome: 60 per address per minute. Past any of them, HTTP 429
 * even for the right password. A plain object so a test can lower a limit for the duration of one case.
 */
export const SIGN_IN_LIMITS = {
  perAccount: 5,
  /** Administrators' accounts open the console (every organization, every user): a stricter limit of their own. */
  perAdminAccount: 3,
  perAddress: 30,
  windowMs: 15 * 60 * 1000,
  perAddressPerMinute: 60,
  rateWindowMs: 60 * 1000,
  /**
   * How long an address past its per-minute limit waits for its 429. A flood that waits for each answer (as
   * scripts and browsers do) then sends 1 / delay attempts per connection instead of thousands a second, so the
   * rest of the server (the web app's files, everyone else's calls) keeps its CPU.
   */
  floodDelayMs: 1000,
};

/** The login an audit entry keeps of a refused sign-in (the request schema bounds it too). */
export const AUDIT_LOGIN_MAX = 100;

/**
 * The address a per-address counter is kept for: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its
 * /64 network, since one subscriber usually holds a whole /64.
 */
export function addressBucket(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const addr = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(addr);
  if (mapped) return mapped[1]!;
  if (!addr.includes(':')) return addr;
  const [head = '', tail = ''] = addr.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

const tooMany = () => new AppError(GenericErrors.tooManyAttempts);

/**
 * A per-process copy of the per-address rate (every attempt, whatever its outcome), so that a flood past the
 * limit is refused before any database work: without it each refused attempt still cost a few queries, and a
 * flood of them slowed every other answer. The database counter stays the rule across processes; this one only
 * refuses sooner. Kept per database (tests build many apps in one process), at most 10,000 addresses.
 */
const localRates = new WeakMap<Db, Map<string, { since: number; n: number }>>();
const LOCAL_RATE_ADDRESSES = 10_000;

function overLocalRate(db: Db, address: string, now = Date.now()): boolean {
  let rates = localRates.get(db);
  if (!rates) localRates.set(db, (rates = new Map()));
  let entry = rates.get(address);
  if (!entry || now - entry.since >= SIGN_IN_LIMITS.rateWindowMs) {
    rates.delete(address);
    if (rates.size >= LOCAL_RATE_ADDRESSES) rates.delete(rates.keys().next().value!);
    entry = { since: now, n: 0 };
    rates.set(address, entry);
  }
  entry.n += 1;
  // The first attempt past the limit still reaches the database counter, which audits it (once per window).
  return entry.n > SIGN_IN_LIMITS.perAddressPerMinute + 1;
}

/**
 * Password sign-in (the sign-in page and `POST /account/token`).
 *
 * 1. Every attempt from the address is counted first (all outcomes): past 60 a minute, 429 — refused in memory
 *    before any database work once this process has seen that many, after `floodDelayMs`.
 * 2. The account is looked up (no hashing) and one failed attempt is reserved, atomically, on the account
 *    (by id, so username and e-mail share one counter; an unknown login has its own) and on the address.
 *    Concurrent attempts get distinct numbers: exactly the limit's count reaches the password check.
 * 3. The password is checked under the hashing gate (a full queue answers 429).
 * 4. Success gives the reservations back: the account's failures are forgotten, the address's one returned.
 */
export async function authenticate(
  db: Db,
  ctx: RequestContext,
  login: string,
  password: string,
): Promise<UserRow> {
  const L = SIGN_IN_LIMITS;
  const address = addressBucket(ctx.ip);
  const shownLogin = login.slice(0, AUDIT_LOGIN_MAX);
  const refusedForRate = (limit: string) =>
    audit(db, ctx, {
      action: 'signIn',
      outcome: 'refused',
      detail: { login: shownLogin, reason: 'rateLimited', limit },
    });

  if (overLocalRate(db, address)) {
    await new Promise((r) => setTimeout(r, L.floodDelayMs));
    throw tooMany();
  }
  const attempts = await repo.reserveAttempt(db, `rate:${address}`, L.rateWindowMs);
  if (attempts > L.perAddressPerMinute) {
    // One audit entry per window, so a flood cannot grow the log without bound.
    if (attempts === L.perAddressPerMinute + 1) await refusedForRate('addressRate');
    throw tooMany();
  }

  const user = await findUserByLogin(db, login);
  const accountKey = user ? `acct:${user.id}` : `login:${login.toLowerCase()}`;
  const addressKey = `fail:${address}`;
  const byAccount = await repo.reserveAttempt(db, accountKey, L.windowMs);
  const byAddress = await repo.reserveAttempt(db, addressKey, L.windowMs);
  const perAccount = user?.isAdmin ? L.perAdminAccount : L.perAccount;
  if (byAccount > perAccount || byAddress > L.perAddress) {
    // Nothing was tried: give back a reservation that was still within its limit.
    if (byAccount <= perAccount) await repo.releaseAttempt(db, accountKey);
    if (byAddress <= L.perAddress) await repo.releaseAttempt(db, addressKey);
    if (byAccount === perAccount + 1) await refusedForRate(user?.isAdmin ? 'adminAccount' : 'account');
    else if (byAddress === L.perAddress + 1) await refusedForRate('address');
    throw tooMany();
  }

  let valid: boolean;
  try {
    valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  } catch (err) {
    if (!(err instanceof HashQueueFull)) throw err;
    await repo.releaseAttempt(db, accountKey);
    await repo.releaseAttempt(db, addressKey);
    throw tooMany();
  }

  if (!user || !valid || user.disabled) {
    await audit(db, ctx, {
      actorUserId: user?.id,
      action: 'signIn',
      objectType: 'user',
      objectId: user?.id,
      outcome: 'refused',
      detail: { login: shownLogin, reason: user && valid ? 'disabled' : 'invalidCredentials' },
    });
    throw new AppError(user && valid ? SignInErrors.disabled : SignInErrors.invalidCredentials);
  }
  if (user.passwordResetRequired) {
    // The administrator forced a reset (/manager): the old password, right as it is, no longer signs in.
    await audit(db, ctx, {
      actorUserId: user.id,
      action: 'signIn',
      objectType: 'user',
      objectId: user.id,
      outcome: 'refused',
      detail: { login: shownLogin, reason: 'passwordResetRequired' },
    });
    throw new AppError(SignInResetErrors.resetRequired);
  }
  await repo.clearAttempts(db, accountKey);
  await repo.releaseAttempt(db, addressKey);
  await audit(db, ctx, {
    actorUserId: user.id,
    action: 'signIn',
    objectType: 'user',
    objectId: user.id,
    outcome: 'allowed',
  });
  return user;
}

/** Counters whose window ended a day ago (run hourly). */
export const purgeSignInCounters = (db: Db) => repo.purgeOldCounters(db);
