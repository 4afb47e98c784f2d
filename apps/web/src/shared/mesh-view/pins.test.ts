import { describe, expect, it } from 'vitest';
import type { CaseComment } from '@archway/contract';
import { isAnchor, pinNumber, pinsOf, pinVisible, type PinAnchor } from './pins.ts';

const anchor: PinAnchor = {
  fileId: 'f1',
  point: [1, 2, 3],
  normal: [0, 0, 1],
  camera: { position: [0, 100, 30], target: [0, 0, 0], up: [0, 0, 1] },
};

/** A thread's comment; `anchor` as the server might send it (whole, absent or broken). */
const comment = (
  id: string,
  extra: Partial<Omit<CaseComment, 'anchor'>> & { anchor?: unknown },
): Omit<CaseComment, 'anchor'> & { anchor?: unknown } => ({
  id,
  caseId: 'c1',
  custId: 'o1',
  custName: 'Lab',
  userId: null,
  userName: null,
  text: `text ${id}`,
  image: null,
  createTime: '2026-11-01T10:00:00Z',
  mine: false,
  ...extra,
});

describe('pins', () => {
  it('accepts a whole anchor and refuses broken ones', () => {
    expect(isAnchor(anchor)).toBe(true);
    expect(isAnchor(null)).toBe(false);
    expect(isAnchor({ ...anchor, point: [1, 2] })).toBe(false);
    expect(isAnchor({ ...anchor, normal: [0, Number.NaN, 1] })).toBe(false);
    expect(isAnchor({ ...anchor, camera: { ...anchor.camera, up: undefined } })).toBe(false);
    expect(isAnchor({ ...anchor, fileId: 7 })).toBe(false);
  });

  it('keeps the pinned comments of a thread in its order, numbered from 1', () => {
    const pins = pinsOf([
      comment('a', { anchor }),
      comment('b', {}),
      comment('c', { anchor: { ...anchor, point: [4, 5, 6] } }),
      comment('d', { anchor: { broken: true } }),
    ]);
    expect(pins.map((p) => p.id)).toEqual(['a', 'c']);
    expect(pins[1]).toMatchObject({ text: 'text c', custName: 'Lab', anchor: { point: [4, 5, 6] } });
    expect(pinNumber(pins, 'c')).toBe(2);
    expect(pinNumber(pins, 'b')).toBe(0);
  });
});

describe('pinVisible', () => {
  const at = (point: [number, number, number], fileId = 'f1') => ({ fileId, point });
  // A section along x at 2 mm, keeping x ≤ 2 (three.js keeps normal·p + constant ≥ 0).
  const clip = { normal: { x: -1, y: 0, z: 0 }, constant: 2 };

  it('hides a pin whose surface the section cuts away, and keeps one on the kept side or on the plane', () => {
    expect(pinVisible(at([1, 5, 5]), undefined, clip)).toBe(true);
    expect(pinVisible(at([2, 5, 5]), undefined, clip)).toBe(true);
    expect(pinVisible(at([2.5, 5, 5]), undefined, clip)).toBe(false);
    expect(pinVisible(at([2.5, 5, 5]), undefined, null)).toBe(true);
  });

  it('hides a pin on a hidden file, section or not', () => {
    const shown = new Set(['f2']);
    expect(pinVisible(at([1, 0, 0]), shown)).toBe(false);
    expect(pinVisible(at([1, 0, 0], 'f2'), shown, clip)).toBe(true);
    expect(pinVisible(at([3, 0, 0], 'f2'), shown, clip)).toBe(false);
  });
});
