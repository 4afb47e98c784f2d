import { GenericErrors, SignInErrors, SignInResetErrors } from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import { DUMMY_HASH, HashQueueFull, verifyPassword } from '../../platform/identity/passwords.ts';
import { findUserByLogin, type UserRow } from './actors.service.ts';
import * as repo from './account.repository.ts';

/**
 * Sign-in limits (ASVS soft lockout: a lockout slows the address that fails and never locks an account against the
 * right password from an address that has not failed).
 * - Failed attempts per address AND account: 5 (3 on a platform administrator's account) in a 15-minute window;
 *   past them that address gets HTTP 429 for that account, even for the right password, until the window ends.
 *   Other addresses are not affected: nobody can lock somebody else out (not even `admin`) by failing on purpose.
 * - Failed attempts per address, whatever the account: past 30 in the window the address is slowed, not locked:
 *   each further attempt waits `slowDelayMs`, doubling with every failure past the limit up to `slowDelayMaxMs`,
 *   before it is tried. The right password still signs in (a clinic behind one router keeps working); a
 *   password-spraying address gets a few guesses a minute.
 * - Every attempt, whatever its outcome: 60 per address per minute; past it, 429.
 * A plain object so a test can lower a limit for the duration of one case.
 */
export const SIGN_IN_LIMITS = {
  perAccount: 5,
  /** Administrators' accounts open the console (every organization, every user): a stricter limit of their own. */
  perAdminAccount: 3,
  perAddress: 30,
  windowMs: 15 * 60 * 1000,
  /** The first wait of an address past `perAddress` failures, doubled with each further failure… */
  slowDelayMs: 500,
  /** …up to this. */
  slowDelayMaxMs: 8000,
  perAddressPerMinute: 60,
  rateWindowMs: 60 * 1000,
  /**
   * How long an address past its per-minute limit waits for its 429. A flood that waits for each answer (as
   * scripts and browsers do) then sends 1 / delay attempts per connection instead of thousands a second, so the
   * rest of the server (the web app's files, everyone else's calls) keeps its CPU.
   */
  floodDelayMs: 1000,
};

/** How long an address with `failures` failed attempts in the window waits before its next attempt is tried. */
export function slowDown(failures: number, L = SIGN_IN_LIMITS): number {
  const past = failures - L.perAddress;
  if (past <= 0) return 0;
  return Math.min(L.slowDelayMaxMs, L.slowDelayMs * 2 ** Math.min(past - 1, 20));
}

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
 * 2. The account is looked up (no hashing) and one failed attempt is reserved, atomically, on the pair of this
 *    address and the account (by id, so username and e-mail share one counter; an unknown login has its own) and
 *    on the address. Concurrent attempts get distinct numbers: exactly the limit's count reaches the password
 *    check. Past the pair's limit: 429 (nothing tried, the reservations given back). Past the address's: the
 *    attempt waits (`slowDown`), then goes on.
 * 3. The password is checked under the hashing gate (a full queue answers 429).
 * 4. Success gives the reservations back: the pair's failures are forgotten, the address's one returned.
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
  const account = user ? `acct:${user.id}` : `login:${login.toLowerCase()}`;
  // The account's failures from this address only: another address's failures never lock it.
  const accountKey = `fail:${address}:${account}`;
  const addressKey = `fail:${address}`;
  const byAccount = await repo.reserveAttempt(db, accountKey, L.windowMs);
  const perAccount = user?.isAdmin ? L.perAdminAccount : L.perAccount;
  if (byAccount > perAccount) {
    // Nothing was tried (the reservation past the limit stays: the window ends all the same). One audit entry.
    if (byAccount === perAccount + 1) await refusedForRate(user?.isAdmin ? 'adminAccount' : 'account');
    throw tooMany();
  }
  const byAddress = await repo.reserveAttempt(db, addressKey, L.windowMs);
  // Slowed, not locked: the attempt waits, then is tried like any other.
  const wait = slowDown(byAddress, L);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

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
    // Only failures stay counted (a success gives its reservation back), so this is the one failure per window
    // from which the address is slowed: audited once.
    if (byAddress === L.perAddress) await refusedForRate('addressSlowed');
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
