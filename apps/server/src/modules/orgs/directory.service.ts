import {
  CustErrors,
  CustType,
  GenericErrors,
  Privacy,
  formatExpiry,
  type CustFindResult,
  type PublicCustomer,
  type PublicPerson,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { reserveAttempt } from '../account/account.repository.ts';
import * as repo from './directory.repository.ts';

/** People searches one person may make per hour (a bound on probing which addresses have accounts). */
export const PEOPLE_SEARCHES_PER_HOUR = 200;

export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
}

const hidden = (value: string | null, privacy: number, bit: number, own: boolean) =>
  own || (privacy & bit) === 0 ? value : null;

/**
 * An organization's public details. Its own members see everything; others get null for what the privacy mask
 * hides: bit 2 the e-mail, 4 the phone, 8 the address fields (address, city, street; country and region stay).
 */
export function presentPublicCustomer(c: repo.CustomerRow, viewerCustId: string | null): PublicCustomer {
  const own = c.id === viewerCustId;
  const p = c.privacy;
  return {
    id: c.id,
    name: c.name,
    custType: c.custType,
    status: c.status,
    contact: c.contact,
    email: hidden(c.email, p, Privacy.email, own),
    phone: hidden(c.phone, p, Privacy.phone, own),
    country: c.country,
    region: c.region,
    city: hidden(c.city, p, Privacy.other, own),
    street: hidden(c.street, p, Privacy.other, own),
    address: hidden(c.address, p, Privacy.other, own),
    introduction: c.introduction,
    privacy: p,
  };
}

/**
 * A person's public details. E-mail and phone: to the person, to an owner of an organization they share, or where
 * the person's search setting for that field is on (they let others find them by it). People who share an
 * organization with the viewer also see it, with the person's role and joined date.
 */
function presentPerson(u: repo.PersonRow, viewerId: string, shared: repo.Shared | undefined): PublicPerson {
  const privileged = u.id === viewerId || shared?.viewerRole === 'owner';
  return {
    userId: u.id,
    username: u.username,
    avatar: u.avatar,
    email: u.email && (privileged || u.searchEmail) ? u.email : null,
    phone: u.phone && (privileged || u.searchPhone) ? u.phone : null,
    country: u.country,
    region: u.region,
    custId: shared?.custId ?? null,
    custName: shared?.custName ?? null,
    role: shared?.role ?? null,
    joinTime: shared ? formatExpiry(shared.joinedAt) : null,
  };
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
    ...presentPublicCustomer(c, s.actor.custId),
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
  const shared = await repo.sharedMemberships(
    s.db,
    s.actor.userId,
    rows.map((r) => r.id),
  );
  await searched(
    s,
    'user.find',
    rows.map((r) => r.id),
  );
  return rows.map((u) => presentPerson(u, s.actor.userId, shared.get(u.id)));
}

/** `GET /api2/user/detail?userId=`: a person's public details (disabled or deleted accounts are not found). */
export async function personDetail(s: Scope, userId: string): Promise<PublicPerson> {
  const u = await repo.personById(s.db, userId);
  if (!u) throw new AppError(GenericErrors.objectNotFound);
  const shared = await repo.sharedMemberships(s.db, s.actor.userId, [u.id]);
  return presentPerson(u, s.actor.userId, shared.get(u.id));
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
  return presentPublicCustomer(c, actor.custId);
}

/** `GET /cust/clinic/detail?userId=`: the public details of that person's (first) organization. */
export async function customerOfPerson(db: Db, actor: Actor, userId: string): Promise<PublicCustomer> {
  const c = await repo.firstOrgOf(db, userId);
  if (!c) throw new AppError(CustErrors.notFound);
  return presentPublicCustomer(c, actor.custId);
}
