import { describe, expect, it } from 'vitest';
import { moveName } from './order.ts';

describe('moveName', () => {
  const names = ['a', 'b', 'c', 'd'];
  it('moves a field up, down, to either end, and clamps', () => {
    expect(moveName(names, 'c', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveName(names, 'a', 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveName(names, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveName(names, 'a', 99)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveName(names, 'b', -3)).toEqual(['b', 'a', 'c', 'd']);
  });
  it('leaves the list alone for an unknown name', () => {
    expect(moveName(names, 'x', 0)).toEqual(names);
  });
});
