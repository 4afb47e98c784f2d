import { describe, expect, it } from 'vitest';
import { compareVersions, isVersion } from './updates.ts';

describe('release-note versions', () => {
  it('accepts 1 to 4 numbers with an optional -suffix, at most 32 characters', () => {
    for (const v of ['1', '1.2', '1.10.0', '1.2.3.4', '1.11.0-beta.1', '2.0.0-rc1'])
      expect(isVersion(v), v).toBe(true);
    for (const v of ['', 'v1.2', '1.2.3.4.5', '1..2', '1.2-', '1.2 beta', `1.${'1'.repeat(31)}`, '1.2.3-<b>'])
      expect(isVersion(v), v).toBe(false);
  });

  it('orders semantically: numbers one by one, a suffix before its release', () => {
    const sorted = ['1.10.0', '1.9.0', '1.11.0-beta.1', '1.11.0', '1.2', '1.11.0-alpha', '2'].sort(
      compareVersions,
    );
    expect(sorted).toEqual(['1.2', '1.9.0', '1.10.0', '1.11.0-alpha', '1.11.0-beta.1', '1.11.0', '2']);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
  });
});
