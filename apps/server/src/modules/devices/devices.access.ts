import {
  DeviceErrors,
  ExtendErrors,
  ReceiverDeleteErrors,
  type AuthorizationAction,
  type DeviceAction,
  type DeviceRole,
  type DeviceUserAction,
  type ErrorDef,
} from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/auth.ts';
import * as repo from './devices.repository.ts';

/**
 * Who may do what with devices and their rows: the caller's role on each device of a page in one query, and every
 * rule of what a role may do. The services ask these for their refusals and pass their answers to the presenter
 * (a row's `actions` / `showDelete`); the request plumbing is in devices.scope.ts.
 */

/** Who is looking: the caller's user and organization. */
export interface Viewer {
  userId: string;
  custId: string;
}

export const refuse = (def: ErrorDef): never => {
  throw new AppError(def);
};

// ---- roles, for a whole page at once ----------------------------------------------------

export interface Access {
  role: DeviceRole;
  /** A device user's own window end (its row shows that, not the device's). */
  userEndsAt: Date | null;
  /**
   * The device is lent (it has a live authorization): its owner may then only change the authorization time or
   * recall it (product §4). deviceActions(role, lent) and refuseWhileLent read this one fact.
   */
  lent: boolean;
}

/** No relation to a device (or no device). */
export const NO_ACCESS: Access = { role: 'none', userEndsAt: null, lent: false };

/**
 * The caller's role on each device — owner, authorized (a live authorization), user (a live device-user
 * window), receiver, or none — and whether it is lent, in ONE query for the whole page (immich's
 * access-repository pattern).
 */
export async function rolesFor(
  db: Queryable,
  actor: Actor,
  devices: readonly { id: string; ownerCustId: string }[],
  now = new Date(),
): Promise<Map<string, Access>> {
  const roles = new Map<string, Access>();
  const custId = actor.custId;
  if (!custId) {
    for (const d of devices) roles.set(d.id, NO_ACCESS);
    return roles;
  }
  const facts = await repo.relations(
    db,
    devices.map((d) => d.id),
    custId,
    actor.userId,
    now,
  );
  for (const d of devices) {
    const f = facts.get(d.id);
    const lent = f?.lent ?? false;
    if (d.ownerCustId === custId) {
      roles.set(d.id, { role: 'owner', userEndsAt: null, lent });
      continue;
    }
    const role: DeviceRole = !f
      ? 'none'
      : f.authorized
        ? 'authorized'
        : f.userEndsAt
          ? 'user'
          : f.receiver
            ? 'receiver'
            : 'none';
    roles.set(d.id, { role, userEndsAt: f?.userEndsAt ?? null, lent });
  }
  return roles;
}

/**
 * Whether the caller's organization owns the device of this serial: only the owner ever gets to compare a device's
 * management code, so only then is a code attempt counted (devices.scope `guarded`).
 */
export async function ownsSerial(db: Queryable, actor: Actor, serial: string): Promise<boolean> {
  const device = await repo.findDeviceBySerial(db, serial);
  return !!actor.custId && device?.ownerCustId === actor.custId;
}

/** The caller's access to one device (role, and whether it is lent). */
export async function accessOf(
  db: Queryable,
  device: { id: string; ownerCustId: string },
  actor: Actor,
  now = new Date(),
): Promise<Access> {
  return (await rolesFor(db, actor, [device], now)).get(device.id)!;
}

export async function roleOf(
  db: Queryable,
  device: { id: string; ownerCustId: string },
  actor: Actor,
  now = new Date(),
): Promise<DeviceRole> {
  return (await accessOf(db, device, actor, now)).role;
}

/**
 * Product §4: while the device is lent, its owner may only change the authorization time or recall it. Every
 * other change it asks for is refused with device-common -13 (deviceActions leaves the same buttons out).
 */
export function refuseWhileLent(access: Access, def: ErrorDef = DeviceErrors.lent) {
  if (access.role === 'owner' && access.lent) refuse(def);
}

// ---- the rules: what a caller may do with each row -----------------------------------------------
// The one place these rights are decided: the services pass what these answer to the presenters (a row's
// `actions` / `showDelete`, which the web renders and keeps no copy of) and refuse, with the catalogue's code,
// exactly what they leave out.

/** What each role may do with a device (product §6). */
const DEVICE_ACTIONS: Record<DeviceRole, readonly DeviceAction[]> = {
  owner: ['receivers', 'authorize', 'authorizations', 'users', 'detail', 'edit', 'transfer', 'unbind'],
  authorized: ['receivers', 'authorizations', 'users', 'detail'],
  user: ['detail'],
  receiver: ['detail'],
  none: [],
};
/**
 * The owner of a lent device (a live authorization): "the authorizer may then only change the authorization time
 * or recall it" (product §4), which it does on the authorization rows; lending to further organizations stays
 * (the authorise table's -1 "already authorised" presumes it). Renaming, transfer, unbinding, device users and
 * receivers wait until nothing is lent.
 */
const LENT_OWNER_ACTIONS: readonly DeviceAction[] = ['authorize', 'authorizations', 'detail'];

/** What the caller may do with a device; the services refuse exactly what it leaves out. */
export const deviceActions = ({ role, lent }: Pick<Access, 'role' | 'lent'>): DeviceAction[] => [
  ...(role === 'owner' && lent ? LENT_OWNER_ACTIONS : DEVICE_ACTIONS[role]),
];

