import { z } from 'zod';
import { PERMANENT_EXPIRY } from './constants.ts';
import { safeString } from './schemas.ts';

/** Expiry times of authorizations, device users and receivers: presets, permanent forms, epochs, flags. */
export const EXPIRY_PRESETS = ['today', '7d', '15d', '1m', '3m', '6m', '1y', '5y', 'permanent'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

/** Epoch seconds the spec also reads as permanent. */
export const PERMANENT_EPOCH = 253402185600;
export const PERMANENT_DATE = new Date('9999-12-31T23:59:59Z');
/** An authorization ending within this many days is flagged "due soon". */
export const DUE_SOON_DAYS = 7;

/**
 * A valid IANA time zone name, or 'UTC'. The web sends `X-Time-Zone` on every call; a missing or unknown
 * zone (or anything longer than 64 characters) is read as UTC.
 */
export function timeZoneOf(value: unknown): string {
  if (typeof value !== 'string' || !value || value.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return 'UTC';
  }
}

/** The calendar date (year, month 1–12, day) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** 23:59:59 local time of a calendar date in a time zone, as an instant (DST-safe). */
function endOfLocalDay(y: number, m: number, d: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, 23, 59, 59);
  let t = wall - offsetAt(new Date(wall), timeZone);
  t = wall - offsetAt(new Date(t), timeZone);
  return new Date(t);
}

/**
 * End of the chosen preset: the END (23:59:59) of the day that is today, 7 or 15 days, 1, 3 or 6 months,
 * 1 or 5 years after today, in the caller's time zone (UTC when unknown). A month step past the month's end
 * keeps to the last day (31 Jan + 1m → 28/29 Feb).
 */
export function expiryFromPreset(preset: ExpiryPreset, now = new Date(), timeZone = 'UTC'): Date {
  if (preset === 'permanent') return PERMANENT_DATE;
  const zone = timeZoneOf(timeZone);
  const { y, m, d } = localDate(now, zone);
  if (preset === 'today') return endOfLocalDay(y, m, d, zone);
  const n = Number.parseInt(preset, 10);
  if (preset.endsWith('d')) {
    const t = new Date(Date.UTC(y, m - 1, d + n));
    return endOfLocalDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), zone);
  }
  const months = preset.endsWith('m') ? n : n * 12;
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const ty = first.getUTCFullYear();
  const tm = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return endOfLocalDay(ty, tm, Math.min(d, lastDay), zone);
}

/** The documented permanent spellings (product §4): 9999/12/31 23:59:59 (the server's own form) and 9999-12-31. */
const PERMANENT_TEXT = /^9999([-/])12\1(31)( 23:59:59)?$/;

/**
 * Permanent: the preset 'permanent', "9999/12/31 23:59:59" (the form the server sends), "9999-12-31" (also with
 * " 23:59:59"), epoch 253402185600 (seconds; also its millisecond spelling 253402185600000). A stored date
 * (Date) counts as permanent from year 9999 on. Nothing else is permanent.
 */
export function isPermanent(value: string | number | Date | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value === PERMANENT_EPOCH || value === PERMANENT_EPOCH * 1000;
  if (value instanceof Date) return value.getUTCFullYear() >= 9999;
  const v = value.trim();
  return v === 'permanent' || PERMANENT_TEXT.test(v);
}

/** Epoch numbers below this are seconds, from it on milliseconds (1e11 s is the year 5138; 1e11 ms is 1973). */
export const EPOCH_MS_FROM = 1e11;

/** What an expiry field parses to: a preset (resolved by the server in the caller's time zone) or an instant. */
export type ExpiryInput = { preset: Exclude<ExpiryPreset, 'permanent'> } | { at: Date };

/** The instant an expiry input stands for, presets ending at the end of that day in `timeZone`. */
export function resolveExpiry(input: ExpiryInput, timeZone = 'UTC', now = new Date()): Date {
  return 'at' in input ? input.at : expiryFromPreset(input.preset, now, timeZone);
}

/**
 * An expiry as the API accepts it:
 * - a preset name (today, 7d, 15d, 1m, 3m, 6m, 1y, 5y: the end of that day in the caller's `X-Time-Zone`),
 * - a permanent form (see isPermanent) → 9999/12/31 23:59:59,
 * - "YYYY-MM-DD[ HH:mm[:ss]]" or "YYYY/MM/DD …" (UTC), or an ISO 8601 date-time,
 * - an epoch number: below 1e11 seconds, from 1e11 on milliseconds.
 * Anything after 9999-12-31 23:59:59 (or not a date) is a parameter error.
 */
export const expireTime = z
  .union([safeString(40).min(1), z.number().int().positive()])
  .transform((v, ctx): ExpiryInput => {
    if (isPermanent(v)) return { at: PERMANENT_DATE };
    if (typeof v === 'string' && (EXPIRY_PRESETS as readonly string[]).includes(v))
      return { preset: v as Exclude<ExpiryPreset, 'permanent'> };
    const d =
      typeof v === 'number'
        ? new Date(v < EPOCH_MS_FROM ? v * 1000 : v)
        : /^\d{4}[-/]\d{2}[-/]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v)
          ? new Date(`${v.replaceAll('/', '-').replace(' ', 'T')}Z`)
          : /^\d{4}-\d{2}-\d{2}T/.test(v)
            ? new Date(v)
            : new Date(Number.NaN);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'not a date, a preset or a permanent marker' });
      return z.NEVER;
    }
    if (d.getTime() > PERMANENT_DATE.getTime()) {
      ctx.addIssue({ code: 'custom', message: 'dates after 9999-12-31 23:59:59 are not accepted' });
      return z.NEVER;
    }
    return { at: d };
  });

/** Dates leave the server as "YYYY-MM-DD HH:mm:ss" (UTC); permanent as 9999/12/31 23:59:59, as product §4 stores and shows it. */
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
