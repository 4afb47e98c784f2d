import { z } from 'zod';
import { foldPage, tableParams } from './devices.ts';
import { safeString, uuidParam } from './schemas.ts';

/**
 * Partners and third-party cooperation (product §1, §2 "/partner", §4 "Third-party cooperation"). The spec shows no
 * paths for these; Archway's are below and in the OpenAPI text.
 */

// ---- partners ----------------------------------------------------------------------------------------

/**
 * How an organization relates to the caller's:
 * - `lendsToMe`: it lends the caller devices (a live authorization), `lendsFromMe`: the caller lends it devices;
 * - `receivesMyScans`: the caller's scans go to it (a live receiver entry on a device the caller owns or borrows, or
 *   a case among the caller's latest 2,000 that it received, or that the caller forwarded to it);
 * - `sendsMeScans`: its scans come to the caller (a live receiver entry naming the caller on its device, or a case
 *   among the caller's latest 2,000 that it sent or forwarded);
 * - `cooperation`: an open third-party cooperation.
 */
export const PartnerRelations = [
  'lendsToMe',
  'lendsFromMe',
  'receivesMyScans',
  'sendsMeScans',
  'cooperation',
] as const;
export const partnerRelation = z.enum(PartnerRelations);
export type PartnerRelation = z.infer<typeof partnerRelation>;

/**
 * `GET /api2/cust/partner?type=&key=&pageIndex=&pageSize=`: the caller's partner organizations of one type (2
 * clinics, 3 labs; absent: all), by name. `key` matches a substring of the name where the organization lets itself
 * be found by name, its exact e-mail or phone where it lets itself be found by them and its privacy shows them.
 */
export const partnerListQuery = z
  .object({
    ...tableParams,
    type: z.coerce
      .number()
      .pipe(z.union([z.literal(2), z.literal(3), z.literal(4)]))
      .optional(),
    key: safeString(100).optional(),
  })
  .transform(foldPage);
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

/**
 * A partner: its contact details as far as its privacy allows (bit 2 hides `email`, 4 `phone`, 8 `address`, `city`
 * and `street`: hidden fields are null), how it relates to the caller, and how many devices are lent each way.
 */
export const partnerRow = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  contact: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  address: z.string().nullable(),
  privacy: z.number().int(),
  relations: z.array(partnerRelation),
  /** Devices it lends the caller now (live authorizations). */
  devicesLentToMe: z.number().int(),
  /** Devices the caller lends it now. */
  devicesLentFromMe: z.number().int(),
});
export type PartnerRow = z.infer<typeof partnerRow>;

// ---- third-party cooperation ----------------------------------------------------------------------------

/** A cooperation's state: applied (0), open (1), closed (2: refused or cancelled). */
export const CooperationState = { applied: 0, open: 1, closed: 2 } as const;
export type CooperationStateCode = (typeof CooperationState)[keyof typeof CooperationState];

/** What the caller may do with a cooperation: the side applied to accepts or refuses; either side cancels. */
export const CooperationActions = ['accept', 'refuse', 'cancel'] as const;
export const cooperationAction = z.enum(CooperationActions);
export type CooperationAction = z.infer<typeof cooperationAction>;

/** `GET /api2/cust/cooperation?state=&pageIndex=&pageSize=`: both directions, live ones first, newest first. */
export const cooperationListQuery = z
  .object({
    ...tableParams,
    state: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
      .optional(),
  })
  .transform(foldPage);
export type CooperationListQuery = z.infer<typeof cooperationListQuery>;

export const cooperationRow = z.object({
  id: z.string(),
  /** The other organization. */
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  state: z.number().int(),
  /** `out`: the caller's organization applied; `in`: the other one did. */
  direction: z.enum(['out', 'in']),
  /** Applied, decided (accepted or refused), closed: UTC `YYYY-MM-DD HH:mm:ss`. */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Closed: `refused` (by the side applied to, before it opened), `cancelled` (withdrawn or ended), else null. */
  closedHow: z.enum(['refused', 'cancelled']).nullable(),
  /** Closed: whether the caller's organization closed it. */
  closedByMe: z.boolean().nullable(),
  actions: z.array(cooperationAction),
});
export type CooperationRow = z.infer<typeof cooperationRow>;

/** `POST /api2/cust/cooperation {custId}`: apply for a cooperation with another verified organization. */
export const applyCooperationBody = z.object({ custId: uuidParam });
/** `PUT /api2/cust/cooperation/{id} {accept}`: the side applied to accepts (open) or refuses (closed). */
export const decideCooperationBody = z.object({
  accept: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
export const cooperationIdParam = z.object({ id: uuidParam });

// ---- forwarding a received case --------------------------------------------------------------------------

/** `POST /api/case/forward {id, custId}`: a lab forwards a case it received to a third party it cooperates with. */
export const forwardCaseBody = z.object({ id: uuidParam, custId: uuidParam });
export type ForwardCaseBody = z.infer<typeof forwardCaseBody>;
