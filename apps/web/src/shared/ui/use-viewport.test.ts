import { describe, expect, it } from 'vitest';
import { viewportMode } from './use-viewport.ts';

describe('viewport modes', () => {
  it('phone below 768 px, compact below 1200 px, else wide', () => {
    expect(viewportMode(390)).toBe('mobile');
    expect(viewportMode(767)).toBe('mobile');
    expect(viewportMode(768)).toBe('compact');
    expect(viewportMode(1199)).toBe('compact');
    expect(viewportMode(1200)).toBe('wide');
    expect(viewportMode(1440)).toBe('wide');
  });
});
