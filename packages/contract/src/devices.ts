import { z } from 'zod';
import { CaseType } from './constants.ts';
import { expireTime } from './expiry.ts';
import { safeString, uuidParam } from './schemas.ts';

/** Model from the serial's first letter: C → P3, E → smart, anything else → P2 (product §3). */
export function modelOf(serial: string): 'P3' | 'smart' | 'P2' {
  const first = serial.trim().charAt(0).toUpperCase();
  return first === 'C' ? 'P3' : first === 'E' ? 'smart' : 'P2';
}

/** Safe text (no NUL, no lone surrogate), trimmed, of at most `max` characters. */
const text = safeString;
const serial = text(64).min(1);
const caseTypeCode = z.union([
  z.literal(CaseType.orthodontics),
  z.literal(CaseType.implant),
  z.literal(CaseType.restoration),
]);
const uuid = uuidParam;

export const DeviceRoles = ['owner', 'authorized', 'user', 'receiver', 'none'] as const;
export type DeviceRole = (typeof DeviceRoles)[number];

// ---- row actions (what the caller may do with each row; the web renders from these) ----------------

/** Actions on a device row. */
export const DeviceActions = [
  'receivers',
  'authorize',
  'authorizations',
  'users',
  'detail',
  'edit',
  'transfer',
  'unbind',
] as const;
export const deviceAction = z.enum(DeviceActions);
export type DeviceAction = z.infer<typeof deviceAction>;

/** Actions on an authorization row. */
export const AuthorizationActions = ['changeTime', 'recall', 'restore'] as const;
export const authorizationAction = z.enum(AuthorizationActions);
export type AuthorizationAction = z.infer<typeof authorizationAction>;

/** Actions on a device-user row. */
export const DeviceUserActions = ['edit', 'remove'] as const;
export const deviceUserAction = z.enum(DeviceUserActions);
export type DeviceUserAction = z.infer<typeof deviceUserAction>;

// ---- requests (tolerant readers: unknown keys are stripped, never refused) ----------------------

/**
 * The documented table parameters every list call accepts (calls-and-errors §3): `sorter`, `pageSize`
 * (default 15, at most 100), `pageIndex` or its alias `currentPage` (default 1). Numbers may come as strings.
 */
export const tableParams = {
  sorter: text(100).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
  pageIndex: z.coerce.number().int().min(1).optional(),
  currentPage: z.coerce.number().int().min(1).optional(),
};

/** Folds `currentPage` into `pageIndex` (default 1): `z.object({...tableParams, …}).transform(foldPage)`. */
export const foldPage = <T extends { pageIndex?: number | undefined; currentPage?: number | undefined }>({
  currentPage,
  ...rest
}: T) => ({ ...rest, pageIndex: (rest.pageIndex ?? currentPage ?? 1) as number });

export const bindBody = z.object({
  number: serial,
  secret: text(64),
  name: text(64),
  memo: text(500).optional(),
  encryptType: z.union([z.literal(1), z.literal(2)]).default(1),
  comCode: z.literal(1).default(1),
  scanType: z.enum(['ply', 'stl']).default('ply'),
});

export const unbindBody = z.object({ number: serial, secret: text(64) });

/** Sorters of the device lists; anything else falls back to the default (activation time, newest first). */
export const DeviceSorters = [
  'activationTime desc',
  'activationTime asc',
  'registTime desc',
  'registTime asc',
  'name asc',
  'name desc',
  'number asc',
  'number desc',
] as const;

export const deviceListBody = z
  .object({
    ...tableParams,
    keyword: text(100).optional(),
    /** Only devices lent to the caller's organization, or lent out by it (any authorization status). */
    lent: z.enum(['toMe', 'byMe']).optional(),
  })
  .transform(foldPage);

export const updateDeviceBody = z.object({
  id: uuid,
  name: text(64),
  memo: text(500).optional(),
  encryptType: z.union([z.literal(1), z.literal(2)]),
  scanType: z.enum(['ply', 'stl']),
});

export const authorizeBody = z.object({
  number: serial,
  secret: text(64),
  custIds: z.array(uuid).min(1).max(20),
  expireTime,
});

export const editAuthBody = z.object({ id: uuid, expireTime });
export const recallAuthBody = z.object({ id: uuid, secret: text(64).optional() });
export const batchAuthTimeBody = z.object({ ids: z.array(uuid).min(1).max(200), expireTime });

export const resellBody = z.object({ number: serial, secret: text(64), custId: uuid });

export const addDeviceUserBody = z.object({
  number: text(64),
  /** Usernames or e-mails of members of the caller's own organization. */
  users: z.array(text(100).min(1)).min(1).max(20),
  startTime: expireTime.optional(),
  endTime: expireTime,
});
export const editDeviceUserBody = z.object({
  id: uuid,
  startTime: expireTime.optional(),
  endTime: expireTime,
});

export const addReceiverBody = z.object({
  number: text(64),
  caseType: z.array(caseTypeCode).min(1).max(3),
  custId: uuid,
  memo: text(500).optional(),
  expireTime: expireTime.optional(),
});
export const deleteReceiverBody = z.object({
  number: serial,
  custId: uuid,
  deleteid: z.array(uuid).max(50),
});

