import { describe, expect, it } from 'vitest';
import { StatementNames } from './preparing-client.ts';

describe('statement names (issue 35: no hashing per request)', () => {
  it('names a text once and answers the same name for it, up to its size', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select $1::int');
    expect(a).toMatch(/^s\d+$/);
    expect(names.nameOf('select $1::text')).not.toBe(a);
    // The same text built again (another string object) has the same name.
    expect(names.nameOf(['select ', '$1::int'].join(''))).toBe(a);
    // Full: a new text runs unnamed, the known ones keep their names.
    expect(names.nameOf('select $1::date')).toBeUndefined();
    expect(names.nameOf('select $1::int')).toBe(a);
    expect(names.size).toBe(2);
  });
});
