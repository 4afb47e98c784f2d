import { z } from 'zod';
import { attachment } from './attachments.ts';
import { foldPage, paged, tableParams } from './devices.ts';
import { usernameSchema } from './registration.ts';
import { pageFlags } from './orgs.ts';
import { passwordSchema, safeString, uuidParam } from './schemas.ts';

/**
 * The administrator's console (`/manager`, issue 13): organizations, users and administrators, under
 * `/api2/admin/console/*`, administrators only (HTTP 403 code 100 for everyone else). Every call is audited.
 */

/** A yes/no filter in a query string: `true`/`false` (or 1/0); absent: both. */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

// ---- organizations --------------------------------------------------------------------------------------------

/**
 * `GET /api2/admin/console/orgs`: every organization, newest first. `keyword` matches a part of the name, e-mail,
 * phone or credit code (any letter case); `status` the certification (0 verified, 1 under review, 2 refused),
 * `type` the custType (2 clinic, 3 lab, 4 distributor), `disabled` whether the administrator disabled it.
 */
export const consoleOrgListQuery = z
  .object({
    ...tableParams,
    keyword: safeString(100).optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
    type: z.coerce.number().int().min(2).max(4).optional(),
    disabled: flag.optional(),
  })
  .transform(foldPage);
export type ConsoleOrgListQuery = z.infer<typeof consoleOrgListQuery>;

export const consoleOrgRow = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  /** Certification: 0 verified, 1 under review, 2 refused. */
  status: z.number().int(),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  creditCode: z.string().nullable(),
  /** People who belong to it (owners and members). */
  members: z.number().int(),
  /** Scanners bound to it. */
  devices: z.number().int(),
  registTime: z.string(),
});
export type ConsoleOrgRow = z.infer<typeof consoleOrgRow>;
export const consoleOrgPage = paged(consoleOrgRow);

export const consoleOrgMember = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  disabled: z.boolean(),
  joinedAt: z.string(),
});
export type ConsoleOrgMember = z.infer<typeof consoleOrgMember>;

/** `GET /api2/admin/console/orgs/{id}`: everything the console shows of one organization (audited `console.read`). */
export const consoleOrgDetail = consoleOrgRow.extend({
  contact: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  memo: z.string().nullable(),
  timeZone: z.string(),
  auditReason: z.string().nullable(),
  auditedAt: z.string().nullable(),
  licence: attachment.nullable(),
  /** Case copies it holds (its box and its recycle bin). */
  cases: z.number().int(),
  /** Its optional screens (`/user/control/page`). */
  pages: pageFlags,
  /** The reason given when it was last disabled (while it is disabled), from the audit log. */
  disabledReason: z.string().nullable(),
  memberList: z.array(consoleOrgMember),
});
export type ConsoleOrgDetail = z.infer<typeof consoleOrgDetail>;

/**
 * `PUT /api2/admin/console/orgs/{id}/disabled`: disable (its members cannot act for it, it is hidden from searches,
 * nothing is deleted) or enable it again. The reason is kept in the audit log.
 */
export const consoleOrgDisabledBody = z.object({
  disabled: z.boolean(),
  reason: safeString(500).optional(),
});
export type ConsoleOrgDisabledBody = z.infer<typeof consoleOrgDisabledBody>;

// ---- users ----------------------------------------------------------------------------------------------------

/**
 * `GET /api2/admin/console/users`: every account (deleted ones left out), newest first. `keyword` matches a part of
 * the username, e-mail or phone; `disabled` and `admin` narrow.
 */
export const consoleUserListQuery = z
  .object({
    ...tableParams,
    keyword: safeString(100).optional(),
    disabled: flag.optional(),
    admin: flag.optional(),
  })
  .transform(foldPage);
export type ConsoleUserListQuery = z.infer<typeof consoleUserListQuery>;

export const consoleUserOrg = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'member']),
  disabled: z.boolean(),
});

export const consoleUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The organizations the person belongs to (oldest membership first). */
  orgs: z.array(consoleUserOrg),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  passwordResetRequired: z.boolean(),
  createdAt: z.string(),
  /** The last successful sign-in (from the audit log), or null. */
  lastSignIn: z.string().nullable(),
});
export type ConsoleUserRow = z.infer<typeof consoleUserRow>;
export const consoleUserPage = paged(consoleUserRow);

/** `GET /api2/admin/console/users/{id}` (audited `console.read`). */
export const consoleUserDetail = consoleUserRow.extend({
  language: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phoneConfirmed: z.boolean(),
  /** When the account's sessions were last ended (password change or reset, disabling, a forced reset). */
  sessionsValidFrom: z.string().nullable(),
});
export type ConsoleUserDetail = z.infer<typeof consoleUserDetail>;

/** `PUT /api2/admin/console/users/{id}/disabled`: a disabled account cannot sign in and its tokens stop at once. */
export const consoleUserDisabledBody = z.object({ disabled: z.boolean() });
export type ConsoleUserDisabledBody = z.infer<typeof consoleUserDisabledBody>;

/** `POST /api2/admin/console/users/{id}/password-reset`: what was done. */
export const consolePasswordResetAnswer = z.object({
  userId: z.string(),
  passwordResetRequired: z.literal(true),
  /** The address the reset link was mailed to. */
  mailedTo: z.string(),
});

export const consoleIdParams = z.object({ id: uuidParam });

// ---- administrators -------------------------------------------------------------------------------------------

export const consoleAdminRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignIn: z.string().nullable(),
});
export type ConsoleAdminRow = z.infer<typeof consoleAdminRow>;
export const consoleAdminList = z.array(consoleAdminRow);

/**
 * `POST /api2/admin/console/admins`: a new administrator account (separate from any organization's accounts). The
 * username follows product §5's account rule, the password the Password rule (6 to 16 letters, digits or _).
 */
export const consoleAdminBody = z.object({
  username: usernameSchema,
  email: safeString(254).pipe(z.email()),
  password: passwordSchema,
});
export type ConsoleAdminBody = z.infer<typeof consoleAdminBody>;
