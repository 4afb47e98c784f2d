import { describe, expect, it } from 'vitest';
import { caseNumber } from './case-number.ts';

describe('caseNumber', () => {
  it("is the id's first eight hex digits in capitals, as XXXX-XXXX", () => {
    expect(caseNumber('b0c2fbd5-9084-442f-b076-11ec5e87c5ab')).toBe('B0C2-FBD5');
    expect(caseNumber('B0C2FBD5-9084-442F-B076-11EC5E87C5AB')).toBe('B0C2-FBD5');
  });
  it('is the same for the same id and never the whole id', () => {
    const id = '0000aaaa-1111-4222-8333-444455556666';
    expect(caseNumber(id)).toBe(caseNumber(id));
    expect(caseNumber(id)).not.toContain(id.slice(9));
  });
  it('leaves a short value as it is', () => {
    expect(caseNumber('abc')).toBe('ABC');
  });
});
