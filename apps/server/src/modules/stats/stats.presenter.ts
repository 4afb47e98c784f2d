import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { StatsRow, StatsSorts } from '@archway/contract';
import type { PartnerMonth } from './stats.repository.ts';

/** One collator per language, created once: building a collator costs milliseconds. */
const collators = new Map<string, Intl.Collator>();
/** Names in the reader's language's order (zh-tw → zh-TW, no → nb); ICU's root order for none. */
function collatorFor(language: string | undefined): Intl.Collator {
  const locale = language ? (INTL_LOCALES[language] ?? language) : 'und';
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { numeric: true })));
  return c;
}
const INTL_LOCALES: Record<string, string> = { 'zh-tw': 'zh-TW', no: 'nb', pt: 'pt-BR', en: 'und' };

/** Months as numbers (year × 12 + month − 1): the grid below walks thousands of them per call. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthLabel = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/**
 * Product §3's rows from the monthly partner rows: for each partner, every month from its first case (or `from`) to
 * `to` ('YYYY-MM'; months without cases count 0, so a partner that stopped sending shows), the uploads by type and the
 * difference from the partner's month before; sorted by `sort` (then name, then newest month).
 */
export function statsRows(
  rows: PartnerMonth[],
  names: Map<string, string>,
  q: {
    from: string;
    to: string;
    sort: (typeof StatsSorts)[number];
    order: 'asc' | 'desc';
    /** The reader's language: clinics' names in its order. */
    language?: string | undefined;
  },
): StatsRow[] {
  const collator = collatorFor(q.language);
  const byPartner = new Map<string, Map<number, PartnerMonth>>();
  for (const r of rows) {
    const months = byPartner.get(r.partnerId) ?? new Map<number, PartnerMonth>();
    months.set(monthIndex(r.month), r);
    byPartner.set(r.partnerId, months);
  }
  const [from, to] = [monthIndex(q.from), monthIndex(q.to)];
  const labels = new Map<number, string>();
  const out: StatsRow[] = [];
  for (const [custId, months] of byPartner) {
    const clinic = names.get(custId) ?? '';
    let previous = 0;
    for (let i = Math.min(...months.keys()); i <= to; i++) {
      const r = months.get(i);
      const total = r?.total ?? 0;
      if (i >= from) {
        let month = labels.get(i);
        if (!month) labels.set(i, (month = monthLabel(i)));
        out.push({
          custId,
          clinic,
          month,
          total,
          ortho: r?.ortho ?? 0,
          restoration: r?.restoration ?? 0,
          implant: r?.implant ?? 0,
          difference: total - previous,
        });
      }
      previous = total;
    }
  }
  // Names ranked once (a collator call per comparison made sorting thousands of rows slow); months compare as
  // plain strings (YYYY-MM).
  const rank = new Map(
    [...byPartner.keys()]
      .sort((a, b) => collator.compare(names.get(a) ?? '', names.get(b) ?? '') || (a < b ? -1 : 1))
      .map((id, i) => [id, i]),
  );
  const byMonth = (a: StatsRow, b: StatsRow) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0);
  const byName = (a: StatsRow, b: StatsRow) => rank.get(a.custId)! - rank.get(b.custId)!;
  const sort = q.sort;
  const first: (a: StatsRow, b: StatsRow) => number =
    sort === 'month' ? byMonth : sort === 'clinic' ? byName : (a, b) => a[sort] - b[sort];
  const direction = q.order === 'asc' ? 1 : -1;
  return out.sort((a, b) => direction * first(a, b) || byName(a, b) || byMonth(b, a));
}

/** The export's column headings in one language (modules/stats/export-texts/<lang>.json). */
export interface ExportTexts {
  clinic: string;
  lab: string;
  organization: string;
  month: string;
  total: string;
  ortho: string;
  restoration: string;
  implant: string;
  difference: string;
  sheet: string;
}

const COLUMNS = ['clinic', 'month', 'total', 'ortho', 'restoration', 'implant', 'difference'] as const;

/** The first column names the other side: clinics for a lab, labs for a clinic, organizations otherwise. */
export type PartnerHeading = 'clinic' | 'lab' | 'organization';
const headings = (texts: ExportTexts, partner: PartnerHeading) =>
  COLUMNS.map((c) => (c === 'clinic' ? texts[partner] : texts[c]));

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) is prefixed with an
 * apostrophe, so an organization named "=HYPERLINK(…)" stays text (OWASP "CSV injection"). Numbers stay numbers.
 */
export const defuse = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The table as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read accents), the headings first. */
export function statsCsv(rows: StatsRow[], texts: ExportTexts, partner: PartnerHeading): Buffer {
  const body = stringify([
    headings(texts, partner),
    ...rows.map((r) => COLUMNS.map((c) => (typeof r[c] === 'string' ? defuse(r[c]) : r[c]))),
  ]);
  return Buffer.from(`\ufeff${body}`, 'utf8');
}

/** The table as an Excel workbook: one sheet, bold headings, numbers as numbers. */
export function statsWorkbook(
  rows: StatsRow[],
  texts: ExportTexts,
  partner: PartnerHeading,
): Promise<Buffer> {
  const data: SheetData = [
    headings(texts, partner).map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((r) => COLUMNS.map((c) => ({ value: r[c] }))),
  ];
  return writeXlsxFile(data, {
    sheet: texts.sheet.slice(0, 31),
    columns: COLUMNS.map((c) => ({ width: c === 'clinic' ? 32 : 12 })),
  }).toBuffer();
}
