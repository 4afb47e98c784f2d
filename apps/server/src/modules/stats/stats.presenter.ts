import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { StatsRow } from '@archway/contract';
import type { TableRecord } from './stats.repository.ts';

export const presentRow = ({ totalRows: _, ...row }: TableRecord): StatsRow => row;

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
