import './zod-config.ts';
import { z } from 'zod';
import { Languages, Password, Regions, ServiceNames } from './constants.ts';
import { BrandIds, type BrandId } from './brands.ts';

export const passwordSchema = z
  .string()
  .min(Password.min)
  .max(Password.max)
  .regex(Password.pattern, 'letters, digits and underscore only');

/** A NUL byte, or a UTF-16 surrogate half without its other half (not valid Unicode; PostgreSQL refuses both). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds no NUL byte and no lone surrogate. */
export const isSafeText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/**
 * Every string a request carries: trimmed, at most `max` characters, no NUL byte, no lone surrogate.
 * Chain `.min(1)` where empty is refused.
 */
export const safeString = (max: number) =>
  z.string().trim().max(max).refine(isSafeText, { message: 'contains a NUL byte or an unpaired surrogate' });

/** An id in a path or body: a UUID (8-4-4-4-12 hex digits); anything else is the call's parameter error. */
export const uuidParam = z.guid();

/** Bounds of a stored `property` object (users and organizations). */
export const PropertyLimits = { maxJsonBytes: 16 * 1024, maxDepth: 8 } as const;

/**
 * Nesting depth of a JSON value: a scalar is 0, `{}` and `[]` are 1. Never descends more than `limit` levels,
 * so a hostile document cannot exhaust the stack: the answer is then `limit + 1`.
 */
export function jsonDepth(value: unknown, limit = 64): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(child, limit - 1));
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

/** Every key and string value of a JSON value is safe text (see `isSafeText`). */
export function isSafeJson(value: unknown): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (typeof value !== 'object' || value === null) return true;
  for (const [k, v] of Object.entries(value)) if (!isSafeText(k) || !isSafeJson(v)) return false;
  return true;
}

/** A stored `property` object as it leaves the server: `{}` means a new user. */
export const propertyObject = z.record(z.string(), z.unknown());

/**
 * The `property` object a caller sends: at most 16 KiB of JSON (UTF-8), nested at most 8 deep, safe text only.
 * Responses use `propertyObject` (a merged object may grow past one request's bound).
 */
export const userProperty = propertyObject.superRefine((value, ctx) => {
  if (jsonDepth(value, PropertyLimits.maxDepth) > PropertyLimits.maxDepth)
    ctx.addIssue({ code: 'custom', message: `nested deeper than ${PropertyLimits.maxDepth}` });
  else if (!isSafeJson(value))
    ctx.addIssue({ code: 'custom', message: 'contains a NUL byte or an unpaired surrogate' });
  else if (new TextEncoder().encode(JSON.stringify(value)).length > PropertyLimits.maxJsonBytes)
    ctx.addIssue({ code: 'custom', message: `larger than ${PropertyLimits.maxJsonBytes} bytes of JSON` });
});

export const currentUser = z.object({
  userId: z.string(),
  username: z.string(),
  /** Archway's (issue 33): the person's own name, null until they give one (the username is for signing in). */
  name: z.string().nullable().optional(),
  access: z.array(z.string()),
  custType: z.number().int().nullable(),
  custId: z.string().nullable(),
  custName: z.string().nullable(),
  custStatus: z.number().int().nullable(),
  wxId: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  phoneConfirmed: z.string(),
  emailConfirmed: z.string(),
  property: propertyObject,
  isAdmin: z.boolean(),
  /** Archway's (issue 34): the stored full language and time zone (`PUT /api2/user/language`); null until set. */
  language: z.enum(Languages).nullable().optional(),
  timeZone: z.string().nullable().optional(),
  /**
   * The organization the platform administrator disabled, when the person acts for none because of it (custId is
   * then null; calls needing an organization answer `cust.disabled`).
   */
  disabledCust: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  creditCode: z.string().nullable(),
  status: z.number().int(),
  registTime: z.string(),
  memo: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  privacy: z.number().int(),
  property: propertyObject,
});
export type Customer = z.infer<typeof customer>;

export const updateUserBody = z.object({ property: userProperty });
export const updateCustPropertyBody = z.object({ property: userProperty });

/** `GET /user/control/page`: which optional screens the organization has (calls-and-errors §7.5). */
export const pageControl = z.object({
  code: z.literal(0),
  content: z.object({
    thirdPageControl: z.object({ order: z.boolean(), compare: z.boolean(), builder: z.boolean() }),
  }),
});
export type PageControl = z.infer<typeof pageControl>;

export const servicesMap = z.record(z.enum(ServiceNames), z.string());

export const identitySettings = z.object({
  authority: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  silent_redirect_uri: z.string(),
  post_logout_redirect_uri: z.string(),
  response_type: z.literal('code'),
  scope: z.string(),
  region: z.enum(Regions),
  demo: z.boolean(),
  /** Origins allowed to frame the app and to hand it a token (`setTokenAndLang`): FRAME_ANCESTORS. */
  frameAncestors: z.array(z.string()),
  /** The brand this server shows (BRAND): a special brand hides the help popover, privacy settings, model builder. */
  brand: z.enum(BrandIds as [BrandId, ...BrandId[]]).optional(),
});
export type IdentitySettings = z.infer<typeof identitySettings>;

/** A password as sent: not trimmed (spaces may be part of it), bounded before any hashing. */
const passwordInput = z
  .string()
  .min(1)
  .max(64)
  .refine(isSafeText, { message: 'contains a NUL byte or an unpaired surrogate' });

export const tokenBody = z.object({
  username: safeString(100).min(1),
  password: passwordInput,
  remember: z.boolean().optional(),
  module: safeString(64).optional(),
  custId: safeString(64).optional(),
});
export const tokenResponse = z.object({ AccessToken: z.string(), ExpiresIn: z.number().int() });

export const loginBody = z.object({ username: safeString(100).min(1), password: passwordInput });

export const setLanguageQuery = z.object({
  culture: z.enum(['zh', 'en']),
  returnUrl: safeString(2048).optional(),
});

/** The spec's culture (`/Common/SetLanguage`) a language belongs to: zh for both Chinese, en for the others. */
export const cultureOf = (language: (typeof Languages)[number]): 'zh' | 'en' =>
  language === 'zh' || language === 'zh-tw' ? 'zh' : 'en';

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Berlin`, `Asia/Tokyo`, `UTC`). */
export const isTimeZone = (zone: string): boolean => {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone, as the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
export const timeZoneSchema = safeString(64).refine(isTimeZone, 'an IANA time zone');

/**
 * `PUT /api2/user/language` (Archway's, issue 34): the person's full interface language (one of the 15) and time
 * zone, which mail, text messages and exports use. `/Common/SetLanguage` keeps the spec's zh/en culture.
 */
export const userLanguageBody = z.object({ language: z.enum(Languages), timeZone: timeZoneSchema });
export type UserLanguageBody = z.infer<typeof userLanguageBody>;
