import { describe, expect, it } from 'vitest';
import { casePath, legacyCaseTarget, showingCasePage } from './case-path.ts';

describe("a case page's address", () => {
  it('is /case/<id>, with the conversation tab and a pin when asked', () => {
    expect(casePath('c1')).toBe('/case/c1');
    expect(casePath('a/b c')).toBe('/case/a%2Fb%20c');
    expect(casePath('c1', { tab: 'conversation' })).toBe('/case/c1?tab=conversation');
    expect(casePath('c1', { pin: 'p9' })).toBe('/case/c1?pin=p9');
    expect(casePath('c1', { pin: null })).toBe('/case/c1');
  });

  it('replaces the old addresses of the detail, the preview at a pin and the thread', () => {
    expect(legacyCaseTarget('/case', '?id=c1')).toBe('/case/c1');
    expect(legacyCaseTarget('/v5/case/', '?preview=c1&pin=p2')).toBe('/case/c1?pin=p2');
    expect(legacyCaseTarget('/case', '?preview=c1')).toBe('/case/c1');
    expect(legacyCaseTarget('/caseComment', '?caseId=c1')).toBe('/case/c1?tab=conversation');
    expect(legacyCaseTarget('/case', '')).toBeNull();
    expect(legacyCaseTarget('/case', '?keyword=x')).toBeNull();
    expect(legacyCaseTarget('/caseComment', '')).toBeNull();
    expect(legacyCaseTarget('/case/c1', '?id=c2')).toBeNull();
    expect(legacyCaseTarget('/caseNot', '?id=c1')).toBeNull();
  });

  it('knows when the page shows a case', () => {
    expect(showingCasePage('c1', { pathname: '/v5/case/c1' })).toBe(true);
    expect(showingCasePage('c1', { pathname: '/v5/first/case/c1/' })).toBe(true);
    expect(showingCasePage('c 1', { pathname: '/v5/case/c%201' })).toBe(true);
    expect(showingCasePage('c1', { pathname: '/v5/case' })).toBe(false);
    expect(showingCasePage('c1', { pathname: '/v5/case/c2' })).toBe(false);
    expect(showingCasePage('c1', { pathname: '/v5/case/c1/extra' })).toBe(false);
    expect(showingCasePage('c1', { pathname: '/v5/caseBuilder' })).toBe(false);
    expect(showingCasePage('c1', { pathname: '/v5/case/%E0%A4%A' })).toBe(false);
  });
});
