import { CustType, type StatsRow, type StatsThresholds } from '@archway/contract';
import { compareNames } from '../../../shared/i18n/format.ts';

/**
 * Pure rules of the statistics screens: which cells are shown red, what the first column is called, how an export is
 * named, and the months of a comparison.
 */

/** A value is abnormal when a threshold is set and the value is below it (equal is fine). */
export const belowThreshold = (value: number, threshold: number | null | undefined): boolean =>
  threshold !== null && threshold !== undefined && value < threshold;

export interface RowAlerts {
  /** The total uploads are below the abnormal-upload threshold. */
  total: boolean;
  /** The difference from the month before is below the difference threshold. */
  difference: boolean;
}

/** Which of a row's cells are highlighted red (product: total < abnormal; difference < difference threshold). */
export const rowAlerts = (
  row: Pick<StatsRow, 'total' | 'difference'>,
  thresholds: Partial<StatsThresholds> | undefined,
): RowAlerts => ({
  total: belowThreshold(row.total, thresholds?.abnormal),
  difference: belowThreshold(row.difference, thresholds?.difference),
});

/** The first column names the organization on the other side: a lab sees clinics, a clinic sees labs. */
export function partnerColumn(custType: number | null | undefined): 'clinic' | 'lab' | 'organization' {
  if (custType === CustType.lab) return 'clinic';
  if (custType === CustType.clinic) return 'lab';
  return 'organization';
}

export type ExportFormat = 'csv' | 'xlsx';

/** A file name safe on every system: no path separators, control or reserved characters. */
const safeName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();

/**
 * The name to save an export under: the server's (Content-Disposition, `filename*` preferred), else
 * `statistics-<day>.<format>`. A name with the wrong extension gets the right one.
 */
export function exportFileName(disposition: string | null, format: ExportFormat, today: Date): string {
  let name = '';
  const star = disposition?.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = '';
    }
  }
  if (!name) name = disposition?.match(/filename\s*=\s*"([^"]*)"/)?.[1] ?? '';
  name = safeName(name);
  const fallback = `statistics-${today.toISOString().slice(0, 10)}.${format}`;
  if (!name) return fallback;
  return name.toLowerCase().endsWith(`.${format}`) ? name : `${name}.${format}`;
}

// ---- months ('YYYY-MM') ---------------------------------------------------------------------------------

export const addMonths = (month: string, n: number): string => {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
};

/** The month of a date in local time. */
export const monthOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

export interface Period {
  from: string;
  to: string;
}

/**
 * The comparison's default periods: the last `months` months up to yesterday's month, and the same number of
 * months just before them.
 */
export function defaultPeriods(now: Date, months = 3): { recent: Period; earlier: Period } {
  const yesterday = new Date(now.getTime() - 86_400_000);
  const to = monthOf(yesterday);
  const from = addMonths(to, 1 - months);
  return {
    earlier: { from: addMonths(from, -months), to: addMonths(from, -1) },
    recent: { from, to },
  };
}

/** B − A and its percentage of A (null when A is 0), one decimal. */
export function difference(a: number, b: number): { delta: number; percent: number | null } {
  const delta = Math.round((b - a) * 10) / 10;
  return { delta, percent: a === 0 ? null : Math.round(((b - a) / a) * 1000) / 10 };
}

/** The union of two sides' devices, most uploads (both sides together) first; keyed by serial. */
export function mergeDevices(
  a: readonly { serial: string; name: string | null; total: number }[],
  b: readonly { serial: string; name: string | null; total: number }[],
  /** Names in this language's order (the interface language unless told). */
  language?: string,
): { serial: string; name: string; a: number; b: number }[] {
  const all = new Map<string, { serial: string; name: string; a: number; b: number }>();
  for (const [side, list] of [
    ['a', a],
    ['b', b],
  ] as const)
    for (const d of list) {
      const entry = all.get(d.serial) ?? { serial: d.serial, name: d.name || d.serial, a: 0, b: 0 };
      entry[side] += d.total;
      all.set(d.serial, entry);
    }
  return [...all.values()].sort((x, y) => y.a + y.b - (x.a + x.b) || compareNames(x.name, y.name, language));
}
