import { z } from 'zod';

/**
 * What the bell lists (issue 10): the kinds of notice a person gets. `newCase` (a case arrived in the organization's
 * box), `reply` (a comment on a case), `task` (an order finished, a conversion done), the device changes
 * (`deviceBound`, `deviceLent`, `deviceTransferred`, `deviceRecalled`, `deviceExpiring`) and `certification` (the
 * organization verified or refused).
 */
export const NoticeKind = {
  newCase: 'newCase',
  reply: 'reply',
  task: 'task',
  deviceBound: 'deviceBound',
  deviceLent: 'deviceLent',
  deviceTransferred: 'deviceTransferred',
  deviceRecalled: 'deviceRecalled',
  deviceExpiring: 'deviceExpiring',
  certification: 'certification',
} as const;
export type NoticeKind = (typeof NoticeKind)[keyof typeof NoticeKind];

/** The device change a device notice names. */
export const DeviceNoticeKinds = [
  NoticeKind.deviceBound,
  NoticeKind.deviceLent,
  NoticeKind.deviceTransferred,
  NoticeKind.deviceRecalled,
  NoticeKind.deviceExpiring,
] as const;
export type DeviceNoticeKind = (typeof DeviceNoticeKinds)[number];

// ---- service contacts -----------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max);

/** One service desk's details, as the platform administrator sets them in /manager. */
export const serviceContact = z.object({
  text: text(500).describe('What the desk helps with, shown above the details'),
  phone: text(40),
  email: z.union([z.literal(''), z.email().max(200)]),
});
export type ServiceContact = z.infer<typeof serviceContact>;

/** Both desks: pre-sales (organizations not yet verified or without devices) and after-sales (the others). */
export const serviceContacts = z.object({
  preSales: serviceContact,
  afterSales: serviceContact,
});
export type ServiceContacts = z.infer<typeof serviceContacts>;

export const ServiceDesk = { preSales: 'preSales', afterSales: 'afterSales' } as const;
export type ServiceDesk = (typeof ServiceDesk)[keyof typeof ServiceDesk];

/**
 * `GET /api/service/contacts`: the desk that applies to the caller's organization, with its details; `contact` is
 * null while the administrator has not set that desk (no text, phone or e-mail): the web then shows no entry.
 */
export const serviceContactAnswer = z.object({
  desk: z.enum(['preSales', 'afterSales']),
  contact: serviceContact.nullable(),
});
export type ServiceContactAnswer = z.infer<typeof serviceContactAnswer>;