/** The roles that see a device's people and data routing (a lent device's owner too: it only cannot change them). */
export const MANAGERS: ReadonlySet<DeviceRole> = new Set(['owner', 'authorized']);

/**
 * Whether the caller may change the device's people and data routing: a borrower (within its lending), or the
 * owner while nothing is lent (deviceActions offers 'users' and 'receivers' exactly then).
 */
export const changesEntries = ({ role, lent }: Pick<Access, 'role' | 'lent'>) =>
  role === 'authorized' || (role === 'owner' && !lent);

/**
 * Device-user entries a borrower sees: those it added and those naming its own members (`deviceUsersOf`'s filter);
 * the owner sees all (undefined).
 */
export const deviceUsersSeenBy = (access: Access, viewer: Viewer): string | undefined =>
  access.role === 'owner' ? undefined : viewer.custId;

/**
 * Device-user entry actions: the device's owner may edit or remove any entry on its own device (not while it is
 * lent); a borrower only the entries its account added; anybody else nothing.
 */
export function deviceUserActions(
  entry: { createdBy: string },
  access: Pick<Access, 'role' | 'lent'>,
  viewer: Viewer,
): DeviceUserAction[] {
  if (!changesEntries(access)) return [];
  return access.role === 'owner' || entry.createdBy === viewer.userId ? ['edit', 'remove'] : [];
}

/** Whether the caller may delete a receiver entry: the device's owner any (not while lent), a borrower its own. */
export const receiverDeletable = (
  entry: { createdBy: string },
  access: Pick<Access, 'role' | 'lent'>,
  viewer: Viewer,
) => changesEntries(access) && (access.role === 'owner' || entry.createdBy === viewer.userId);

/**
 * Refuses deleting receiver entries unless every one is `receiverDeletable`: lent owner -13; a non-owner naming an
 * entry another account added -4 (not the signer); a non-manager -1.
 */
export function refuseReceiverDeletion(
  entries: readonly { createdBy: string }[],
  access: Access,
  viewer: Viewer,
) {
  refuseWhileLent(access);
  if (entries.every((e) => receiverDeletable(e, access, viewer))) return;
  if (access.role !== 'owner' && entries.some((e) => e.createdBy !== viewer.userId))
    refuse(ReceiverDeleteErrors.notSigner);
  refuse(ReceiverDeleteErrors.failed);
}

/**
 * The role on a row of the organization's receiver records (receivers.repository `receiverPage` lists only
 * devices the organization owns or borrows).
 */
export const receiverRecordAccess = (r: { ownerCustId: string; lent: unknown }, viewer: Viewer): Access => ({
  role: r.ownerCustId === viewer.custId ? 'owner' : 'authorized',
  userEndsAt: null,
  lent: r.lent === true || r.lent === 't',
});

/**
 * Device changes only its owner makes (rename, transfer, unbind, lend): others' devices answer "not found" (no
 * relation) or not authorised (another role), in the code table of the call.
 */
export function refuseUnlessOwner(
  access: Access,
  codes: { notFound: ErrorDef; notOwner: ErrorDef } = {
    notFound: DeviceErrors.notFound,
    notOwner: DeviceErrors.userNotAuthorised,
  },
) {
  if (access.role === 'none') refuse(codes.notFound);
  if (access.role !== 'owner') refuse(codes.notOwner);
}

/** An authorization is seen by the organization that granted it and the one that holds it. */
export const seesAuthorization = (a: { fromCustId: string; custId: string }, custId: string | null) =>
  a.fromCustId === custId || a.custId === custId;

/**
 * Authorization row actions: only the device's owner that granted it acts on it — change the time or recall
 * while it runs, restore (authorize again) once recalled or expired. The borrower has none.
 */
export function authorizationActions(
  a: { fromCustId: string; status: 'active' | 'recalled' | 'expired'; expiresAt: Date },
  ownerCustId: string,
  viewer: Pick<Viewer, 'custId'>,
  now: Date,
): AuthorizationAction[] {
  if (ownerCustId !== viewer.custId || a.fromCustId !== viewer.custId) return [];
  // Live: active and not past its time (the sweep may not have run yet).
  return a.status === 'active' && a.expiresAt > now ? ['changeTime', 'recall'] : ['restore'];
}

/**
 * Why the caller may not change an authorization's time (undefined: it may, `authorizationActions` offers
 * 'changeTime'): the borrower extending its own answers device-common -6 "not person extend"; anyone but the
 * granting owner editFailed; the granting owner of a recalled or expired one (offered 'restore') invalidAuthorisation.
 */
export function changeTimeRefusal(
  a: { custId: string; fromCustId: string; status: 'active' | 'recalled' | 'expired'; expiresAt: Date },
  ownerCustId: string,
  viewer: Pick<Viewer, 'custId'>,
  now: Date,
): ErrorDef | undefined {
  if (a.custId === viewer.custId) return DeviceErrors.notPersonExtend;
  const actions = authorizationActions(a, ownerCustId, viewer, now);
  if (actions.includes('changeTime')) return undefined;
  return actions.length ? ExtendErrors.invalidAuthorisation : ExtendErrors.editFailed;
}
