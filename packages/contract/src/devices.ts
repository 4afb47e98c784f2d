import { z } from 'zod';
import { CaseType, PERMANENT_EXPIRY } from './constants.ts';

/** Model from the serial's first letter: C → P3, E → smart, anything else → P2 (product §3). */
export function modelOf(serial: string): 'P3' | 'smart' | 'P2' {
  const first = serial.trim().charAt(0).toUpperCase();
  return first === 'C' ? 'P3' : first === 'E' ? 'smart' : 'P2';
}

export const EXPIRY_PRESETS = ['today', '7d', '15d', '1m', '3m', '6m', '1y', '5y', 'permanent'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

/** Epoch seconds the spec also reads as permanent. */
export const PERMANENT_EPOCH = 253402185600;
export const PERMANENT_DATE = new Date('9999-12-31T23:59:59Z');
/** An authorization ending within this many days is flagged "due soon". */
export const DUE_SOON_DAYS = 7;

/** End of the chosen preset, counted from `now` (today = the end of today, UTC). */
export function expiryFromPreset(preset: ExpiryPreset, now = new Date()): Date {
  if (preset === 'permanent') return PERMANENT_DATE;
  const d = new Date(now);
  if (preset === 'today') {
    d.setUTCHours(23, 59, 59, 0);
    return d;
  }
  const n = Number.parseInt(preset, 10);
  if (preset.endsWith('d')) d.setUTCDate(d.getUTCDate() + n);
  else if (preset.endsWith('m')) d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
}

/** 9999/12/31 23:59:59, 9999-12-31 and epoch 253402185600 all mean permanent. */
export function isPermanent(value: string | number | Date | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value >= PERMANENT_EPOCH;
  if (value instanceof Date) return value.getUTCFullYear() >= 9999;
  return /^\s*9999[-/]12[-/]31/.test(value);
}

/**
 * An expiry as the API accepts it: a preset name, an ISO or "YYYY-MM-DD HH:mm:ss" date-time (UTC),
 * "9999-12-31", or epoch seconds. Normalized to a Date; every permanent form becomes PERMANENT_DATE.
 */
export const expireTime = z
  .union([z.string().trim().min(1), z.number().int().positive()])
  .transform((v, ctx) => {
    if (typeof v === 'string' && (EXPIRY_PRESETS as readonly string[]).includes(v))
      return expiryFromPreset(v as ExpiryPreset);
    if (isPermanent(v)) return PERMANENT_DATE;
    const d =
      typeof v === 'number'
        ? new Date(v * 1000)
        : new Date(
            /^\d{4}[-/]\d{2}[-/]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v)
              ? `${v.replaceAll('/', '-').replace(' ', 'T')}Z`
              : v,
          );
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'not a date, a preset or a permanent marker' });
      return z.NEVER;
    }
    return d;
  });

/** Dates leave the server as "YYYY-MM-DD HH:mm:ss" (UTC); permanent as 9999-12-31 23:59:59. */
export function formatExpiry(d: Date | null): string | null {
  if (!d) return null;
  if (isPermanent(d)) return PERMANENT_EXPIRY;
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export type ExpiryFlag = 'normal' | 'dueSoon' | 'expired' | 'permanent';
export function expiryFlag(d: Date | null, now = new Date()): ExpiryFlag {
  if (!d || isPermanent(d)) return 'permanent';
  if (d.getTime() <= now.getTime()) return 'expired';
  if (d.getTime() - now.getTime() <= DUE_SOON_DAYS * 86400_000) return 'dueSoon';
  return 'normal';
}

const serial = z.string().trim().min(1).max(64);
const caseTypeCode = z.union([
  z.literal(CaseType.orthodontics),
  z.literal(CaseType.implant),
  z.literal(CaseType.restoration),
]);
const uuid = z.uuid();

export const DeviceRoles = ['owner', 'authorized', 'user', 'receiver', 'none'] as const;
export type DeviceRole = (typeof DeviceRoles)[number];

// ---- requests -------------------------------------------------------------

export const bindBody = z.strictObject({
  number: serial,
  secret: z.string().trim().max(64),
  name: z.string().trim().max(64),
  memo: z.string().trim().max(500).optional(),
  encryptType: z.union([z.literal(1), z.literal(2)]).default(1),
  comCode: z.literal(1).default(1),
  scanType: z.enum(['ply', 'stl']).default('ply'),
});

export const unbindBody = z.strictObject({ number: serial, secret: z.string().trim().max(64) });

export const deviceListBody = z.strictObject({
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(100).optional(),
  /** Only devices lent to the caller's organization, or lent out by it (any authorization status). */
  lent: z.enum(['toMe', 'byMe']).optional(),
});

export const updateDeviceBody = z.strictObject({
  id: uuid,
  name: z.string().trim().max(64),
  memo: z.string().trim().max(500).optional(),
  encryptType: z.union([z.literal(1), z.literal(2)]),
  scanType: z.enum(['ply', 'stl']),
});

export const authorizeBody = z.strictObject({
  number: serial,
  secret: z.string().trim().max(64),
  custIds: z.array(uuid).min(1).max(20),
  expireTime,
});

export const editAuthBody = z.strictObject({ id: uuid, expireTime });
export const recallAuthBody = z.strictObject({ id: uuid, secret: z.string().trim().max(64).optional() });
export const batchAuthTimeBody = z.strictObject({ ids: z.array(uuid).min(1).max(200), expireTime });

export const resellBody = z.strictObject({ number: serial, secret: z.string().trim().max(64), custId: uuid });

export const addDeviceUserBody = z.strictObject({
  number: serial,
  users: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
  startTime: expireTime.optional(),
  endTime: expireTime,
});
export const editDeviceUserBody = z.strictObject({
  id: uuid,
  startTime: expireTime.optional(),
  endTime: expireTime,
});

export const addReceiverBody = z.strictObject({
  number: serial,
  caseType: z.array(caseTypeCode).min(1).max(3),
  custId: uuid,
  memo: z.string().trim().max(500).optional(),
  expireTime: expireTime.optional(),
});
export const deleteReceiverBody = z.strictObject({
  number: serial,
  custId: uuid,
  deleteid: z.array(uuid).max(50),
});

export const receiverSearchQuery = z.object({
  key: z.string().trim().max(100).default(''),
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
  showDelete: z.boolean(),
});
export type DeviceUserRow = z.infer<typeof deviceUserRow>;

export const receiverRow = z.object({
  id: z.string(),
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  privacy: z.number().int(),
  caseType: z.number().int(),
  siginUserId: z.string(),
  allowStatus: z.number().int(),
  expireTime: z.string(),
  showDelete: z.boolean(),
});
export type ReceiverRow = z.infer<typeof receiverRow>;

/** A receiver record across the organization's devices (the first-use guide's check). */
export const receiverRecord = receiverRow.extend({
  deviceId: z.string(),
  number: z.string(),
  registTime: z.string(),
});
export type ReceiverRecord = z.infer<typeof receiverRecord>;
export const receiverPageBody = z.strictObject({
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  sorter: z.enum(['registTime desc', 'registTime asc']).default('registTime desc'),
});

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
export const registryListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const addRegistryBody = z.strictObject({
  serial: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
  bindCode: z.string().trim().min(1).max(64),
  area: z.string().trim().min(1).max(32).optional(),
});
export const importRegistryBody = z.strictObject({ csv: z.string().max(5 * 1024 * 1024) });
export const importReport = z.object({
  imported: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), serial: z.string(), key: z.string() })),
});
