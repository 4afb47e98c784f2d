/**
 * The report's colour when the organization chose none: Archway's own teal (the first look's primary), not a library
 * default. The settings' colour picker shows the same.
 */
export const DEFAULT_REPORT_COLOR = '#0f7b8a';

/**
 * Black or white, whichever reads better on `hex` (#rgb[a] or #rrggbb[aa]; the alpha is ignored): the one with the
 * higher WCAG contrast ratio (relative luminance of the linear sRGB channels), so the text on the organization's
 * colour is as readable as any of the two can be (issue 33).
 */
export function readableOn(hex: string): string {
  const h = hex.replace('#', '');
  const full =
    h.length === 3 || h.length === 4 ? [...h.slice(0, 3)].map((c) => c + c).join('') : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  if ([r, g, b].some((v) => Number.isNaN(v))) return '#ffffff';
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const lum = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  // #1f1f1f's relative luminance is 0.0137; white's is 1.
  const onDark = (1 + 0.05) / (lum + 0.05);
  const onLight = (lum + 0.05) / (0.0137 + 0.05);
  return onLight > onDark ? '#1f1f1f' : '#ffffff';
}
