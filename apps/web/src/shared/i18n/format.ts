import { i18n } from './i18n.ts';
import { isLanguage, languageDef } from './languages.ts';

/**
 * The app's number formats, in the interface language (issue 34, "Numbers and units"): every number a person reads
 * goes through these, never a bare `toLocaleString()` or `toFixed()` (tools/lint/display-numbers.test.ts). Each
 * takes the interface language unless given another (one of the 15 codes, or a BCP 47 tag). Units come from the
 * texts (`units.*` in locales/<lang>/common.json) or from Intl (bytes); docs/decisions.md, "Numbers and units".
 */

/** The BCP 47 tag Intl gets for an interface language: `zh-tw` → zh-TW, `no` → nb, `pt` → pt-BR. */
export function intlLocale(language: string = currentLanguage()): string {
  return isLanguage(language) ? languageDef(language).htmlLang : language || 'en';
}

/** The interface language (English before i18next starts, e.g. in unit tests). */
export function currentLanguage(): string {
  return i18n.language || 'en';
}

const formats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per language and options (charts format hundreds of ticks). */
export function numberFormat(options: Intl.NumberFormatOptions = {}, language?: string): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A count or any number as the language writes it: 1,234 · 1.234 · 1 234. */
export function formatNumber(value: number, language?: string): string {
  return numberFormat({}, language).format(value);
}

/** A number with exactly `digits` decimals (1,50 in German); `{ upTo: true }` drops trailing zeros. */
export function formatDecimal(
  value: number,
  digits: number,
  language?: string,
  options?: { upTo?: boolean },
): string {
  return numberFormat(
    { minimumFractionDigits: options?.upTo ? 0 : digits, maximumFractionDigits: digits },
    language,
  ).format(value);
}

/** A fraction as a percent (0.125 → 12.5 %, %12,5 in Turkish), at most `digits` decimals. */
export function formatPercent(fraction: number, digits = 1, language?: string): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: digits }, language).format(fraction);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * A byte count in the largest decimal unit (1 kB = 1,000 bytes) that keeps it at 1 or more, with at most one
 * decimal (none for bytes), unit names from Intl: "1.5 MB", "1,5 MB", "1,5 Mo", "1,5 МБ".
 */
export function formatBytes(bytes: number, language?: string): string {
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
  return numberFormat(
    {
      style: 'unit',
      unit: SIZE_UNITS[unit],
      // "999 bytes", "999 байт": the long name below a kilobyte, where the short one reads oddly ("999 byte").
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    },
    language,
  ).format(value);
}

/** The units the texts name (`units.<name>` in common.json), with the English symbol before the texts load. */
export type TextUnit = 'mm' | 'um';
const UNIT_FALLBACK: Record<TextUnit, string> = { mm: 'mm', um: 'µm' };

/** A unit's symbol in the language (`units.mm`: mm, мм, …). */
export function unitLabel(unit: TextUnit, language?: string): string {
  const key = `units.${unit}`;
  const lng = language && isLanguage(language) ? language : undefined;
  if (!i18n.isInitialized || !i18n.exists(key, { lng })) return UNIT_FALLBACK[unit];
  return i18n.t(key, { lng });
}

/** A number and its unit: a no-break space between them, none before a unit in CJK characters (0.25毫米). */
export function withUnit(number: string, unit: string): string {
  return /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(unit)
    ? `${number}${unit}`
    : `${number}\u00a0${unit}`;
}

/** A length in millimetres with `digits` decimals ("0,25 mm", "0,25 мм"); `{ upTo: true }` drops trailing zeros. */
export function formatMm(mm: number, digits = 2, language?: string, options?: { upTo?: boolean }): string {
  return withUnit(formatDecimal(mm, digits, language, options), unitLabel('mm', language));
}

/** A length in micrometres, whole ("12 µm", "12 мкм"). */
export function formatUm(um: number, language?: string): string {
  return withUnit(formatDecimal(um, 0, language), unitLabel('um', language));
}

/** A date in the interface language (21 Nov 2026, 21.11.2026). */
export function formatDate(date: Date, language?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}

/** A date and time in the interface language and the browser's time zone (21.11.2026, 14:05). */
export function formatDateTime(date: Date, language?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** Names in the language's alphabetical order (Ä with A in German, after Z in Swedish; Č after C in Czech). */
export function collator(language?: string): Intl.Collator {
  const locale = intlLocale(language);
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale, { numeric: true });
    collators.set(locale, c);
  }
  return c;
}
const collators = new Map<string, Intl.Collator>();

/** Compares two names in the interface language's order (for `sort`). */
export function compareNames(a: string, b: string, language?: string): number {
  return collator(language).compare(a, b);
}
