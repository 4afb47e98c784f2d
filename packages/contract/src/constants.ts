/** Business constants of product §9 and calls-and-errors §9. */
export const CustType = { clinic: 2, lab: 3, distributor: 4 } as const;
export type CustTypeCode = (typeof CustType)[keyof typeof CustType];

export const CaseType = { orthodontics: 1, implant: 2, restoration: 3 } as const;

/** A case box's side of the case (`case_boxes.role`): the organization that sent it, or the one it was sent to. */
export const BoxRole = { sender: 1, receiver: 2 } as const;
export type BoxRole = (typeof BoxRole)[keyof typeof BoxRole];

/** A set bit hides that field from others. Default: all three set. */
export const Privacy = { email: 2, phone: 4, other: 8, all: 2 | 4 | 8 } as const;

/** Whether an organization's privacy bits hide this field (Privacy.email, .phone or .other) from others. */
export const hidesField = (privacy: number, bit: number) => (privacy & bit) !== 0;

/**
 * A field as others see it: null where its privacy bit is set; the organization itself (`own`) always sees it. The
 * one TypeScript copy of the rule; the SQL one is `fieldShown` in apps/server/src/modules/orgs/orgs.schema.ts.
 */
export const shownField = <T>(value: T | null, privacy: number, bit: number, own = false): T | null =>
  own || !hidesField(privacy, bit) ? value : null;

/** Organization status: 0 authorized (verified), anything else registered. */
export const CustStatus = { authorized: 0, underReview: 1, auditFailed: 2 } as const;

export const Languages = [
  'zh',
  'zh-tw',
  'en',
  'de',
  'fr',
  'ja',
  'it',
  'es',
  'pt',
  'no',
  'ru',
  'ko',
  'vi',
  'tr',
  'cs',
] as const;
export type Language = (typeof Languages)[number];
/** Whether a value is one of the 15 languages. */
export const isLanguage = (value: unknown): value is Language =>
  (Languages as readonly unknown[]).includes(value);

export const Regions = ['en', 'eu', 'in', 'cn'] as const;
export type Region = (typeof Regions)[number];

/** Service names of `GET /common/services` (lower-cased). */
export const ServiceNames = [
  'account',
  'access',
  'admin',
  'main',
  'push',
  'case',
  'casefile',
  'self',
  'default',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

export const Password = { min: 6, max: 16, pattern: /^[A-Za-z0-9_]+$/ } as const;

export const PERMANENT_EXPIRY = '9999/12/31 23:59:59';
export const API_AUDIENCE = 'urn:archway:api';
export const OIDC_CLIENT_ID = 'archway-web';

/** VITA classical shades (A1–D4, the 16 of the guide; no bleach shades: those belong to other guides). */
export const VitaShades = [
  'A1',
  'A2',
  'A3',
  'A3.5',
  'A4',
  'B1',
  'B2',
  'B3',
  'B4',
  'C1',
  'C2',
  'C3',
  'C4',
  'D2',
  'D3',
  'D4',
] as const;
