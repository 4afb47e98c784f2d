/**
 * One line of facts joined by ' · ', leaving out the empty ones (a missing doctor or date is not printed as '—':
 * "From Demo Clinic · 12/05/2026", not "From Demo Clinic · — · 12/05/2026"). Tables keep '—' in a cell that must show
 * something; joined lines never do.
 */
export function joinLine(
  parts: readonly (string | number | null | undefined | false)[],
  separator = ' · ',
): string {
  return parts
    .filter((part): part is string | number => part !== null && part !== undefined && part !== false)
    .map((part) => String(part).trim())
    .filter((part) => part !== '' && part !== '—' && part !== '-')
    .join(separator);
}
