import { describe, expect, it } from 'vitest';
import type { CaseComment } from '@archway/contract';
import { isAnchor, pinNumber, pinsOf, type PinAnchor } from './pins.ts';

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
