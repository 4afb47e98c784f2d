import { z } from 'zod';
import { safeString, uuidParam } from './schemas.ts';

/**
 * The audit log in the administrator's console (`/manager` → Audit log): `GET /api2/admin/audit` and
 * `GET /api2/admin/audit/export`. Paged by key, newest first: `before` is the `next` of the page before.
 */
export const AuditLogLimits = {
  /** Rows per page unless `limit` says otherwise. */
  defaultLimit: 50,
  /** The most rows one page may ask for. */
  maxLimit: 200,
  /** The most rows one CSV export carries; past it the file ends with a line saying so. */
  exportCap: 100_000,
} as const;

export const AuditOutcomes = ['allowed', 'refused'] as const;

/**
 * Actions of the audit log that are not a signed-in person's call of the same name: reads without an account and
 * guesses of one-time secrets. Every other action is named after the call that wrote it (`device.bind`,
 * `console.user.disable`, …; a refusal has the same action with outcome `refused`). The log shows actions as they are
 * stored; its filter takes any of them, or a prefix (`case.report.shared.*`).
 */
export const AuditActionNotes = {
  'case.report.shared.read':
    'A shared case report read without an account (GET /api/report/{token}). actor: none; object: the case; detail: share (the link id), sharedBy (the organization that made it); ip.',
  'case.report.shared.file':
    "A scan of a shared report streamed without an account (GET /api/report/{token}/file/{id}). detail: share, sharedBy, file, range; refused when a live link asks for a file that is not its report's.",
  'case.report.shared.asset':
    "The sharing organization's logo, background, picture or video through a link (GET /api/report/{token}/asset/{id}). detail: share, sharedBy, asset, range; refused for anything else.",
  'user.changePhone.wrongCode':
    'A wrong (or spent) phone confirmation code (PUT /api2/user/phone), always refused. detail: code, key (profilePhone.wrongCode or tooManyTries), phone, tries; never the code guessed.',
} as const satisfies Record<string, string>;
export type NotedAuditAction = keyof typeof AuditActionNotes;

/**
 * The filters. `cust`: the acting organization's id. `user`: the acting user's id, or a username (any letter case).
 * `objectType`, `objectId`: exact (either or both). `action`: exact (`customer.audit`), or a prefix when it ends with
 * `.` or `*` (`device.`, `device.*`: every `device.…` action). `from` (inclusive) and `to` (exclusive) are ISO
 * instants with a zone (`2026-11-28T09:00:00Z`, `…+01:00`). `before`, `from`, `to` and `limit` are checked by the
 * service, each with its own catalogue code (`audit.cursor`, `audit.date`, `audit.range`, `audit.limit`).
 */
export const auditLogFilters = z.object({
  cust: uuidParam.optional(),
  user: safeString(100).optional(),
  objectType: safeString(64).optional(),
  objectId: safeString(200).optional(),
  action: safeString(100).optional(),
  outcome: z.enum(AuditOutcomes).optional(),
  from: safeString(40).optional(),
  to: safeString(40).optional(),
});
export type AuditLogFilters = z.infer<typeof auditLogFilters>;

export const auditLogQuery = auditLogFilters.extend({
  before: safeString(20).optional(),
  limit: safeString(10).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogExportQuery = auditLogFilters.extend({ format: z.enum(['csv']).default('csv') });
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuery>;

export const auditLogRow = z.object({
  id: z.number().int(),
  /** ISO instant (UTC). */
  at: z.string(),
  actorUserId: z.string().nullable(),
  /** The acting user's username (null when there was none or it is gone). */
  actorUsername: z.string().nullable(),
  actorCustId: z.string().nullable(),
  /** The acting organization's name (null when there was none or it is gone). */
  actorCustName: z.string().nullable(),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  outcome: z.enum(AuditOutcomes),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;

/** One page, newest first; `next` is the `before` of the next page, null on the last one. */
export const auditLogPage = z.object({ rows: z.array(auditLogRow), next: z.number().int().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
