import { deviationColour } from '@archway/mesh';

/**
 * The deviation colours: the very function the server paints the compared scan's vertices with (blue at −range: B
 * inside A; cyan; green at 0; yellow; red at +range: B outside A), so the legend and the histogram match the map.
 */
type Rgb = [number, number, number];

/** The colour of a signed distance `d` (mm) on a scale of ±`range` mm. */
export const deviationRgb = (d: number, range: number): Rgb => deviationColour(d, range);

export const cssRgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** A CSS gradient of the scale from +range (top) to −range (bottom), in stops close enough to follow it. */
export function legendGradient(): string {
  const stops: string[] = [];
  for (let i = 0; i <= 16; i++) stops.push(`${cssRgb(deviationRgb(1 - i / 8, 1))} ${(i * 100) / 16}%`);
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}
