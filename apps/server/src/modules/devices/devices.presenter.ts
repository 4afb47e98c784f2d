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
/**
 * The owner of a lent device (a live authorization): "the authorizer may then only change the authorization time
 * or recall it" (product §4), which it does on the authorization rows; lending to further organizations stays
 * (the authorise table's -1 "already authorised" presumes it). Renaming, transfer, unbinding, device users and
 * receivers wait until nothing is lent.
 */
const LENT_OWNER_ACTIONS: readonly DeviceAction[] = ['authorize', 'authorizations', 'detail'];

/** The one rule of what the caller may do with a device; the services refuse exactly what it leaves out. */
export const deviceActions = (role: DeviceRole, lent = false): DeviceAction[] => [
  ...(role === 'owner' && lent ? LENT_OWNER_ACTIONS : DEVICE_ACTIONS[role]),
];

/** The roles that see a device's people and data routing. */
export const MANAGERS: ReadonlySet<DeviceRole> = new Set(['owner', 'authorized']);

/**
 * Whether the caller may change the device's people and data routing: a borrower (within its lending), or the
 * owner while nothing is lent (deviceActions offers 'users' and 'receivers' exactly then).
 */
export const changesEntries = (role: DeviceRole, lent: boolean) =>
  role === 'authorized' || (role === 'owner' && !lent);

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
  lent = false,
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
    actions: deviceActions(role, lent),
  };
}

/**
 * Device-user entry actions: the device's owner may edit or remove any entry on its own device (not while it is
 * lent); a borrower only the entries its account added; anybody else nothing.
 */
export function deviceUserActions(
  entry: { createdBy: string },
  role: DeviceRole,
  viewer: Viewer,
  lent = false,
): DeviceUserAction[] {
  if (!changesEntries(role, lent)) return [];
  return role === 'owner' || entry.createdBy === viewer.userId ? ['edit', 'remove'] : [];
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
  role: DeviceRole,
  viewer: Viewer,
  now = new Date(),
  lent = false,
): DeviceUserRow {
  const own = u.custId === viewer.custId;
  const actions = deviceUserActions(u, role, viewer, lent);
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

/** Whether the caller may delete a receiver entry: the device's owner any (not while lent), a borrower its own. */
const receiverDeletable = (row: ReceiverFacts, role: DeviceRole, viewer: Viewer, lent: boolean) =>
  changesEntries(role, lent) && (role === 'owner' || row.createdBy === viewer.userId);

/** -1: the receiver can no longer receive (its audit failed or the routing expired); the web app removes it. */
const allowStatusOf = (row: ReceiverFacts, cust: CustFacts, now: Date) =>
  cust.status === CustStatus.auditFailed || row.expiresAt <= now ? -1 : 1;

/** One receiver entry (one case type) as a record of the organization's receiver page. */
export function presentReceiverEntry(
  row: ReceiverFacts,
  cust: CustFacts,
  role: DeviceRole,
  viewer: Viewer,
  now = new Date(),
  lent = false,
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
    showDelete: receiverDeletable(row, role, viewer, lent),
  };
}

/**
 * A device's receiver rows (product §3, calls §3): the entries of one organization merged into one row whose
 * caseType is a list, in the order the entries come. `entries` keeps each entry's id (what a delete names),
 * signer, allowStatus, expiry and showDelete.
 */
export function presentReceivers(
  rows: readonly { row: ReceiverFacts; cust: CustFacts }[],
  role: DeviceRole,
  viewer: Viewer,
  now = new Date(),
  lent = false,
): ReceiverRow[] {
  const byCust = new Map<string, ReceiverRow>();
  const earliest = new Map<string, Date>();
  for (const { row, cust } of rows) {
    const e = presentReceiverEntry(row, cust, role, viewer, now, lent);
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
