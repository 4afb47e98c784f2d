import { describe, expect, it } from 'vitest';
import {
  addMonths,
  belowThreshold,
  defaultPeriods,
  difference,
  exportFileName,
  mergeDevices,
  partnerColumn,
  rowAlerts,
} from './stats.ts';

describe('the red-highlight rule', () => {
  it('marks a value below a set threshold, not one equal to or above it', () => {
    expect(belowThreshold(2, 3)).toBe(true);
    expect(belowThreshold(3, 3)).toBe(false);
    expect(belowThreshold(4, 3)).toBe(false);
  });

  it('marks nothing when no threshold is set, and 0 is a real threshold', () => {
    expect(belowThreshold(-5, null)).toBe(false);
    expect(belowThreshold(-5, undefined)).toBe(false);
    expect(belowThreshold(-1, 0)).toBe(true);
    expect(belowThreshold(0, 0)).toBe(false);
  });

  it('checks the total against abnormal and the difference against its own threshold', () => {
    const row = { total: 5, difference: -2 };
    expect(rowAlerts(row, { abnormal: 6, difference: null })).toEqual({ total: true, difference: false });
    expect(rowAlerts(row, { abnormal: 5, difference: -1 })).toEqual({ total: false, difference: true });
    expect(rowAlerts(row, { abnormal: null, difference: -3 })).toEqual({ total: false, difference: false });
    expect(rowAlerts(row, undefined)).toEqual({ total: false, difference: false });
  });
});

describe('the first column', () => {
  it('names clinics for a lab, labs for a clinic, organizations otherwise', () => {
    expect(partnerColumn(3)).toBe('clinic');
    expect(partnerColumn(2)).toBe('lab');
    expect(partnerColumn(4)).toBe('organization');
    expect(partnerColumn(null)).toBe('organization');
  });
});

describe('the export file name', () => {
  const today = new Date('2026-11-22T10:00:00Z');

  it("prefers the server's UTF-8 name", () => {
    expect(
      exportFileName(
        `attachment; filename="statistics-2026-11-22.csv"; filename*=UTF-8''Statistik%20%C3%BCber.csv`,
        'csv',
        today,
      ),
    ).toBe('Statistik über.csv');
  });

  it('falls back to the plain name, then to statistics-<day>', () => {
    expect(exportFileName('attachment; filename="stats.xlsx"', 'xlsx', today)).toBe('stats.xlsx');
    expect(exportFileName(null, 'csv', today)).toBe('statistics-2026-11-22.csv');
    expect(exportFileName('attachment', 'xlsx', today)).toBe('statistics-2026-11-22.xlsx');
    expect(exportFileName("attachment; filename*=UTF-8''%E0%A4%A", 'csv', today)).toBe(
      'statistics-2026-11-22.csv',
    );
  });

  it('never keeps a path or a wrong extension', () => {
    expect(exportFileName(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'csv', today)).toBe(
      '_.._etc_passwd.csv',
    );
    expect(exportFileName('attachment; filename="report.txt"', 'csv', today)).toBe('report.txt.csv');
  });
});

describe('months and the comparison', () => {
  it('adds months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });

  it('compares the last months up to yesterday with the months before', () => {
    // The first of the month: yesterday is still last month.
    expect(defaultPeriods(new Date(2026, 11, 1, 12))).toEqual({
      recent: { from: '2026-09', to: '2026-11' },
      earlier: { from: '2026-06', to: '2026-08' },
    });
    expect(defaultPeriods(new Date(2026, 0, 15), 6)).toEqual({
      recent: { from: '2025-08', to: '2026-01' },
      earlier: { from: '2025-02', to: '2025-07' },
    });
  });

  it('gives the difference and its percentage, none from zero', () => {
    expect(difference(10, 15)).toEqual({ delta: 5, percent: 50 });
    expect(difference(3, 2)).toEqual({ delta: -1, percent: -33.3 });
    expect(difference(0, 4)).toEqual({ delta: 4, percent: null });
    expect(difference(1.5, 1.2)).toEqual({ delta: -0.3, percent: -20 });
  });

  it("merges both sides' devices, most uploads first", () => {
    expect(
      mergeDevices(
        [
          { serial: 'S1', name: 'Chair 1', total: 2 },
          { serial: 'S2', name: null, total: 1 },
        ],
        [{ serial: 'S2', name: 'Chair 2', total: 5 }],
      ),
    ).toEqual([
      { serial: 'S2', name: 'S2', a: 1, b: 5 },
      { serial: 'S1', name: 'Chair 1', a: 2, b: 0 },
    ]);
  });

  it('orders devices with equal uploads by name in the interface language, not English for everyone', () => {
    const names = ['Zahnlabor', 'apex', 'Ästhetik', 'Ørsta', 'Čapek', 'Zoë', 'Émile'];
    const devices = names.map((name, i) => ({ serial: `S${i}`, name, total: 1 }));
    const order = (language: string) => mergeDevices(devices, [], language).map((d) => d.name);
    expect(order('de')).toEqual(['apex', 'Ästhetik', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë']);
    expect(order('no')).toEqual(['apex', 'Čapek', 'Émile', 'Zahnlabor', 'Zoë', 'Ästhetik', 'Ørsta']);
    expect(order('cs')).toEqual(['apex', 'Ästhetik', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë']);
  });
});
