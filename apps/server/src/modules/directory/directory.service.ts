import {
  CustErrors,
  CustType,
  GenericErrors,
  Privacy,
  formatExpiry,
  shownField,
  type CustFindResult,
  type PublicCustomer,
  type PublicPerson,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { reserveAttempt } from '../account/tokens.service.ts';
import * as repo from './directory.repository.ts';

/** People searches one person may make per hour (a bound on probing which addresses have accounts). */
export const PEOPLE_SEARCHES_PER_HOUR = 200;

export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
}

const hidden = (value: string | null, privacy: number, bit: number, own: boolean) =>
  shownField(value, privacy, bit, own);

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

/** Why a viewer may see a person's e-mail and phone (see `presentPerson`). */
export interface PersonViewer {
  userId: string;
  isAdmin: boolean;
  /** The viewer's organization is in an open cooperation with one of the person's organizations. */
  partner: boolean;
}

/**
 * A person's public details. E-mail and phone go only to those with a reason to contact the person:
 * - the person, a platform administrator, an owner of an organization the person belongs to: always;
 * - a fellow member of one of the person's organizations, or a member of an organization in an open cooperation
 *   with one of them: where the person's search setting for that field is on (off unless they turned it on, as an
 *   organization's privacy hides its e-mail and phone unless it shows them);
 * - anybody else (a fresh account, an organization with no tie to the person): never, whatever the settings. The
 *   search settings decide who can FIND the person by a field, not who is shown it.
 * People who share an organization with the viewer also see it, with the person's role and joined date.
 */
function presentPerson(
  u: repo.PersonRow,
  viewer: PersonViewer,
  shared: repo.Shared | undefined,
): PublicPerson {
  const privileged = u.id === viewer.userId || viewer.isAdmin || shared?.viewerRole === 'owner';
  const related = Boolean(shared) || viewer.partner;
  const shown = (value: string | null, setting: boolean) =>
    value && (privileged || (related && setting)) ? value : null;
  return {
    userId: u.id,
    username: u.username,
    avatar: u.avatar,
    email: shown(u.email, u.searchEmail),
    phone: shown(u.phone, u.searchPhone),
    country: u.country,
    region: u.region,
    custId: shared?.custId ?? null,
    custName: shared?.custName ?? null,
    role: shared?.role ?? null,
    joinTime: shared ? formatExpiry(shared.joinedAt) : null,
  };
}

/** The viewer of each of these people, with the ties that decide what they see (two queries for any number). */
async function viewersOf(s: Scope, ids: string[]) {
  const [shared, partners] = await Promise.all([
    repo.sharedMemberships(s.db, s.actor.userId, ids),
    repo.cooperatingPeople(s.db, s.actor.custId, ids),
  ]);
  return (u: repo.PersonRow) =>
    presentPerson(
      u,
      { userId: s.actor.userId, isAdmin: s.actor.isAdmin, partner: partners.has(u.id) },
      shared.get(u.id),
    );
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
  const present = await viewersOf(
    s,
    rows.map((r) => r.id),
  );
  await searched(
    s,
    'user.find',
    rows.map((r) => r.id),
  );
  return rows.map(present);
}

/**
 * `GET /api2/user/detail?userId=`: a person's public details (disabled or deleted accounts are not found); the
 * e-mail and phone only to those `presentPerson` names.
 */
export async function personDetail(s: Scope, userId: string): Promise<PublicPerson> {
  const u = await repo.personById(s.db, userId);
  if (!u) throw new AppError(GenericErrors.objectNotFound);
  return (await viewersOf(s, [u.id]))(u);
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
