/** Device lines of a CSV text as the server counts them: not blank, a first "serial…" header skipped. */
export function countCsvRows(csv: string): number {
  return csv
    .split(/\r?\n/)
    .filter((line, i) => line.trim() && !(i === 0 && /serial/i.test(line.split(/[,;\t]/)[0] ?? ''))).length;
}
