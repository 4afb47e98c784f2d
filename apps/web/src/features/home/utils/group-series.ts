import dayjs from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import type { DailyPoint } from '@archway/contract';

dayjs.extend(localeData);

export type Grouping = 'day' | 'week' | 'month';

/** The figures a bucket adds up (every number of a daily point). */
export const FIGURES = ['total', 'orthodontics', 'implant', 'restoration', 'received', 'downloaded'] as const;
export type Figure = (typeof FIGURES)[number];

/** Days, weeks or months of the series: `key` is the first day of the bucket (the month as `YYYY-MM`). */
export interface Bucket extends Record<Figure, number> {
  key: string;
  /** The first and last day of the series inside the bucket (a range may cut a week or month). */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the week holding `day` (`YYYY-MM-DD`), weeks starting on `weekStart` (0 Sunday … 6 Saturday). */
export function weekOf(day: string, weekStart: number): string {
  const ms = utc(day);
  const weekday = new Date(ms).getUTCDay();
  return isoDay(ms - ((weekday - weekStart + 7) % 7) * DAY_MS);
}

/** The bucket key of a day. */
export function bucketKey(day: string, grouping: Grouping, weekStart: number): string {
  if (grouping === 'week') return weekOf(day, weekStart);
  if (grouping === 'month') return day.slice(0, 7);
  return day;
}

/**
 * The server's days (oldest first, every day present) added up into days, weeks or months, oldest first. Weeks start
 * on `weekStart`, the first day of the week of the app's language (see `weekStartOf`).
 */
export function groupSeries(series: readonly DailyPoint[], grouping: Grouping, weekStart = 0): Bucket[] {
  const buckets: Bucket[] = [];
  for (const point of series) {
    const key = bucketKey(point.day, grouping, weekStart);
    let bucket = buckets.at(-1);
    if (!bucket || bucket.key !== key) {
      bucket = {
        key,
        from: point.day,
        to: point.day,
        total: 0,
        orthodontics: 0,
        implant: 0,
        restoration: 0,
        received: 0,
        downloaded: 0,
      };
      buckets.push(bucket);
    }
    bucket.to = point.day;
    for (const figure of FIGURES) bucket[figure] += point[figure];
  }
  return buckets;
}

/**
 * The first day of the week (0 Sunday … 6 Saturday) of a dayjs locale (`de` → 1, `en` → 0); the loaded global
 * locale when none is named. A locale that is not loaded counts as English.
 */
export function weekStartOf(locale?: string): number {
  return (locale ? dayjs().locale(locale) : dayjs()).localeData().firstDayOfWeek();
}
