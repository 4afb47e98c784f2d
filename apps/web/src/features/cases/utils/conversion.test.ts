import { describe, expect, it } from 'vitest';
import type { Conversion } from '@archway/contract';
import {
  CONVERT_CHOICES,
  CONVERT_OPTIONS,
  RETIRED_FORMATS,
  canConvert,
  conversionPercent,
  conversionPhase,
  failureKey,
  isActive,
  needsFlush,
  progressStatus,
} from './conversion.ts';

const job = (over: Partial<Conversion> = {}): Conversion => ({
  id: 'j1',
  caseId: 'c1',
  type: 'stl',
  state: 'running',
  progress: 0.42,
  error: null,
  files: [],
  createdAt: '2026-11-21 20:00:00',
  finishedAt: null,
  ...over,
});

describe('conversion dialog helpers', () => {
  it('lists the three formats of product §1, PLY colour not selectable', () => {
    expect(CONVERT_OPTIONS).toEqual([
      { type: 'plyTexture', selectable: true },
      { type: 'plyColor', selectable: false },
      { type: 'stl', selectable: true },
    ]);
  });

  it('offers only what can be chosen, and names PLY colour once as retired', () => {
    expect(CONVERT_CHOICES).toEqual(['plyTexture', 'stl']);
    expect(RETIRED_FORMATS).toEqual(['plyColor']);
  });

  it('polls queued and running jobs only', () => {
    expect(isActive(job({ state: 'queued' }))).toBe(true);
    expect(isActive(job({ state: 'running' }))).toBe(true);
    expect(isActive(job({ state: 'done' }))).toBe(false);
    expect(isActive(job({ state: 'failed' }))).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it('shows whole percentages, 100 only once done', () => {
    expect(conversionPercent(job({ progress: 0.426 }))).toBe(42);
    expect(conversionPercent(job({ progress: 1 }))).toBe(99);
    expect(conversionPercent(job({ progress: -1 }))).toBe(0);
    expect(conversionPercent(job({ progress: Number.NaN }))).toBe(0);
    expect(conversionPercent(job({ state: 'done', progress: 0.5 }))).toBe(100);
    expect(progressStatus('running')).toBe('active');
    expect(progressStatus('queued')).toBe('normal');
    expect(progressStatus('done')).toBe('success');
    expect(progressStatus('failed')).toBe('exception');
  });

  it('translates a failure by its catalogue key', () => {
    expect(failureKey(job({ state: 'failed', error: { key: 'case.originalMissing', code: -6 } }))).toBe(
      'errors.case.originalMissing',
    );
    expect(failureKey(job({ state: 'failed', error: null }))).toBe('errors.case.processingFailed');
  });

  it('tells the phase: idle, starting, refused, the job of the target asked for', () => {
    expect(conversionPhase({ started: null, job: undefined, refusalKey: null })).toEqual({ kind: 'idle' });
    expect(conversionPhase({ started: 'stl', job: undefined, refusalKey: null })).toEqual({
      kind: 'starting',
    });
    expect(
      conversionPhase({ started: 'stl', job: undefined, refusalKey: 'errors.case.conversionNoFormat' }),
    ).toEqual({ kind: 'refused', messageKey: 'errors.case.conversionNoFormat' });
    const j = job();
    expect(conversionPhase({ started: 'stl', job: j, refusalKey: null })).toEqual({ kind: 'job', job: j });
    // An answer about another target (a previous choice) is not shown as this one's.
    expect(conversionPhase({ started: 'plyTexture', job: j, refusalKey: null })).toEqual({
      kind: 'starting',
    });
  });

  it('enables Convert once a selectable format is chosen and nothing runs', () => {
    const idle = { kind: 'idle' } as const;
    expect(canConvert(null, idle)).toBe(false);
    expect(canConvert('plyColor', idle)).toBe(false);
    expect(canConvert('stl', idle)).toBe(true);
    expect(canConvert('stl', { kind: 'starting' })).toBe(false);
    expect(canConvert('stl', { kind: 'job', job: job({ state: 'queued' }) })).toBe(false);
    expect(canConvert('plyTexture', { kind: 'job', job: job({ state: 'running' }) })).toBe(false);
    // Done: the same result is on screen already; another format may be converted.
    expect(canConvert('stl', { kind: 'job', job: job({ state: 'done' }) })).toBe(false);
    expect(canConvert('plyTexture', { kind: 'job', job: job({ state: 'done' }) })).toBe(true);
    // Failed or refused: try again.
    expect(canConvert('stl', { kind: 'job', job: job({ state: 'failed' }) })).toBe(true);
    expect(canConvert('stl', { kind: 'refused', messageKey: 'errors.case.converting' })).toBe(true);
  });

  it('converts afresh (flush) only when the same target failed', () => {
    const failed = { kind: 'job', job: job({ state: 'failed' }) } as const;
    expect(needsFlush('stl', failed)).toBe(true);
    expect(needsFlush('plyTexture', failed)).toBe(false);
    expect(needsFlush('stl', { kind: 'job', job: job({ state: 'done' }) })).toBe(false);
    expect(needsFlush('stl', { kind: 'idle' })).toBe(false);
  });
});
