import {
  CustStatus,
  expiryFlag,
  formatExpiry,
  modelOf,
  PERMANENT_DATE,
  Privacy,
  type AuthorizationAction,
  type AuthorizationRow,
  type DeviceAction,
  type DeviceRole,
  type DeviceRow,
  type DeviceUserAction,
  type DeviceUserRow,
  type ReceiverRow,
  type ReceiverSearchResult,
} from '@archway/contract';

/**
 * Rows → response shapes, pure. The one permission matrix of what a caller may do with each row lives here
 * (the web renders `actions` / `showDelete` and keeps no copy of it).
 */

/** Who is looking: the caller's user and organization. */
export interface Viewer {
  userId: string;
  custId: string;
}

/** What each role may do with a device (product §6). */
const DEVICE_ACTIONS: Record<DeviceRole, readonly DeviceAction[]> = {
  owner: ['receivers', 'authorize', 'authorizations', 'users', 'detail', 'edit', 'transfer', 'unbind'],
  authorized: ['receivers', 'authorizations', 'users', 'detail'],
  user: ['detail'],
  receiver: ['detail'],
  none: [],
};
export const deviceActions = (role: DeviceRole): DeviceAction[] => [...DEVICE_ACTIONS[role]];

/** The roles that manage a device's people and data routing. */
export const MANAGERS: ReadonlySet<DeviceRole> = new Set(['owner', 'authorized']);

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

/**
 * Authorization row actions: only the device's owner that granted it acts on it — change the time or recall
 * while it runs, restore (authorize again) once recalled or expired. The borrower has none.
 */
export function authorizationActions(
  a: AuthFacts,
  ownerCustId: string,
  viewer: Viewer,
  now: Date,
): AuthorizationAction[] {
  if (ownerCustId !== viewer.custId || a.fromCustId !== viewer.custId) return [];
  return effectiveStatus(a, now) === 'active' ? ['changeTime', 'recall'] : ['restore'];
}

export function presentAuth(
  a: AuthFacts,
  ownerCustId: string,
  viewer: Viewer,
  now = new Date(),
): AuthorizationRow {
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
    actions: authorizationActions(a, ownerCustId, viewer, now),
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
 * A device row. `auths` must already be what the viewer may see (the owner: all; a borrower: its own).
 * expireTime: the owner's is permanent; a borrower's is its own authorization's end; a device user's is its
 * own window's end (`userEndsAt`); a receiver's is permanent.
 */
export function presentDevice(
  device: DeviceFacts,
  ownerName: string,
  role: DeviceRole,
  auths: AuthFacts[],
  viewer: Viewer,
  userEndsAt: Date | null,
  now = new Date(),
): DeviceRow {
  const rows = auths.map((a) => presentAuth(a, device.ownerCustId, viewer, now));
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
    actions: deviceActions(role),
  };
}

/**
 * Device-user entry actions: the device's owner may edit or remove any entry on its own device; between
 * non-owners only the account that added the entry may.
 */
export function deviceUserActions(
  entry: { createdBy: string },
  role: DeviceRole,
  viewer: Viewer,
): DeviceUserAction[] {
  return role === 'owner' || entry.createdBy === viewer.userId ? ['edit', 'remove'] : [];
}

/** A set privacy bit hides that field from other organizations. */
export const visibleField = (value: string | null, privacy: number, bit: number, own: boolean) =>
  own || (privacy & bit) === 0 ? value : null;

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
  role: DeviceRole,
  viewer: Viewer,
  now = new Date(),
): DeviceUserRow {
  const own = u.custId === viewer.custId;
  const actions = deviceUserActions(u, role, viewer);
  const hideEmail = !own && ((u.custPrivacy ?? Privacy.all) & Privacy.email) !== 0;
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

/**
 * A receiver row. showDelete: the device's owner may delete any receiver of its own device; others only the
 * entries their account added.
 */
export function presentReceiver(
  row: ReceiverFacts,
  cust: CustFacts,
  role: DeviceRole,
  viewer: Viewer,
  now = new Date(),
): ReceiverRow {
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
    // -1: the receiver can no longer receive (its audit failed or the routing expired); the web app removes it.
    allowStatus: cust.status === CustStatus.auditFailed || row.expiresAt <= now ? -1 : 1,
    expireTime: formatExpiry(row.expiresAt)!,
    showDelete: role === 'owner' || row.createdBy === viewer.userId,
  };
}

export function presentSearchResult(c: CustFacts, viewer: Viewer): ReceiverSearchResult {
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