export const receiverSearchQuery = z.object({
  key: text(100).default(''),
  max: z.coerce.number().int().min(1).max(10).default(10),
});

// ---- responses ------------------------------------------------------------

export const authorizationRow = z.object({
  id: z.string(),
  deviceId: z.string(),
  number: z.string(),
  custId: z.string(),
  custName: z.string(),
  fromCustId: z.string(),
  fromCustName: z.string(),
  expireTime: z.string(),
  status: z.enum(['active', 'recalled', 'expired']),
  flag: z.enum(['normal', 'dueSoon', 'expired', 'permanent']),
  createdBy: z.string(),
  createdAt: z.string(),
  /** What the caller may do with this authorization (owner: changeTime and recall while live, restore after). */
  actions: z.array(authorizationAction),
});
export type AuthorizationRow = z.infer<typeof authorizationRow>;

export const deviceRow = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  model: z.enum(['P3', 'smart', 'P2']),
  memo: z.string().nullable(),
  encryptType: z.number().int(),
  scanType: z.string(),
  activationTime: z.string(),
  ownerCustId: z.string(),
  ownerCustName: z.string(),
  role: z.enum(DeviceRoles),
  /** For an authorized organization: its own authorization's end; for the owner: permanent. */
  expireTime: z.string(),
  flag: z.enum(['normal', 'dueSoon', 'expired', 'permanent']),
  authorizations: z.array(authorizationRow),
  /** What the caller may do with this device, from its role (the one permission matrix is the server's). */
  actions: z.array(deviceAction),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const paged = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    records: z.array(row),
    totalRecords: z.number().int(),
    pageSize: z.number().int(),
    pageIndex: z.number().int(),
  });

export const bindResult = z.object({ code: z.literal(0), id: z.string() });

export const deviceUserRow = z.object({
  id: z.string(),
  deviceId: z.string(),
  userId: z.string(),
  username: z.string(),
  custName: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  flag: z.enum(['normal', 'dueSoon', 'expired', 'permanent']),
  createdBy: z.string(),
  /** Kept for older clients: equals actions.includes('remove'). */
  showDelete: z.boolean(),
  actions: z.array(deviceUserAction),
});
export type DeviceUserRow = z.infer<typeof deviceUserRow>;

/** One receiver entry: one case type of the device routed to one organization (what a delete names by id). */
export const receiverEntry = z.object({
  id: z.string(),
  caseType: z.number().int(),
  /** The account that added the entry (only it, or the device's owner, may delete it). */
  siginUserId: z.string(),
  /** -1: this entry can no longer receive (the organization failed its audit, or the routing expired). */
  allowStatus: z.number().int(),
  expireTime: z.string(),
  showDelete: z.boolean(),
});
export type ReceiverEntry = z.infer<typeof receiverEntry>;

/**
 * A receiver row (product §3, calls §3): one per organization, its entries merged — `caseType` is the list of its
 * case types. `id` and `siginUserId` are those of its first entry; `allowStatus` is -1 when any entry can no longer
 * receive; `expireTime` the earliest end; `showDelete` true when the caller may delete at least one entry. `entries`
 * keeps each case type's own id, signer and flags (a delete names the entry ids, `deleteid`).
 */
export const receiverRow = z.object({
  id: z.string(),
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  privacy: z.number().int(),
  caseType: z.array(z.number().int()),
  siginUserId: z.string(),
  allowStatus: z.number().int(),
  expireTime: z.string(),
  showDelete: z.boolean(),
  entries: z.array(receiverEntry),
});
export type ReceiverRow = z.infer<typeof receiverRow>;

/** A receiver record across the organization's devices (the first-use guide's check): one entry, one case type. */
export const receiverRecord = receiverEntry.extend({
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  privacy: z.number().int(),
  deviceId: z.string(),
  number: z.string(),
  registTime: z.string(),
});
export type ReceiverRecord = z.infer<typeof receiverRecord>;
/** sorter: 'registTime desc' (default) or 'registTime asc'; anything else reads as the default. */
export const receiverPageBody = z.object(tableParams).transform(foldPage);

export const receiverSearchResult = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  privacy: z.number().int(),
  showAdd: z.boolean(),
});
export type ReceiverSearchResult = z.infer<typeof receiverSearchResult>;

/** Per-item outcome of a call that acts on several things at once (authorize, add users, batch extension). */
export const itemResult = z.object({ item: z.string(), code: z.number().int(), key: z.string().nullable() });
export const batchResult = z.object({ code: z.literal(0), results: z.array(itemResult) });

// ---- registry (platform administrator) ----------------------------------

export const registryRow = z.object({
  serial: z.string(),
  model: z.enum(['P3', 'smart', 'P2']),
  area: z.string(),
  bound: z.boolean(),
  ownerCustName: z.string().nullable(),
  createdAt: z.string(),
});
export const registryListQuery = z
  .object({ ...tableParams, keyword: text(100).optional() })
  .transform(foldPage);
export const addRegistryBody = z.object({
  serial: text(64)
    .min(1)
    .regex(/^[A-Za-z0-9-]+$/),
  bindCode: text(64).min(1),
  area: text(32).min(1).optional(),
});
export const importRegistryBody = z.object({ csv: safeString(5 * 1024 * 1024) });
export const importReport = z.object({
  imported: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), serial: z.string(), key: z.string() })),
});
