import {
  CustErrors,
  GenericErrors,
  SignInErrors,
  type CurrentUser,
  type Customer,
  type ErrorDef,
} from '@archway/contract';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/identity/passwords.ts';
import * as repo from './users.repository.ts';

/** Failed sign-ins allowed in the window before the account or address is refused with 429. */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 30, windowMs: 15 * 60 * 1000 } as const;

export async function authenticate(db: Db, ctx: RequestContext, login: string, password: string) {
  const accountKey = `user:${login.toLowerCase()}`;
  const addressKey = `ip:${ctx.ip ?? 'unknown'}`;
  const since = new Date(Date.now() - SIGN_IN_LIMITS.windowMs);
  const [byAccount, byAddress] = await Promise.all([
    repo.countRecentFailures(db, accountKey, since),
    repo.countRecentFailures(db, addressKey, since),
  ]);
  if (byAccount >= SIGN_IN_LIMITS.perAccount || byAddress >= SIGN_IN_LIMITS.perAddress) {
    await audit(db, ctx, { action: 'signIn', outcome: 'refused', detail: { login, reason: 'rateLimited' } });
    throw new AppError(GenericErrors.tooManyAttempts);
  }
  const user = await repo.findUserByLogin(db, login);
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid || user.disabled) {
    await repo.recordFailures(db, [accountKey, addressKey]);
    await audit(db, ctx, {
      actorUserId: user?.id,
      action: 'signIn',
      objectType: 'user',
      objectId: user?.id,
      outcome: 'refused',
      detail: { login, reason: user?.disabled ? 'disabled' : 'invalidCredentials' },
    });
    throw new AppError(user && valid ? SignInErrors.disabled : SignInErrors.invalidCredentials);
  }
  await repo.clearFailures(db, accountKey);
  await audit(db, ctx, {
    actorUserId: user.id,
    action: 'signIn',
    objectType: 'user',
    objectId: user.id,
    outcome: 'allowed',
  });
  return user;
}

export async function actorFor(db: Db, userId: string, custId?: string): Promise<Actor | undefined> {
  const user = await repo.findUserById(db, userId);
  if (!user || user.disabled) return undefined;
  const membership = await repo.findMembership(db, userId, custId);
  return {
    userId: user.id,
    username: user.username,
    custId: membership?.customer.id ?? null,
    custType: membership?.customer.custType ?? null,
    isAdmin: user.isAdmin,
  };
}

/** Claims for the OpenID provider's id token. */
export async function accountClaims(db: Db, userId: string) {
  const user = await repo.findUserById(db, userId);
  if (!user || user.disabled) return undefined;
  return { sub: user.id, preferred_username: user.username, name: user.username };
}

export async function currentUser(db: Db, actor: Actor): Promise<CurrentUser> {
  const user = await repo.findUserById(db, actor.userId);
  if (!user) throw new AppError(GenericErrors.sessionExpired);
  const cust = actor.custId ? await repo.findCustomerById(db, actor.custId) : undefined;
  return {
    userId: user.id,
    username: user.username,
    access: user.isAdmin ? ['admin'] : [],
    custType: cust?.custType ?? null,
    custId: cust?.id ?? null,
    custName: cust?.name ?? null,
    custStatus: cust?.status ?? null,
    wxId: user.wxId,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    country: user.country,
    region: user.region,
    city: user.city,
    street: user.street,
    phoneConfirmed: user.phoneConfirmed,
    emailConfirmed: user.emailConfirmed,
    property: user.property,
    isAdmin: user.isAdmin,
  };
}

export async function currentCustomer(db: Db, actor: Actor): Promise<Customer> {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  const c = await repo.findCustomerById(db, actor.custId);
  if (!c) throw new AppError(CustErrors.notFound);
  return {
    id: c.id,
    name: c.name,
    custType: c.custType,
    contact: c.contact,
    phone: c.phone,
    email: c.email,
    address: c.address,
    creditCode: c.creditCode,
    status: c.status,
    registTime: c.registTime.toISOString(),
    memo: c.memo,
    country: c.country,
    region: c.region,
    city: c.city,
    street: c.street,
    privacy: c.privacy,
    property: c.property,
  };
}

/** Shallow merge: given keys replace, a null value removes the key. */
const merge = (current: Record<string, unknown>, patch: Record<string, unknown>) => {
  const next = { ...current, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === null) delete next[k];
  return next;
};

/** Merges a property patch into a user's or an organization's property, in one audited transaction. */
async function patchProperty(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
  target: {
    kind: 'user' | 'customer';
    id: string;
    load: (tx: Tx) => Promise<{ property: Record<string, unknown> } | undefined>;
    save: (tx: Tx, property: Record<string, unknown>) => Promise<void>;
    missing: ErrorDef;
  },
) {
  return db.transaction(async (tx) => {
    const current = await target.load(tx);
    if (!current) throw new AppError(target.missing);
    const property = merge(current.property, patch);
    await target.save(tx, property);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: `${target.kind}.property`,
      objectType: target.kind,
      objectId: target.id,
      outcome: 'allowed',
      detail: { patch },
    });
    return property;
  });
}

export const updateUserProperty = (
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
) =>
  patchProperty(db, ctx, actor, patch, {
    kind: 'user',
    id: actor.userId,
    load: (tx) => repo.findUserById(tx, actor.userId),
    save: (tx, property) => repo.setUserProperty(tx, actor.userId, property),
    missing: GenericErrors.sessionExpired,
  });

export function updateCustomerProperty(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
) {
  const custId = actor.custId;
  if (!custId) throw new AppError(CustErrors.missing);
  return patchProperty(db, ctx, actor, patch, {
    kind: 'customer',
    id: custId,
    load: (tx) => repo.findCustomerById(tx, custId),
    save: (tx, property) => repo.setCustomerProperty(tx, custId, property),
    missing: CustErrors.notFound,
  });
}

export async function setLanguage(db: Db, actor: Actor, culture: string) {
  await repo.setUserLanguage(db, actor.userId, culture);
}

/** Page switches of `/user/control/page`: which optional screens this user's organization has. */
export function pageControl(actor: Actor): Record<string, boolean> {
  void actor; // No optional screen exists yet; each issue that builds one turns its switch on here.
  return { order: false, compare: false, builder: false };
}
