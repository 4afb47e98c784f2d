import { describe, expect, it } from 'vitest';
import type { BackupList, BackupRow } from '@archway/contract';
import { anyRunning, BACKUPS_POLL_MS } from '../api/backups.ts';
import { durationOf, formatBytes, formatDuration } from './backup-format.ts';

const row = (over: Partial<BackupRow>): BackupRow => ({
  name: 'archway-backup-20261202T030000Z',
  state: 'done',
  trigger: 'schedule',
  startedAt: '2026-12-02T03:00:00.000Z',
  finishedAt: '2026-12-02T03:02:05.000Z',
  sizeBytes: 1_536_000,
  rows: 1200,
  files: 34,
  error: null,
  ...over,
});
/** Intl puts no-break spaces (U+00A0, U+202F) between number and unit: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');
const list = (...backups: BackupRow[]): BackupList => ({
  backups,
  directory: '/d',
  schedule: '03:00',
  keep: 7,
});

describe('the Backups tab: sizes and durations in the interface language', () => {
  it('writes sizes in decimal units with the language’s decimal sign', () => {
    expect(plain(formatBytes(999, 'en'))).toBe('999 bytes');
    expect(plain(formatBytes(1_536_000, 'en'))).toBe('1.5 MB');
    expect(plain(formatBytes(1_536_000, 'de'))).toBe('1,5 MB');
    expect(plain(formatBytes(2_500_000_000, 'fr'))).toBe('2,5 Go');
    expect(plain(formatBytes(1_000, 'ru'))).toBe('1 кБ');
    // Just under a megabyte reads as 1 MB, not "1,000 kB".
    expect(plain(formatBytes(999_960, 'en'))).toBe('1 MB');
    expect(plain(formatBytes(-5, 'en'))).toBe('0 bytes');
  });

  it('writes durations as their two largest parts', () => {
    expect(plain(formatDuration(42_000, 'en'))).toBe('42 sec');
    expect(plain(formatDuration(125_000, 'en'))).toBe('2 min 5 sec');
    expect(plain(formatDuration(120_000, 'en'))).toBe('2 min');
    expect(plain(formatDuration(3_725_000, 'de'))).toBe('1 Std., 2 Min.');
    expect(plain(formatDuration(125_000, 'zh'))).toBe('2分钟5秒');
    expect(plain(formatDuration(200, 'en'))).toBe('0 sec');
  });

  it('knows a backup’s duration once it has finished', () => {
    expect(durationOf(row({}))).toBe(125_000);
    expect(durationOf(row({ state: 'running', finishedAt: null }))).toBeNull();
    expect(durationOf(row({ finishedAt: 'not a time' }))).toBeNull();
  });

  it('polls while any backup runs and stops when none does', () => {
    expect(BACKUPS_POLL_MS).toBeGreaterThan(0);
    expect(anyRunning(undefined)).toBe(false);
    expect(anyRunning(list())).toBe(false);
    expect(anyRunning(list(row({}), row({ state: 'failed', error: 'disk full' })))).toBe(false);
    expect(anyRunning(list(row({}), row({ name: 'b', state: 'running', finishedAt: null })))).toBe(true);
  });
});
