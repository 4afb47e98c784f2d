import { describe, expect, it } from 'vitest';
import { niceAxis, niceStep } from './nice-ticks.ts';

function ticks(from: number, to: number) {
  const axis = niceAxis(from, to);
  const out: number[] = [];
  for (let v = axis.min; v <= axis.max + axis.step / 2; v += axis.step) out.push(axis.label(v));
  return { unit: axis.unit, ticks: out };
}

describe('nice ticks of the deviation histogram', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.1)).toBeCloseTo(0.02);
    expect(niceStep(1)).toBeCloseTo(0.2);
    expect(niceStep(0.6)).toBeCloseTo(0.1);
    expect(niceStep(0.14)).toBeCloseTo(0.025);
  });

  it('reads a fine span in round micrometres instead of -0.049, -0.036 …', () => {
    expect(ticks(-0.05, 0.05)).toEqual({ unit: 'µm', ticks: [-60, -40, -20, 0, 20, 40, 60] });
    expect(ticks(-0.049, 0.049)).toEqual({ unit: 'µm', ticks: [-60, -40, -20, 0, 20, 40, 60] });
    expect(ticks(-0.07, 0.07)).toEqual({ unit: 'µm', ticks: [-75, -50, -25, 0, 25, 50, 75] });
  });

  it('reads a coarse span in round millimetres', () => {
    expect(ticks(-0.5, 0.5)).toEqual({ unit: 'mm', ticks: [-0.6, -0.4, -0.2, 0, 0.2, 0.4, 0.6] });
    expect(ticks(-1, 1)).toEqual({ unit: 'mm', ticks: [-1, -0.5, 0, 0.5, 1] });
    expect(ticks(-0.3, 0.3)).toEqual({ unit: 'mm', ticks: [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3] });
  });
});
