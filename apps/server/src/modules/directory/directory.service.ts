import {
  CustErrors,
  CustType,
  GenericErrors,
  type CustFindResult,
  type PublicCustomer,
  type PublicPerson,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { reserveAttempt } from '../account/tokens.service.ts';
import { personViewsOf, seesAllOf } from './directory.access.ts';
import { presentPerson, presentPublicCustomer } from './directory.presenter.ts';
import * as repo from './directory.repository.ts';

/** People searches one person may make per hour (a bound on probing which addresses have accounts). */
export const PEOPLE_SEARCHES_PER_HOUR = 200;

export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
}

/** The presented people, each as the caller's view of them (directory.access `personViewsOf`). */
async function presentPeople(s: Scope, rows: repo.PersonRow[]) {
  const view = await personViewsOf(
    s.db,
    s.actor,
    rows.map((r) => r.id),
  );
  return rows.map((u) => presentPerson(u, view(u.id)));
}

const searched = (s: Scope, action: string, ids: string[]) =>
  audit(s.db, s.ctx, {
    actorUserId: s.actor.userId,
    actorCustId: s.actor.custId,
    action,
    objectType: action.startsWith('user') ? 'user' : 'customer',
    objectId: null,
    outcome: 'allowed',
    detail: { count: ids.length, ids },
  });

/**
 * Organizations by name (substring) where their name search is on, by exact e-mail or phone only where that field's
 * search flag is on and its privacy bit clear; never a certification-failed or disabled one. The one customer search
 * (also the receivers' search, devices/receivers.service.ts); it tells nothing the caller may not see, the caller
 * audits it.
 */
export const searchOrganizations = (db: Db, key: string, max: number) => repo.searchCustomers(db, key, max);

/** `GET /api2/cust/find`: organizations by name, e-mail or phone as each one's settings allow; audited (not the text). */
export async function findCustomers(s: Scope, key: string, max: number): Promise<CustFindResult[]> {
  if (!key) return [];
  const rows = await repo.searchCustomers(s.db, key, max);
  const rel = await repo.relationsTo(
    s.db,
    s.actor.userId,
    rows.map((r) => r.id),
  );
  await searched(
    s,
    'customer.find',
    rows.map((r) => r.id),
  );
  return rows.map((c) => ({
    ...presentPublicCustomer(c, seesAllOf(c.id, s.actor.custId)),
    joinState: rel.member.has(c.id) ? 'member' : rel.pending.has(c.id) ? 'pending' : 'none',
  }));
}

/**
 * `GET /api2/user/find`, `POST /user/v2/find`: people by exact username, e-mail or phone. A person is found by a
 * field only where their search setting for it is on; otherwise the answer is the same empty list as for an address
 * nobody has, so the call never tells whether an account exists. At most PEOPLE_SEARCHES_PER_HOUR searches per person
 * and hour (429 after).
 */
export async function findPeople(s: Scope, key: string): Promise<PublicPerson[]> {
  if (!key) return [];
  if ((await reserveAttempt(s.db, `userFind:${s.actor.userId}`, 3600_000)) > PEOPLE_SEARCHES_PER_HOUR)
    throw new AppError(GenericErrors.tooManyAttempts);
  const rows = await repo.findPeople(s.db, key);
  const people = await presentPeople(s, rows);
  await searched(
    s,
    'user.find',
    rows.map((r) => r.id),
  );
  return people;
}

/**
 * `GET /api2/user/detail?userId=`: a person's public details (disabled or deleted accounts are not found); the
 * e-mail and phone only to those directory.access `contactRight` names.
 */
export async function personDetail(s: Scope, userId: string): Promise<PublicPerson> {
  const u = await repo.personById(s.db, userId);
  if (!u) throw new AppError(GenericErrors.objectNotFound);
  return (await presentPeople(s, [u]))[0]!;
}

/**
 * `GET /cust/clinic/{id}` (any organization but a lab) and `GET /cust/factory/{id}` (labs): public details with the
 * privacy mask applied. The wrong kind answers like a missing one.
 */
export async function customerDetail(
  db: Db,
  actor: Actor,
  id: string,
  kind: 'clinic' | 'factory',
): Promise<PublicCustomer> {
  const c = await repo.customerById(db, id);
  if (!c || (kind === 'factory') !== (c.custType === CustType.lab)) throw new AppError(CustErrors.notFound);
  return presentPublicCustomer(c, seesAllOf(c.id, actor.custId));
}

/** `GET /cust/clinic/detail?userId=`: the public details of that person's (first) organization. */
export async function customerOfPerson(db: Db, actor: Actor, userId: string): Promise<PublicCustomer> {
  const c = await repo.firstOrgOf(db, userId);
  if (!c) throw new AppError(CustErrors.notFound);
  return presentPublicCustomer(c, seesAllOf(c.id, actor.custId));
}
