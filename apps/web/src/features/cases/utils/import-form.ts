import { ScanFormats, caseOrder, isFdiTooth, type CaseOrder } from '@archway/contract';

/** The scan files the import takes, by extension (the server checks the content again). */
export const IMPORT_ACCEPT = ScanFormats.map((f) => `.${f}`).join(',');

/** Is this a PLY, STL or OBJ file by its name. */
export const isScanFileName = (name: string) => {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (ScanFormats as readonly string[]).includes(ext) && name.includes('.');
};

/** Every FDI position, for the teeth picker: permanent 11–48, then deciduous 51–85. */
export const FDI_TEETH: readonly number[] = Array.from({ length: 80 }, (_, i) => i + 11).filter(isFdiTooth);

/** The import form's values as the form holds them (dates as `YYYY-MM-DD`, empty texts allowed). */
export type ImportFormValues = Partial<Record<keyof CaseOrder, unknown>>;

/**
 * The order fields of an import, checked with the same schema the server uses (`caseOrder`): blank texts are
 * left out. Answers the order, or the names of the fields that are wrong.
 */
export function orderOf(values: ImportFormValues): { order: CaseOrder } | { fields: string[] } {
  const cleaned = Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && !v.trim()),
    ),
  );
  for (const [key, value] of Object.entries(cleaned))
    if (typeof value === 'string') cleaned[key] = value.trim();
  const parsed = caseOrder.safeParse(cleaned);
  if (parsed.success) return { order: parsed.data };
  return { fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))] };
}
