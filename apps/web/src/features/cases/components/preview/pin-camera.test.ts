import { describe, expect, it } from 'vitest';
import { Box3, Vector3 } from 'three';
import { fittedCamera, pinToFly } from './pin-camera.ts';
import { fitDistance } from './views.ts';

const FOV = 35;
// A pair of jaws seen from the front: 60 mm wide (x), 50 deep (y), 40 high (z).
const box = new Box3(new Vector3(-30, -25, -20), new Vector3(30, 25, 20));
const saved = {
  position: [0, 120, 0] as [number, number, number],
  target: [0, 0, 0] as [number, number, number],
  up: [0, 0, 1] as [number, number, number],
};
const distance = (c: typeof saved) => new Vector3(...c.position).distanceTo(new Vector3(...c.target));
const direction = (c: typeof saved) =>
  new Vector3(...c.position)
    .sub(new Vector3(...c.target))
    .normalize()
    .toArray();

const front = new Vector3(0, 1, 0);

describe('fittedCamera', () => {
  it('keeps a pin camera as saved on a canvas wide enough for the scan', () => {
    expect(fittedCamera(saved, box, 16 / 9, FOV)).toEqual(saved);
    expect(fittedCamera(saved, box, 4, FOV)).toEqual(saved);
  });

  it('steps back on a narrow canvas as the framing does, keeping the direction, target and up', () => {
    const phone = fittedCamera(saved, box, 390 / 500, FOV);
    const ratio = fitDistance(box, front, FOV, 390 / 500) / fitDistance(box, front, FOV, 1e6);
    expect(ratio).toBeGreaterThan(1.2);
    expect(distance(phone)).toBeCloseTo(120 * ratio, 6);
    expect(direction(phone)).toEqual(direction(saved).map((x) => expect.closeTo(x, 9)));
    expect(phone.target).toEqual(saved.target);
    expect(phone.up).toEqual(saved.up);
    // Narrower still: farther still.
    expect(distance(fittedCamera(saved, box, 0.5, FOV))).toBeGreaterThan(distance(phone));
  });

  it('leaves the camera as saved without a box or a size', () => {
    expect(fittedCamera(saved, null, 0.5, FOV)).toBe(saved);
    expect(fittedCamera(saved, new Box3(), 0.5, FOV)).toBe(saved);
    expect(fittedCamera(saved, box, 0, FOV)).toBe(saved);
  });
});

describe('pinToFly', () => {
  it('flies to the pin asked for once the scan is drawn and the pins arrived', () => {
    expect(pinToFly({ requested: 'a', flown: null, ready: false })).toBeNull();
    expect(pinToFly({ requested: 'a', flown: null, ready: true })).toBe('a');
    expect(pinToFly({ requested: null, flown: null, ready: true })).toBeNull();
  });

  it('flies to another pin asked for on the same open page, not again to the one flown to', () => {
    expect(pinToFly({ requested: 'a', flown: 'a', ready: true })).toBeNull();
    expect(pinToFly({ requested: 'b', flown: 'a', ready: true })).toBe('b');
    expect(pinToFly({ requested: 'a', flown: 'b', ready: true })).toBe('a');
  });
});
