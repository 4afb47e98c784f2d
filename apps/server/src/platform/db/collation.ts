import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Language } from '@archway/contract';

/**
 * Names sort as a person of the language expects (issue 34, "Sorting"; docs/decisions.md): the database's default
 * collation is C, which orders by code point ("Zahnlabor, apex, Ästhetik, Ørsta, Čapek"). ORDER BY on a name uses
 * an ICU collation instead: the person's language when the request knows it (`Actor.language`, users.language),
 * else ICU's root collation `und-x-icu` (letters with their accents, case after letters: "apex, Ästhetik, Čapek,
 * Ørsta, Zahnlabor"). Both the embedded PostgreSQL (ICU) and an external one built with ICU create these collations
 * at initdb (pg_collation); `<lang>-x-icu` for each of the 15 languages.
 */
export const NAME_COLLATIONS: Record<Language, string> = {
  en: 'und-x-icu',
  de: 'de-x-icu',
  fr: 'fr-x-icu',
  es: 'es-x-icu',
  it: 'it-x-icu',
  pt: 'pt-x-icu',
  ru: 'ru-x-icu',
  cs: 'cs-x-icu',
  tr: 'tr-x-icu',
  ja: 'ja-x-icu',
  ko: 'ko-x-icu',
  // Pinyin order for Simplified Chinese, stroke order (ICU's default for Traditional) for Taiwan.
  zh: 'zh-x-icu',
  'zh-tw': 'zh-Hant-x-icu',
  vi: 'vi-x-icu',
  no: 'nb-x-icu',
};

export const ROOT_COLLATION = 'und-x-icu';

/** The ICU collation for a person's language; the root collation for none or an unknown one. */
export function nameCollation(language?: string | null): string {
  return (language && NAME_COLLATIONS[language as Language]) || ROOT_COLLATION;
}

/** `<column> collate "<icu>"`, for ORDER BY (and only there: equality and indexes keep the default collation). */
export function byName(column: AnyColumn | SQLWrapper, language?: string | null): SQL {
  return sql`${column} collate ${sql.raw(`"${nameCollation(language)}"`)}`;
}

/** The same as raw SQL text, for the sort orders written as strings (`c.patient_name collate "de-x-icu"`). */
export function byNameRaw(column: string, language?: string | null): string {
  return `${column} collate "${nameCollation(language)}"`;
}
