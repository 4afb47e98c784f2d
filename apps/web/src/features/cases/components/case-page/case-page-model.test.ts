import { describe, expect, it } from 'vitest';
import { CaseEventKinds, type CaseEvent } from '@archway/contract';
import { readLocale } from '../../../../locales/read-locale.ts';
import {
  EVENT_SENTENCE_KEYS,
  byDay,
  dueIn,
  dueInText,
  eventSentence,
  pageActions,
} from './case-page-model.ts';

const event = (over: Partial<CaseEvent>): CaseEvent => ({
  at: '2026-03-02T10:00:00Z',
  kind: 'uploaded',
  by: 'Ann',
  org: 'Clinic',
  own: true,
  detail: {},
  ...over,
});

describe('case page: header actions', () => {
  it('offers only what the copy allows, print with detail and share with recycle', () => {
    expect(pageActions(['preview', 'download', 'detail', 'convert', 'status', 'comment', 'recycle'])).toEqual(
      ['download', 'convert', 'print', 'share', 'recycle'],
    );
    // A copy in the bin: shown and restored, nothing else.
    expect(pageActions(['detail', 'restore', 'purge'])).toEqual(['print', 'restore']);
    expect(pageActions([])).toEqual([]);
  });
});

describe('case page: time left until the due date', () => {
  const now = new Date(2026, 2, 10, 23, 30);
  it('counts calendar days on the local calendar', () => {
    expect(dueIn('2026-03-10', now)).toMatchObject({ days: 0, value: 0, unit: 'day', overdue: false });
    expect(dueIn('2026-03-11', now)).toMatchObject({ days: 1, unit: 'day' });
    expect(dueIn('2026-03-08', now)).toMatchObject({ days: -2, value: -2, overdue: true });
  });
  it('says weeks, then months, for far dates', () => {
    expect(dueIn('2026-03-31', now)).toMatchObject({ days: 21, value: 3, unit: 'week' });
    expect(dueIn('2026-07-10', now)).toMatchObject({ unit: 'month', value: 4 });
    expect(dueIn('2025-12-10', now)).toMatchObject({ unit: 'month', value: -3, overdue: true });
  });
  it('answers null for no date or an unreadable one', () => {
    expect(dueIn(null, now)).toBeNull();
    expect(dueIn('soon', now)).toBeNull();
  });
  it('says it in the interface language', () => {
    expect(dueInText({ days: 1, value: 1, unit: 'day', overdue: false }, 'en')).toBe('tomorrow');
    expect(dueInText({ days: 3, value: 3, unit: 'day', overdue: false }, 'de')).toBe('in 3 Tagen');
    expect(dueInText({ days: -14, value: -2, unit: 'week', overdue: true }, 'en')).toBe('2 weeks ago');
  });
});

describe('case page: history sentences', () => {
  it('picks the variant with the detail when there is one', () => {
    expect(eventSentence(event({ detail: { device: 'SN-1' } }))).toMatchObject({
      key: 'casePage.history.events.uploadedDevice',
      values: { who: 'Ann', device: 'SN-1' },
    });
    expect(eventSentence(event({ kind: 'status', detail: { status: 4 } }))).toMatchObject({
      key: 'casePage.history.events.statusTo',
      keys: { status: 'cases.progress.finished' },
    });
    expect(eventSentence(event({ kind: 'converted', detail: { type: 'stl' } })).keys).toEqual({
      type: 'cases.convert.types.stl.name',
    });
    expect(eventSentence(event({ kind: 'status', detail: { status: 9 } })).key).toBe(
      'casePage.history.events.status',
    );
  });
  it('names the organization when no person did it', () => {
    expect(eventSentence(event({ kind: 'downloaded', by: null, org: 'Lab' })).values.who).toBe('Lab');
    expect(eventSentence(event({ kind: 'shareRead', by: null, org: null })).values.who).toBe('');
  });
  it('has a sentence in every language for every kind and variant', () => {
    for (const kind of CaseEventKinds) expect(EVENT_SENTENCE_KEYS).toContain(kind);
    for (const lang of ['en', 'de', 'zh']) {
      const texts = readLocale(lang) as { casePage: { history: { events: Record<string, unknown> } } };
      for (const key of EVENT_SENTENCE_KEYS)
        expect(typeof texts.casePage.history.events[key], `${lang} ${key}`).toBe('string');
    }
  });
});

describe('case page: history days', () => {
  it('groups consecutive events of one local day', () => {
    const list = [
      { at: new Date(2026, 2, 3, 9).toISOString() },
      { at: new Date(2026, 2, 3, 8).toISOString() },
      { at: new Date(2026, 2, 1, 8).toISOString() },
    ];
    expect(byDay(list).map((g) => [g.day, g.events.length])).toEqual([
      ['2026-03-03', 2],
      ['2026-03-01', 1],
    ]);
  });
});
