import { describe, expect, it } from 'vitest';
import { archJaw, occlusionMap } from '@archway/mesh';
import { handleBiteRequest, joinJaw } from './bite-worker-handler.ts';
import type { BiteJaw, BiteReply, BiteRequest } from './bite-worker-protocol.ts';

/** The triangle soup of an indexed mesh: three corners per triangle, in order. */
function soupOf(positions: Float32Array, indices: Uint32Array): Float32Array {
  const out = new Float32Array(indices.length * 3);
  for (let i = 0; i < indices.length; i++)
    out.set(positions.subarray(indices[i]! * 3, indices[i]! * 3 + 3), i * 3);
  return out;
}

/** Runs the worker's handler and returns its replies in order. */
function run(request: BiteRequest): BiteReply[] {
  const replies: BiteReply[] = [];
  handleBiteRequest(request, (reply) => replies.push(reply));
  return replies;
}

const GAP = 0.2;
const lower = archJaw({ triangles: 4_000, seed: 2, closed: true });
const upper = archJaw({ triangles: 4_000, seed: 2, closed: true, upper: true, bite: GAP });

describe('the bite worker (one side of the map)', () => {
  it('welds a soup part into one surface and maps every soup corner back to its vertex', () => {
    const soup = soupOf(lower.positions, lower.indices!);
    const joined = joinJaw({ parts: [{ positions: soup }] });
    // As many vertices as the indexed mesh uses (no loose corners left), every corner where it was.
    expect(joined.positions.length / 3).toBeLessThanOrEqual(lower.positions.length / 3);
    expect(joined.indices.length).toBe(lower.indices!.length);
    const map = joined.maps[0]!;
    for (let v = 0; v < soup.length / 3; v += 97)
      for (let k = 0; k < 3; k++) expect(joined.positions[map[v]! * 3 + k]).toBe(soup[v * 3 + k]);
  });

  it('joins indexed parts with their vertices renumbered after the parts before', () => {
    const joined = joinJaw({
      parts: [
        { positions: lower.positions, indices: lower.indices! },
        { positions: upper.positions, indices: upper.indices! },
      ],
    });
    const n = lower.positions.length / 3;
    expect(joined.indices[lower.indices!.length]).toBe(upper.indices![0]! + n);
    expect(joined.maps[1]![0]).toBe(n);
  });

  it('gives the generated gap as the smallest clearance of either side, soup or indexed, colours per part vertex', () => {
    const indexed = {
      upper: { parts: [{ positions: upper.positions, indices: upper.indices! }] },
      lower: { parts: [{ positions: lower.positions, indices: lower.indices! }] },
    };
    const soup = {
      upper: { parts: [{ positions: soupOf(upper.positions, upper.indices!) }] },
      lower: { parts: [{ positions: soupOf(lower.positions, lower.indices!) }] },
    };
    const answers = [indexed, soup].map((jaws) =>
      (['upper', 'lower'] as const).map((side) => {
        const replies = run({ side, ...jaws });
        expect(replies.some((r) => r.type === 'progress')).toBe(true);
        const done = replies.at(-1)!;
        if (done.type !== 'done') throw new Error(`no answer: ${JSON.stringify(done)}`);
        expect(done.side).toBe(side);
        expect(done.jaw.minClearance).toBeCloseTo(GAP, 3);
        return done.jaw;
      }),
    );
    const [[a, aLower], [b]] = answers as [[BiteJaw, BiteJaw], [BiteJaw, BiteJaw]];
    expect(a.colors[0]!.length).toBe(upper.positions.length);
    expect(aLower.colors[0]!.length).toBe(lower.positions.length);
    expect(b.colors[0]!.length).toBe(upper.indices!.length * 3);
    // The same surface: the soup's corner has the colour of the indexed vertex it came from.
    const t = 123;
    const v = upper.indices![t]!;
    expect([...b.colors[0]!.subarray(t * 3, t * 3 + 3)]).toEqual([
      ...a.colors[0]!.subarray(v * 3, v * 3 + 3),
    ]);
  });

  it('gives each side exactly what the whole map of both jaws in one go gives', () => {
    const jaws = {
      upper: { parts: [{ positions: upper.positions, indices: upper.indices! }] },
      lower: { parts: [{ positions: lower.positions, indices: lower.indices! }] },
    };
    const whole = occlusionMap(
      { positions: upper.positions, indices: upper.indices! },
      { positions: lower.positions, indices: lower.indices! },
    );
    for (const side of ['upper', 'lower'] as const) {
      const done = run({ side, ...jaws }).at(-1)!;
      if (done.type !== 'done') throw new Error('no answer');
      expect(done.thresholds).toEqual(whole.thresholds);
      expect(done.jaw.colors[0]).toEqual(whole[side].colors);
      expect(done.jaw.minClearance).toBe(whole[side].minClearance);
      expect(done.jaw.contactArea).toBe(whole[side].contactArea);
      expect(done.jaw.histogram).toEqual(whole[side].histogram);
    }
  });

  it('answers failed, not a throw, for jaws without triangles', () => {
    const replies = run({
      side: 'lower',
      upper: { parts: [{ positions: new Float32Array(0) }] },
      lower: { parts: [{ positions: new Float32Array(0) }] },
    });
    expect(replies.at(-1)!.type).toBe('failed');
  });
});
