import { describe, expect, it } from 'vitest';
import { nameSaysModel } from './device-name.ts';

describe('nameSaysModel', () => {
  it('is true where the name repeats the model as a word, in any case', () => {
    expect(nameSaysModel('P3', 'P3')).toBe(true);
    expect(nameSaysModel('p3', 'P3')).toBe(true);
    expect(nameSaysModel('P3 front desk', 'P3')).toBe(true);
    expect(nameSaysModel('Chair 2 (P3)', 'P3')).toBe(true);
    expect(nameSaysModel('Smart', 'smart')).toBe(true);
  });
  it('is false where the model is not a word of the name', () => {
    expect(nameSaysModel('Chairside scanner', 'P2')).toBe(false);
    expect(nameSaysModel('P30 demo', 'P3')).toBe(false);
    expect(nameSaysModel('Smartphone bay', 'smart')).toBe(false);
    expect(nameSaysModel('', 'P3')).toBe(false);
  });
  it('has nothing to repeat without a model', () => {
    expect(nameSaysModel('Anything', ' ')).toBe(true);
  });
});
