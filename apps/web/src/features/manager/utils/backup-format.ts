/**
 * How the Backups tab writes sizes and durations in the interface language (Intl's unit formats, so "1,5 GB" in
 * German and "1.5 GB" in English, "2 min 5 s" / "2 мин 5 с"). Sizes use decimal units (1 kB = 1,000 bytes), the
 * units Intl names (docs/decisions.md, "The Backups tab").
 */

/** Sizes as everywhere in the app (shared/i18n/format.ts). */
export { formatBytes } from '../../../shared/i18n/format.ts';

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
