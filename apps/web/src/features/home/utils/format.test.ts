import { describe, expect, it } from 'vitest';
import { bucketLabel, formatChange, formatDay, formatDays } from './format.ts';
import type { Bucket } from './group-series.ts';

/** Intl puts thin and no-break spaces around ranges and percent signs: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

const bucket = (key: string, from: string, to: string): Bucket => ({
  key,
  from,
  to,
  total: 0,
  orthodontics: 0,
  implant: 0,
  restoration: 0,
  received: 0,
  downloaded: 0,
});

describe('dates of the dashboard', () => {
  it('formats a calendar day in the language, never shifted by the browser zone', () => {
    expect(plain(formatDay('2026-11-21', 'en'))).toBe('Nov 21, 2026');
    expect(plain(formatDay('2026-11-21', 'de'))).toBe('21.11.2026');
    expect(plain(formatDay('2026-01-01', 'en', 'short'))).toBe('Jan 1');
    expect(plain(formatDay('2026-01-01', 'de', 'short'))).toBe('1. Jan.');
  });

  it('formats a range of days, or one day', () => {
    expect(plain(formatDays('2026-11-15', '2026-11-21', 'en'))).toBe('Nov 15 – 21');
    expect(plain(formatDays('2026-10-26', '2026-11-01', 'en'))).toBe('Oct 26 – Nov 1');
    expect(plain(formatDays('2026-11-21', '2026-11-21', 'en'))).toBe('Nov 21');
  });

  it('names a bucket by its day, its days in the range, or its month', () => {
    expect(plain(bucketLabel(bucket('2026-11-21', '2026-11-21', '2026-11-21'), 'day', 'en'))).toBe('Nov 21');
    expect(plain(bucketLabel(bucket('2026-11-16', '2026-11-16', '2026-11-21'), 'week', 'en'))).toBe(
      'Nov 16 – 21',
    );
    expect(plain(bucketLabel(bucket('2026-11', '2026-11-01', '2026-11-21'), 'month', 'en'))).toBe('Nov 2026');
    expect(plain(bucketLabel(bucket('2026-11', '2026-11-01', '2026-11-21'), 'month', 'zh'))).toBe(
      '2026年11月',
    );
  });
});

describe('formatChange', () => {
  it('shows the size of the change in percent, the arrow shows its direction', () => {
    expect(plain(formatChange(12.5, 'en'))).toBe('12.5%');
    expect(plain(formatChange(-50, 'en'))).toBe('50%');
    expect(plain(formatChange(200, 'de'))).toBe('200 %');
    expect(plain(formatChange(0, 'en'))).toBe('0%');
  });
});
