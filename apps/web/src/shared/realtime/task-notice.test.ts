import { describe, expect, it } from 'vitest';
import { showingCase } from './task-notice.tsx';

describe('showingCase', () => {
  it('knows the case detail and the model builder of a case, under any base or system prefix', () => {
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '?id=c1' })).toBe(true);
    expect(showingCase('c1', 'case', { pathname: '/v5/first/case/', search: '?id=c1&x=1' })).toBe(true);
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '' })).toBe(false);
    expect(showingCase('c1', 'case', { pathname: '/v5/case', search: '?id=c2' })).toBe(false);
    expect(showingCase('c1', 'case', { pathname: '/v5/caseBuilder', search: '?id=c1' })).toBe(false);
    expect(showingCase('c1', 'caseBuilder', { pathname: '/v5/caseBuilder', search: '?id=c1' })).toBe(true);
  });
});
