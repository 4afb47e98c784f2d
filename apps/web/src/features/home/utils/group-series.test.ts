import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ar-sa';
import type { DailyPoint } from '@archway/contract';
import { bucketKey, groupSeries, weekOf, weekStartOf } from './group-series.ts';

/** Every day from `from` to `to`, each with `n(i)` orthodontic cases, 1 received, downloaded on even days. */
function days(from: string, to: string, n: (i: number) => number = () => 1): DailyPoint[] {
  const out: DailyPoint[] = [];
  for (
    let d = Date.parse(`${from}T00:00:00Z`), i = 0;
    d <= Date.parse(`${to}T00:00:00Z`);
    d += 86_400_000, i++
  ) {
    const count = n(i);
    out.push({
      day: new Date(d).toISOString().slice(0, 10),
      total: count + 1,
      orthodontics: count,
      implant: 1,
      restoration: 0,
      received: 1,
      downloaded: i % 2 === 0 ? 1 : 0,
    });
  }
  return out;
}

describe('weekOf', () => {
  // 2026-11-22 is a Sunday.
  it('goes back to the first day of the week', () => {
    expect(weekOf('2026-11-22', 0)).toBe('2026-11-22');
    expect(weekOf('2026-11-22', 1)).toBe('2026-11-16');
    expect(weekOf('2026-11-21', 0)).toBe('2026-11-15');
    expect(weekOf('2026-11-21', 1)).toBe('2026-11-16');
    expect(weekOf('2026-11-21', 6)).toBe('2026-11-21');
    expect(weekOf('2026-11-20', 6)).toBe('2026-11-14');
  });

  it('crosses months and years', () => {
    expect(weekOf('2026-01-01', 1)).toBe('2025-12-29');
    expect(weekOf('2024-03-01', 0)).toBe('2024-02-25');
  });
});

describe('bucketKey', () => {
  it('keys a day by itself, its week or its month', () => {
    expect(bucketKey('2026-11-18', 'day', 1)).toBe('2026-11-18');
    expect(bucketKey('2026-11-18', 'week', 1)).toBe('2026-11-16');
    expect(bucketKey('2026-11-18', 'month', 1)).toBe('2026-11');
  });
});

describe('groupSeries', () => {
  it('keeps every day when grouping by day', () => {
    const series = days('2026-11-15', '2026-11-21', (i) => i);
    const grouped = groupSeries(series, 'day');
    expect(grouped.map((b) => b.key)).toEqual(series.map((p) => p.day));
    expect(grouped.map((b) => b.orthodontics)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(grouped[3]).toMatchObject({ from: '2026-11-18', to: '2026-11-18', total: 4, received: 1 });
  });

  it('adds up weeks starting on Monday, the cut weeks at both ends too', () => {
    // Thursday 2026-11-05 … Tuesday 2026-11-24: 3 days, 7 days, 7 days, 2 days.
    const grouped = groupSeries(days('2026-11-05', '2026-11-24'), 'week', 1);
    expect(grouped.map((b) => [b.key, b.from, b.to, b.orthodontics])).toEqual([
      ['2026-11-02', '2026-11-05', '2026-11-08', 4],
      ['2026-11-09', '2026-11-09', '2026-11-15', 7],
      ['2026-11-16', '2026-11-16', '2026-11-22', 7],
      ['2026-11-23', '2026-11-23', '2026-11-24', 2],
    ]);
    expect(grouped.map((b) => b.total)).toEqual([8, 14, 14, 4]);
    // Downloaded on the series' even days (day 0 is 2026-11-05).
    expect(grouped.map((b) => b.downloaded)).toEqual([2, 4, 3, 1]);
  });

  it('moves the week boundary with the week start', () => {
    const series = days('2026-11-05', '2026-11-24');
    const sunday = groupSeries(series, 'week', 0);
    expect(sunday.map((b) => [b.key, b.orthodontics])).toEqual([
      ['2026-11-01', 3],
      ['2026-11-08', 7],
      ['2026-11-15', 7],
      ['2026-11-22', 3],
    ]);
    const saturday = groupSeries(series, 'week', 6);
    expect(saturday.map((b) => b.key)).toEqual(['2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21']);
  });

  it('adds up calendar months', () => {
    const grouped = groupSeries(
      days('2026-01-30', '2026-03-02', (i) => (i < 2 ? 10 : 1)),
      'month',
    );
    expect(grouped.map((b) => [b.key, b.from, b.to, b.orthodontics])).toEqual([
      ['2026-01', '2026-01-30', '2026-01-31', 20],
      ['2026-02', '2026-02-01', '2026-02-28', 28],
      ['2026-03', '2026-03-01', '2026-03-02', 2],
    ]);
  });

  it('keeps the sum of every figure', () => {
    const series = days('2026-08-01', '2026-11-21', (i) => i % 5);
    for (const grouping of ['day', 'week', 'month'] as const) {
      const grouped = groupSeries(series, grouping, 1);
      for (const figure of ['total', 'orthodontics', 'received', 'downloaded'] as const) {
        expect(grouped.reduce((n, b) => n + b[figure], 0)).toBe(series.reduce((n, p) => n + p[figure], 0));
      }
    }
  });

  it('answers nothing for an empty series', () => {
    expect(groupSeries([], 'week', 1)).toEqual([]);
  });
});

describe('weekStartOf', () => {
  it('reads the first day of the week from the dayjs locale', () => {
    expect(weekStartOf('en')).toBe(0);
    expect(weekStartOf('de')).toBe(1);
    expect(weekStartOf('en-gb')).toBe(1);
    expect(weekStartOf('ar-sa')).toBe(0);
  });

  it('follows the global locale when none is named', () => {
    const before = dayjs.locale();
    try {
      dayjs.locale('de');
      expect(weekStartOf()).toBe(1);
      dayjs.locale('en');
      expect(weekStartOf()).toBe(0);
    } finally {
      dayjs.locale(before);
    }
  });

  it('groups the same days into other weeks in German and in English', () => {
    const series = days('2026-11-15', '2026-11-21');
    expect(groupSeries(series, 'week', weekStartOf('en')).map((b) => b.key)).toEqual(['2026-11-15']);
    expect(groupSeries(series, 'week', weekStartOf('de')).map((b) => b.key)).toEqual([
      '2026-11-09',
      '2026-11-16',
    ]);
  });
});
