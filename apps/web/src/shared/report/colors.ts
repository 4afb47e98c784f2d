/**
 * The report's colour when the organization chose none: Archway's own teal (the first look's primary), not a library
 * default. The settings' colour picker shows the same.
 */
export const DEFAULT_REPORT_COLOR = '#0f7b8a';

/** Black or white, whichever reads better on `hex` (#rgb[a] or #rrggbb[aa]; the alpha is ignored). */
export function readableOn(hex: string): string {
  const h = hex.replace('#', '');
  const full =
    h.length === 3 || h.length === 4 ? [...h.slice(0, 3)].map((c) => c + c).join('') : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  if ([r, g, b].some((v) => Number.isNaN(v))) return '#ffffff';
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.6 ? '#1f1f1f' : '#ffffff';
}
