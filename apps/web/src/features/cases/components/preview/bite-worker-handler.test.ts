import { describe, expect, it } from 'vitest';
import { archJaw } from '@archway/mesh';
import { handleBiteRequest, joinJaw } from './bite-worker-handler.ts';
import type { BiteReply, BiteRequest } from './bite-worker-protocol.ts';

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

describe('the bite worker', () => {
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

  it('gives the generated gap as the smallest clearance of both jaws, soup or indexed, colours per part vertex', () => {
    const indexed = run({
      upper: { parts: [{ positions: upper.positions, indices: upper.indices! }] },
      lower: { parts: [{ positions: lower.positions, indices: lower.indices! }] },
    });
    const soup = run({
      upper: { parts: [{ positions: soupOf(upper.positions, upper.indices!) }] },
      lower: { parts: [{ positions: soupOf(lower.positions, lower.indices!) }] },
    });
    for (const replies of [indexed, soup]) {
      const done = replies.at(-1)!;
      expect(done.type).toBe('done');
      if (done.type !== 'done') return;
      expect(done.result.upper.minClearance).toBeCloseTo(GAP, 3);
      expect(done.result.lower.minClearance).toBeCloseTo(GAP, 3);
      expect(replies.some((r) => r.type === 'progress')).toBe(true);
    }
    const a = indexed.at(-1)!;
    const b = soup.at(-1)!;
    if (a.type !== 'done' || b.type !== 'done') return;
    expect(a.result.upper.colors[0]!.length).toBe(upper.positions.length);
    expect(b.result.upper.colors[0]!.length).toBe(upper.indices!.length * 3);
    // The same surface: the soup's corner has the colour of the indexed vertex it came from.
    const t = 123;
    const v = upper.indices![t]!;
    expect([...b.result.upper.colors[0]!.subarray(t * 3, t * 3 + 3)]).toEqual([
      ...a.result.upper.colors[0]!.subarray(v * 3, v * 3 + 3),
    ]);
  });

  it('answers failed, not a throw, for jaws without triangles', () => {
    const replies = run({
      upper: { parts: [{ positions: new Float32Array(0) }] },
      lower: { parts: [{ positions: new Float32Array(0) }] },
    });
    expect(replies.at(-1)!.type).toBe('failed');
  });
});
