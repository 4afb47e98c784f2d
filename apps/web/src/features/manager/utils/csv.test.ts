import { describe, expect, it } from 'vitest';
import { countCsvRows } from './csv.ts';

describe('registry CSV', () => {
  it('counts device lines as the server does: blank lines and a first header skipped', () => {
    expect(countCsvRows('')).toBe(0);
    expect(countCsvRows('serial,bindCode,area\nC1,1\n\nE2,2,default\r\n')).toBe(2);
    expect(countCsvRows('C1,1\nserial,2')).toBe(2);
  });
});
