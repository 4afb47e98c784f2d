/**
 * Round axis ticks for a span of signed distances in mm: steps of 1, 2, 2.5 or 5 times a power of ten, the axis
 * widened to whole steps, shown in µm when the span is finer than 0.1 mm (−50, −25, 0, 25, 50 µm rather than
 * −0.049, −0.036 …), in mm otherwise.
 */
export interface NiceAxis {
  /** Axis ends and step, in mm. */
  min: number;
  max: number;
  step: number;
  unit: 'µm' | 'mm';
  /** A tick's value (mm) as its label number in the unit, rounded to the step's digits. */
  label(valueMm: number): number;
}

const MULTIPLES = [1, 2, 2.5, 5, 10];

/** The smallest 'nice' step giving at most `maxTicks` intervals over `span`. */
export function niceStep(span: number, maxTicks = 6): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const rough = span / maxTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = MULTIPLES.find((m) => m * power >= rough - 1e-12) ?? 10;
  return multiple * power;
}

export function niceAxis(from: number, to: number, maxTicks = 6): NiceAxis {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const step = niceStep(hi - lo, maxTicks);
  // A tolerance, so that -0.05 / 0.025 stays -2 steps and not -2.0000000004.
  const min = Math.floor(lo / step + 1e-9) * step;
  const max = Math.ceil(hi / step - 1e-9) * step;
  const unit = Math.max(Math.abs(lo), Math.abs(hi)) < 0.1 ? 'µm' : 'mm';
  const scale = unit === 'µm' ? 1000 : 1;
  const digits = Math.max(
    0,
    -Math.floor(Math.log10(step * scale) + 1e-9) + (isQuarter(step * scale) ? 1 : 0),
  );
  const round = (v: number) => {
    const r = Number((v * scale).toFixed(Math.min(digits, 6)));
    return Object.is(r, -0) ? 0 : r;
  };
  return { min: round(min) / scale, max: round(max) / scale, step, unit, label: round };
}

/** 2.5 × 10^n needs one digit more than its power (0.25, 2.5). */
function isQuarter(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  return Math.abs(step / power - 2.5) < 1e-9;
}
