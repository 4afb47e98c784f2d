import {
  CustStatus,
  expiryFlag,
  formatExpiry,
  modelOf,
  PERMANENT_DATE,
  Privacy,
  hidesField,
  shownField,
  type AuthorizationAction,
  type AuthorizationRow,
  type DeviceAction,
  type DeviceRole,
  type DeviceRow,
  type DeviceUserAction,
  type DeviceUserRow,
  type ReceiverEntry,
  type ReceiverRow,
  type ReceiverSearchResult,
} from '@archway/contract';
import type { Viewer } from './devices.access.ts';

/**
 * Rows → response shapes, pure. What a caller may do with each row is decided in devices.access.ts (deviceActions,
 * authorizationActions, deviceUserActions, receiverDeletable); the services pass it here and this only lists it
 * (the web renders `actions` / `showDelete` and keeps no copy of it).
 */

export interface AuthFacts {
  id: string;
  deviceId: string;
  serial: string;
  custId: string;
  custName: string;
  fromCustId: string;
  fromCustName: string;
  expiresAt: Date;
  status: 'active' | 'recalled' | 'expired';
  createdBy: string;
  createdAt: Date;
}

/** A live authorization whose time has passed reads as expired even before the sweep runs. */
export const effectiveStatus = (a: { status: AuthFacts['status']; expiresAt: Date }, now: Date) =>
  a.status === 'active' && a.expiresAt <= now ? 'expired' : a.status;

/** An authorization with what the caller may do with it (devices.access `authorizationActions`). */
export type AuthWithActions = AuthFacts & { actions: AuthorizationAction[] };

export function presentAuth(a: AuthWithActions, now = new Date()): AuthorizationRow {
  const status = effectiveStatus(a, now);
  return {
    id: a.id,
    deviceId: a.deviceId,
    number: a.serial,
    custId: a.custId,
    custName: a.custName,
    fromCustId: a.fromCustId,
    fromCustName: a.fromCustName,
    expireTime: formatExpiry(a.expiresAt)!,
    status,
    flag: status === 'active' ? expiryFlag(a.expiresAt, now) : 'expired',
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
    actions: a.actions,
  };
}

export interface DeviceFacts {
  id: string;
  serial: string;
  name: string;
  memo: string | null;
  encryptType: number;
  scanType: string;
  ownerCustId: string;
  activatedAt: Date;
}

/**
 * A device row. `auths` must already be what the viewer may see (the owner: all; a borrower: its own), each with
 * its actions. expireTime: the owner's is permanent; a borrower's is its own authorization's end; a device user's
 * is its own window's end (`userEndsAt`); a receiver's is permanent.
 */
export function presentDevice(
  device: DeviceFacts,
  ownerName: string,
  view: {
    role: DeviceRole;
    /** What the caller may do with the device (devices.access `deviceActions`). */
    actions: DeviceAction[];
    auths: AuthWithActions[];
    viewer: Pick<Viewer, 'custId'>;
    userEndsAt: Date | null;
  },
  now = new Date(),
): DeviceRow {
  const { role, auths, viewer, userEndsAt } = view;
  const rows = auths.map((a) => presentAuth(a, now));
  const own = auths.find((a) => a.custId === viewer.custId && effectiveStatus(a, now) === 'active');
  const expiresAt =
    role === 'authorized' && own
      ? own.expiresAt
      : role === 'user' && userEndsAt
        ? userEndsAt
        : PERMANENT_DATE;
  return {
    id: device.id,
    number: device.serial,
    name: device.name,
    model: modelOf(device.serial),
    memo: device.memo,
    encryptType: device.encryptType,
    scanType: device.scanType,
    activationTime: formatExpiry(device.activatedAt)!,
    ownerCustId: device.ownerCustId,
    ownerCustName: ownerName,
    role,
    expireTime: formatExpiry(expiresAt)!,
    flag: expiryFlag(expiresAt, now),
    authorizations: rows,
    actions: view.actions,
  };
}

/** A set privacy bit hides that field from other organizations. */
export const visibleField = (value: string | null, privacy: number, bit: number, own: boolean) =>
  shownField(value, privacy, bit, own);

export interface DeviceUserFacts {
  id: string;
  deviceId: string;
  userId: string;
  username: string;
  startsAt: Date;
  endsAt: Date;
  createdBy: string;
  /** The person's (first) organization, and its privacy bits. */
  custId: string | null;
  custName: string | null;
  custPrivacy: number | null;
}

/** "jane.doe@example.com" → "j***@***": an e-mail used as a login, hidden as the privacy bit asks. */
export const maskLogin = (login: string) => (login.includes('@') ? `${login.charAt(0)}***@***` : login);

