/**
 * The deviation colours, as the server paints the compared scan's vertices: blue at −range (B lies inside A), green
 * at 0, red at +range (B lies outside A), linear in between and held at the ends.
 */
type Rgb = [number, number, number];
const BLUE: Rgb = [0, 0, 255];
const GREEN: Rgb = [0, 255, 0];
const RED: Rgb = [255, 0, 0];

const mix = (a: Rgb, b: Rgb, f: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * f),
  Math.round(a[1] + (b[1] - a[1]) * f),
  Math.round(a[2] + (b[2] - a[2]) * f),
];

/** The colour of a signed distance `d` (mm) on a scale of ±`range` mm. */
export function deviationRgb(d: number, range: number): Rgb {
  const t = range > 0 ? Math.max(-1, Math.min(1, d / range)) : 0;
  return t < 0 ? mix(GREEN, BLUE, -t) : mix(GREEN, RED, t);
}

export const cssRgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** A CSS gradient of the scale from +range (top) to −range (bottom), in enough stops to follow the linear mix. */
export function legendGradient(): string {
  const stops: string[] = [];
  for (let i = 0; i <= 10; i++) {
    const t = 1 - i / 5; // +1 … −1
    stops.push(`${cssRgb(deviationRgb(t, 1))} ${i * 10}%`);
  }
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}
