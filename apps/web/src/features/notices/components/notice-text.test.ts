import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { NoticeItem } from '@archway/contract';
import { readLocale } from '../../../locales/read-locale.ts';
import { noticeTarget, noticeText } from './notice-text.ts';

const en = readLocale('en') as Record<string, unknown>;
/** A minimal t over the English texts: the key's text with {{name}} filled. */
const t = ((key: string, vars: Record<string, string> = {}) => {
  const s = key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], en);
  if (typeof s !== 'string') throw new Error(`missing ${key}`);
  return s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}) as unknown as TFunction;

const notice = (kind: string, payload: Record<string, unknown>, path: string | null = null): NoticeItem => ({
  id: '1',
  kind,
  caseId: null,
  objectId: null,
  sendId: null,
  payload,
  createdAt: '2026-01-01T00:00:00Z',
  read: false,
  titleKey: '',
  path,
});

describe("the bell's lines", () => {
  it('fills each kind from what the notice carries', () => {
    expect(noticeText(notice('newCase', { org: 'Sunny' }), t)).toBe('New case from Sunny');
    expect(
      noticeText(notice('deviceLent', { from: 'Lab', to: 'Clinic', name: 'Blue', serial: 'C1' }), t),
    ).toBe('Lab authorized Clinic to use Blue (C1)');
    expect(noticeText(notice('task', { reason: 'converted' }), t)).toBe(t('notices.kind.taskConverted'));
    expect(noticeText(notice('task', { reason: 'model' }), t)).toBe(t('notices.kind.taskModel'));
    expect(noticeText(notice('failed', { reason: 'model' }), t)).toBe(t('notices.kind.failedModel'));
    expect(noticeText(notice('failed', { reason: 'conversion' }), t)).toBe(t('notices.kind.failed'));
    expect(noticeText(notice('task', { reason: 'finished', org: 'Lab' }), t)).toBe('Lab finished an order');
    expect(noticeText(notice('certification', { outcome: 'refused', org: 'Org', reason: 'blurry' }), t)).toBe(
      'Org was not verified: blurry',
    );
    expect(noticeText(notice('certification', { outcome: 'verified', org: 'Org' }), t)).toBe(
      'Org is verified',
    );
    expect(noticeText(notice('somethingNew', {}), t)).toBe('New notice');
  });

  it("opens the server's screen; a certification outcome opens the organization tab", () => {
    expect(noticeTarget(notice('deviceBound', {}, '/device'))).toBe('/device');
    expect(noticeTarget(notice('certification', {}, '/account'))).toBe('/account?tab=1');
    expect(noticeTarget(notice('somethingNew', {}, null))).toBeNull();
  });

  it("opens a case's page for every notice naming a case, whatever address it was stored with", () => {
    expect(noticeTarget(notice('newCase', {}, '/case?id=c1'))).toBe('/case/c1');
    expect(noticeTarget(notice('task', { reason: 'converted' }, '/case?id=c1'))).toBe('/case/c1');
    expect(noticeTarget(notice('reply', {}, '/caseComment?caseId=c1'))).toBe('/case/c1?tab=conversation');
    expect(noticeTarget(notice('task', { reason: 'model' }, '/caseBuilder?id=c 1'))).toBe('/case/c%201');
    expect(noticeTarget(notice('newCase', {}, '/case/c1'))).toBe('/case/c1');
    // Without a case: the list.
    expect(noticeTarget(notice('reply', {}, '/caseComment'))).toBe('/caseComment');
    expect(noticeTarget(notice('newCase', {}, '/case'))).toBe('/case');
  });
});
