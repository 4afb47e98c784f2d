import type { Bucket, Grouping } from './group-series.ts';
import { numberFormat } from '../../../shared/i18n/format.ts';

/** A calendar day `YYYY-MM-DD` as the instant Intl formats in UTC (the day never shifts with the browser's zone). */
const instant = (day: string) => new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);

const formatter = (language: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });

/** A day in the app's language: long (21 November 2026) or short (21 Nov). */
export function formatDay(day: string, language: string, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' };
  return formatter(language, options).format(instant(day));
}

/** Two days as a range (15–21 Nov); one day when they are the same. */
export function formatDays(from: string, to: string, language: string): string {
  if (from === to) return formatDay(from, language, 'short');
  return formatter(language, { month: 'short', day: 'numeric' }).formatRange(instant(from), instant(to));
}

/** A bucket's name: the day, the week's days in the range, or the month and year. */
export function bucketLabel(bucket: Bucket, grouping: Grouping, language: string): string {
  if (grouping === 'month')
    return formatter(language, { month: 'short', year: 'numeric' }).format(instant(bucket.key));
  if (grouping === 'week') return formatDays(bucket.from, bucket.to, language);
  return formatDay(bucket.key, language, 'short');
}

/** A percent change (12.5 → 12.5 %), without its sign: an arrow shows the direction. */
export function formatChange(change: number, language: string): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }, language).format(
    Math.abs(change) / 100,
  );
}