/**
 * A device-user row. People of another organization are shown only as far as their organization's privacy
 * allows: never an e-mail or phone field; a username that is an e-mail address is masked when the e-mail bit
 * (2) is set; the organization's name is shown (the viewer already sees it on the authorization).
 */
export function presentDeviceUser(
  u: DeviceUserFacts,
  /** What the caller may do with the entry (devices.access `deviceUserActions`). */
  actions: DeviceUserAction[],
  viewer: Pick<Viewer, 'custId'>,
  now = new Date(),
): DeviceUserRow {
  const own = u.custId === viewer.custId;
  const hideEmail = !own && hidesField(u.custPrivacy ?? Privacy.all, Privacy.email);
  return {
    id: u.id,
    deviceId: u.deviceId,
    userId: u.userId,
    username: hideEmail ? maskLogin(u.username) : u.username,
    custName: u.custName,
    startTime: formatExpiry(u.startsAt)!,
    endTime: formatExpiry(u.endsAt)!,
    flag: expiryFlag(u.endsAt, now),
    createdBy: u.createdBy,
    showDelete: actions.includes('remove'),
    actions,
  };
}

export interface ReceiverFacts {
  id: string;
  caseType: number;
  expiresAt: Date;
  createdBy: string;
}
export interface CustFacts {
  id: string;
  name: string;
  custType: number;
  phone: string | null;
  email: string | null;
  privacy: number;
  status: number;
}

/** -1: the receiver can no longer receive (its audit failed or the routing expired); the web app removes it. */
const allowStatusOf = (row: ReceiverFacts, cust: CustFacts, now: Date) =>
  cust.status === CustStatus.auditFailed || row.expiresAt <= now ? -1 : 1;

/** A receiver entry, its organization, and whether the caller may delete it (devices.access `receiverDeletable`). */
export interface ReceiverEntryFacts {
  row: ReceiverFacts;
  cust: CustFacts;
  deletable: boolean;
}

/** One receiver entry (one case type) as a record of the organization's receiver page. */
export function presentReceiverEntry(
  { row, cust, deletable }: ReceiverEntryFacts,
  viewer: Pick<Viewer, 'custId'>,
  now = new Date(),
) {
  const own = cust.id === viewer.custId;
  return {
    id: row.id,
    custId: cust.id,
    custName: cust.name,
    custType: cust.custType,
    phone: visibleField(cust.phone, cust.privacy, Privacy.phone, own),
    email: visibleField(cust.email, cust.privacy, Privacy.email, own),
    privacy: cust.privacy,
    caseType: row.caseType,
    siginUserId: row.createdBy,
    allowStatus: allowStatusOf(row, cust, now),
    expireTime: formatExpiry(row.expiresAt)!,
    showDelete: deletable,
  };
}

/**
 * A device's receiver rows (product §3, calls §3): the entries of one organization merged into one row whose
 * caseType is a list, in the order the entries come. `entries` keeps each entry's id (what a delete names),
 * signer, allowStatus, expiry and showDelete.
 */
export function presentReceivers(
  rows: readonly ReceiverEntryFacts[],
  viewer: Pick<Viewer, 'custId'>,
  now = new Date(),
): ReceiverRow[] {
  const byCust = new Map<string, ReceiverRow>();
  const earliest = new Map<string, Date>();
  for (const facts of rows) {
    const { row, cust } = facts;
    const e = presentReceiverEntry(facts, viewer, now);
    const entry: ReceiverEntry = {
      id: e.id,
      caseType: e.caseType,
      siginUserId: e.siginUserId,
      allowStatus: e.allowStatus,
      expireTime: e.expireTime,
      showDelete: e.showDelete,
    };
    const merged = byCust.get(cust.id);
    if (!merged) {
      byCust.set(cust.id, { ...e, caseType: [e.caseType], entries: [entry] });
      earliest.set(cust.id, row.expiresAt);
      continue;
    }
    merged.entries.push(entry);
    if (!merged.caseType.includes(e.caseType)) merged.caseType.push(e.caseType);
    merged.allowStatus = Math.min(merged.allowStatus, e.allowStatus);
    if (row.expiresAt < earliest.get(cust.id)!) {
      earliest.set(cust.id, row.expiresAt);
      merged.expireTime = e.expireTime;
    }
    merged.showDelete ||= e.showDelete;
  }
  for (const merged of byCust.values()) merged.caseType.sort((a, b) => a - b);
  return [...byCust.values()];
}

export function presentSearchResult(c: CustFacts, viewer: Pick<Viewer, 'custId'>): ReceiverSearchResult {
  const own = c.id === viewer.custId;
  return {
    id: c.id,
    name: c.name,
    custType: c.custType,
    avatar: null,
    phone: visibleField(c.phone, c.privacy, Privacy.phone, own),
    email: visibleField(c.email, c.privacy, Privacy.email, own),
    privacy: c.privacy,
    showAdd: !own,
  };
}
