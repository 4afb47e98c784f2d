/**
 * The case number printed on the case sheet and the box label and shown in the detail, instead of the case's id (a
 * UUID nobody can read out on the phone): the id's first eight hex digits in capitals, as `XXXX-XXXX`. The spec has
 * no case number field; this one needs no stored counter, stays the same for every copy of the case (sender,
 * receivers, third party) and for ever, and collides between two cases about once in four billion pairs.
 */
export function caseNumber(id: string): string {
  const hex = id.replace(/[^0-9a-f]/gi, '').toUpperCase();
  if (hex.length < 8) return hex;
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}
