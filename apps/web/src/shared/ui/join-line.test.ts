import { describe, expect, it } from 'vitest';
import { joinLine } from './join-line.ts';

describe('joinLine', () => {
  it('leaves empty values out instead of printing "—"', () => {
    expect(joinLine(['From Demo Clinic', '', '12/05/2026'])).toBe('From Demo Clinic · 12/05/2026');
    expect(joinLine(['From Demo Clinic', null, undefined, false, '  '])).toBe('From Demo Clinic');
    expect(joinLine(['Demo Clinic', '—', 'Dr Wu'])).toBe('Demo Clinic · Dr Wu');
  });

  it('keeps every present value, numbers included, with the separator asked for', () => {
    expect(joinLine(['Ella', 0, 'F'])).toBe('Ella · 0 · F');
    expect(joinLine(['a', 'b'], ', ')).toBe('a, b');
    expect(joinLine([])).toBe('');
  });
});
