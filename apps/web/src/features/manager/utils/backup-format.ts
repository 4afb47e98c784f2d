/**
 * How the Backups tab writes sizes and durations in the interface language (Intl's unit formats, so "1,5 GB" in
 * German and "1.5 GB" in English, "2 min 5 s" / "2 мин 5 с"). Sizes use decimal units (1 kB = 1,000 bytes), the
 * units Intl names (docs/decisions.md, "The Backups tab").
 */

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** A byte count in the largest unit that keeps it at 1 or more, with at most one decimal (none for bytes). */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.95 kB rounds to "1,000 kB": say 1 MB instead.
  if (unit > 0 && unit < SIZE_UNITS.length - 1 && Math.round(value * 10) >= 10_000) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    // "999 bytes", "999 байт": the long name below a kilobyte, where the short one reads oddly ("999 byte").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A duration in hours, minutes and seconds, the two largest parts that are not zero ("1 h 5 min", "42 s"). */
export function formatDuration(ms: number, language: string): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const parts: [number, 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  const shown = first < 0 ? parts.slice(2) : parts.slice(first, first + 2).filter(([n]) => n > 0);
  const unit = (n: number, name: string) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(n);
  return new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }).format(
    shown.map(([n, name]) => unit(n, name)),
  );
}

/** How long a backup took (null while it runs or when its times cannot be read). */
export function durationOf(row: { startedAt: string; finishedAt: string | null }): number | null {
  if (!row.finishedAt) return null;
  const ms = Date.parse(row.finishedAt) - Date.parse(row.startedAt);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
