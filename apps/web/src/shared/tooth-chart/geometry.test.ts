import { describe, expect, it } from 'vitest';
import { Arches, designProblem } from '@archway/contract';
import { areNeighbours, CELL, HALF_WIDTH, PAD, toothPlace, toothX } from './geometry.ts';

describe('tooth chart geometry', () => {
  it('draws each arch left to right as seen facing the patient, deciduous teeth over their successors', () => {
    const xs = Arches.upper.map((_, i) => toothX('upper', i));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(toothX('upperDeciduous', Arches.upperDeciduous.indexOf(55))).toBe(
      toothX('upper', Arches.upper.indexOf(15)),
    );
    expect(toothX('lowerDeciduous', Arches.lowerDeciduous.indexOf(71))).toBe(
      toothX('lower', Arches.lower.indexOf(31)),
    );
  });

  it('in halves, the patient’s left half moves below the right and starts at the left edge', () => {
    expect(toothPlace('upper', Arches.upper.indexOf(18), { halves: true })).toEqual({
      x: PAD + CELL / 2,
      block: 0,
    });
    expect(toothPlace('upper', Arches.upper.indexOf(21), { halves: true })).toEqual({
      x: PAD + CELL / 2,
      block: 1,
    });
    expect(toothPlace('lower', Arches.lower.indexOf(38), { halves: true })).toEqual({
      x: HALF_WIDTH - PAD - CELL / 2,
      block: 1,
    });
    expect(toothPlace('upper', Arches.upper.indexOf(21), { halves: false }).block).toBe(0);
  });

  it('"connect as bridge" needs two or more neighbours of one arch, as the server rule does', () => {
    const cases: [number[], boolean][] = [
      [[14, 15, 16], true],
      [[11, 21], true],
      [[51, 61], true],
      [[14, 16], false],
      [[14], false],
      [[18, 48], false],
      [[55, 15], false],
    ];
    for (const [teeth, ok] of cases) {
      expect(areNeighbours(teeth)).toBe(ok);
      expect(designProblem({ teeth: [], bridges: [teeth] }) === null).toBe(ok);
    }
  });
});
