import { describe, expect, it } from 'vitest';
import { containsLike, escapeLike } from './like.ts';

describe('LIKE patterns', () => {
  it('make %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsLike('a_b')).toBe('%a\\_b%');
    expect(escapeLike('plain')).toBe('plain');
  });
});
