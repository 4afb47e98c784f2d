import { z } from 'zod';
import { attachment } from './attachments.ts';
import { CustType } from './constants.ts';
import { foldPage, paged, tableParams } from './devices.ts';
import { customer, safeString, uuidParam } from './schemas.ts';

/**
 * Organizations: create (`POST /api2/cust`, `POST /cust/clinic`), edit (`PUT /api2/cust`), certification data
 * (`PUT /api2/cust/credit`), delete (`DELETE /api2/cust/{id}`), and the platform administrator's certification
 * queue and mail outbox (`/api2/admin/cust`, `/api2/admin/mail`).
 */

/** An organization's name: 1 to 100 characters after trimming, unique on the platform in any letter case. */
export const OrgName = { min: 1, max: 100 } as const;
export const orgNameSchema = z.string().trim().min(OrgName.min).max(OrgName.max);

/** The types an organization may be created as: clinic 2, lab 3, distributor 4. */
export const orgTypeSchema = z.union([
  z.literal(CustType.clinic),
  z.literal(CustType.lab),
  z.literal(CustType.distributor),
]);

const required = (max: number) => safeString(max).min(1);
const optional = (max: number) => safeString(max).nullish();
const email = safeString(254)
  .pipe(z.union([z.literal(''), z.email()]))
  .nullish();

/** The licence file types (product §5): what `POST /attachment` accepts and the web form offers. */
export const LICENCE_TYPES = ['jpg', 'png', 'pdf'] as const;
/** The licence's size limit, as `POST /attachment` enforces it. */
export const LICENCE_MAX_MB = 10;

/**
 * The organization's own fields (product §3/§5). Required: name, custType, contact (responsible person), phone,
 * creditCode (unified social credit code). `name` is checked by the service (so an empty or over-long name answers
 * the documented "name tip" code -1 rather than the parameter code); its schema here only bounds the input.
 */
const orgFields = {
  name: safeString(1000).default(''),
  contact: required(100),
  phone: required(40),
  creditCode: required(64),
  email,
  address: optional(300),
  country: optional(60),
  region: optional(60),
  city: optional(100),
  street: optional(200),
  memo: optional(500),
};

/**
 * `POST /api2/cust` and `POST /cust/clinic`. `licenseFile` is the id `POST /attachment` answered; optional (product
 * §5 does not list it among the required fields), but an organization without one cannot be verified: send it later
 * with `PUT /api2/cust/credit`.
 */
export const createOrgBody = z.object({
  ...orgFields,
  custType: orgTypeSchema,
  licenseFile: uuidParam.nullish(),
});
export type CreateOrgBody = z.infer<typeof createOrgBody>;

/**
 * `PUT /api2/cust`: any of the organization's fields; missing ones stay as they are, `null` clears an optional one.
 * The type cannot change (devices and cases depend on it). Changing the credit code of a verified organization, or
 * any edit of one whose audit failed, puts it back under review.
 */
export const updateOrgBody = z.object({
  name: safeString(1000).optional(),
  contact: required(100).optional(),
  phone: required(40).optional(),
  creditCode: required(64).optional(),
  email,
  address: optional(300),
  country: optional(60),
  region: optional(60),
  city: optional(100),
  street: optional(200),
  memo: optional(500),
});
export type UpdateOrgBody = z.infer<typeof updateOrgBody>;

/** `PUT /api2/cust/credit`: submit or resubmit the certification data; the organization goes under review. */
export const creditBody = z.object({ creditCode: required(64), licenseFile: uuidParam });
export type CreditBody = z.infer<typeof creditBody>;

/** The organization as its members see it on the organization tab: `GET /api2/cust` plus certification. */
export const orgDetail = customer.extend({
  /** Set when the last audit failed: the administrator's reason. */
  auditReason: z.string().nullable(),
  auditedAt: z.string().nullable(),
  /** The business licence (read with the token at its `url`), if one was sent. */
  licence: attachment.nullable(),
  /** The caller's role in the organization: 'owner' (its administrator) or 'member'. */
  role: z.enum(['owner', 'member']),
  /** What the caller may do: edit, delete (owner), resubmit (owner, after a failed audit). */
  actions: z.array(z.enum(['edit', 'delete', 'resubmit'])),
});
export type OrgDetail = z.infer<typeof orgDetail>;

// ---- platform administrator: certification -------------------------------------------------------------------

/** `GET /api2/admin/cust`: status 1 (default) is the queue, oldest first; 0 and 2 the decided ones, newest first. */
export const certificationListQuery = z
  .object({
    ...tableParams,
    status: z.coerce.number().int().min(0).max(2).default(1),
    keyword: safeString(100).optional(),
  })
  .transform(foldPage);
export type CertificationListQuery = z.infer<typeof certificationListQuery>;

export const certificationRow = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  creditCode: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  status: z.number().int(),
  registTime: z.string(),
  auditReason: z.string().nullable(),
  auditedAt: z.string().nullable(),
  licence: attachment.nullable(),
  /** Who created it (username), if still known. */
  createdBy: z.string().nullable(),
});
export type CertificationRow = z.infer<typeof certificationRow>;
export const certificationPage = paged(certificationRow);

/**
 * The optional screens of an organization (`/user/control/page` content.thirdPageControl), switched by the platform
 * administrator: order (/customizeOrder), compare (/caseCompare), builder (/caseBuilder).
 */
export const pageFlags = z.object({ order: z.boolean(), compare: z.boolean(), builder: z.boolean() });
export type PageFlags = z.infer<typeof pageFlags>;
/** `PUT /api2/admin/cust/{id}/pages`: the switches to change (the others stay). */
export const pageFlagsBody = pageFlags.partial();
/** `GET /api2/admin/cust/pages`: every organization (any status), name order; keyword matches name or e-mail. */
export const pageFlagsListQuery = z
  .object({ ...tableParams, keyword: safeString(100).optional() })
  .transform(foldPage);
export type PageFlagsListQuery = z.infer<typeof pageFlagsListQuery>;
export const pageFlagsRow = pageFlags.extend({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  status: z.number().int(),
});
export type PageFlagsRow = z.infer<typeof pageFlagsRow>;
export const pageFlagsPage = paged(pageFlagsRow);

/** `PUT /api2/admin/cust/{id}/audit`: 0 verified, 2 refused (reason required, mailed to the organization). */
export const auditBody = z.object({
  status: z.union([z.literal(0), z.literal(2)]),
  reason: safeString(500).optional(),
});
export type AuditBody = z.infer<typeof auditBody>;

export const orgIdParams = z.object({ id: uuidParam });

// ---- platform administrator: mail outbox ----------------------------------------------------------------------

export const outboxListQuery = z
  .object({
    ...tableParams,
    keyword: safeString(100).optional(),
    state: z.enum(['pending', 'sent', 'failed', 'outbox']).optional(),
  })
  .transform(foldPage);
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxRow = z.object({
  id: z.string(),
  /** `email` or `sms`. */
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  /** pending, sent, failed, outbox (kept for the administrator: no SMTP relay, or a text message). */
  state: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRow>;
export const outboxPage = paged(outboxRow);

/** One message with its plain-text body (the HTML alternative is not served: it is the same text). */
export const outboxMessage = outboxRow.extend({ text: z.string() });
export type OutboxMessage = z.infer<typeof outboxMessage>;
