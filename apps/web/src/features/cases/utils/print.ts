/**
 * The printable case sheet (product §2 "print layout choice"): `sheet` is the full case sheet on a portrait page of
 * the printer's paper, A4 or Letter (every field, the tooth chart, room for notes), `label` a compact 100 × 62 mm label for the model box (patient, case
 * type, parties, due date, teeth).
 */
export const PRINT_LAYOUTS = ['sheet', 'label'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

/**
 * The `@page` rule of a layout, set while its sheet is printed. The sheet names no paper size, so A4 and Letter
 * printers each print it on their own paper (cases.css keeps it within Letter's shorter and A4's narrower page).
 */
export function pageRule(layout: PrintLayout): string {
  return layout === 'label'
    ? '@page { size: 100mm 62mm; margin: 3mm; }'
    : '@page { size: portrait; margin: 12mm; }';
}

/** FDI quadrants as a dentist reads the chart: upper right, upper left, lower left, lower right. */
export const QUADRANTS = ['upperRight', 'upperLeft', 'lowerLeft', 'lowerRight'] as const;
export type Quadrant = (typeof QUADRANTS)[number];

/** FDI tooth positions grouped by quadrant (permanent 1–4, deciduous 5–8), each sorted; invalid numbers left out. */
export function teethByQuadrant(teeth: readonly number[]): Record<Quadrant, number[]> {
  const out: Record<Quadrant, number[]> = { upperRight: [], upperLeft: [], lowerLeft: [], lowerRight: [] };
  for (const tooth of new Set(teeth)) {
    const q = Math.floor(tooth / 10);
    const position = tooth % 10;
    if (position < 1) continue;
    const quadrant = q >= 1 && q <= 4 ? QUADRANTS[q - 1] : q >= 5 && q <= 8 ? QUADRANTS[q - 5] : null;
    if (quadrant && position <= (q >= 5 ? 5 : 8)) out[quadrant].push(tooth);
  }
  for (const quadrant of QUADRANTS) out[quadrant].sort((a, b) => a - b);
  return out;
}

/** The FDI positions of the tooth chart, row by row as drawn (upper jaw 18…11 21…28, lower 48…41 31…38). */
export const CHART_ROWS: readonly (readonly number[])[] = [
  [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
  [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
];
