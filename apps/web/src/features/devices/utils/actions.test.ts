import { describe, expect, it } from 'vitest';
import { isDangerous, splitActions } from './actions.ts';

describe('row action buttons', () => {
  it('shows at most three items in a button group, the rest under More', () => {
    expect(splitActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(splitActions(['a', 'b', 'c', 'd', 'e'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd', 'e'] });
    expect(splitActions([])).toEqual({ inline: [], more: [] });
  });

  it('shows transfer and unbind in red', () => {
    expect(isDangerous('unbind')).toBe(true);
    expect(isDangerous('transfer')).toBe(true);
    expect(isDangerous('detail')).toBe(false);
  });
});
