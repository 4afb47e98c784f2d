/**
 * The deviation colour map: blue (−range and below) → cyan → green (0) → yellow → red (+range and above), the same
 * scale the legend draws. Symmetric, so a colour reads the same distance either side.
 */

const STOPS: [number, number, number][] = [
  [0, 0, 255], // −range
  [0, 200, 255],
  [0, 255, 0], // 0
  [255, 220, 0],
  [255, 0, 0], // +range
];

/** The colour (r, g, b, 0–255) of a signed distance `d` (mm) on a legend running from −range to +range. */
export function deviationColour(d: number, range: number): [number, number, number] {
  const out = new Uint8Array(3);
  colourInto(d, range, out, 0);
  return [out[0]!, out[1]!, out[2]!];
}

/** deviationColour written into `out` at `offset` (no allocation: one call per vertex). */
export function colourInto(d: number, range: number, out: Uint8Array, offset: number) {
  const r = range > 0 ? range : 1;
  const t = Number.isFinite(d) ? Math.min(1, Math.max(-1, d / r)) : 0;
  const at = (t + 1) * 2; // 0..4 over the stops
  const i = Math.min(3, Math.floor(at));
  const f = at - i;
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  out[offset] = Math.round(a[0] + (b[0] - a[0]) * f);
  out[offset + 1] = Math.round(a[1] + (b[1] - a[1]) * f);
  out[offset + 2] = Math.round(a[2] + (b[2] - a[2]) * f);
}
