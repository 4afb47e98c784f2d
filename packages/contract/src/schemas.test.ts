import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isSafeText,
  jsonDepth,
  PropertyLimits,
  safeString,
  setLanguageQuery,
  tokenBody,
  updateUserBody,
  userProperty,
  uuidParam,
} from './schemas.ts';

const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nest(depth - 1) });

describe('safeString', () => {
  const s = safeString(5);

  it('trims and bounds the length', () => {
    expect(s.parse('  abc  ')).toBe('abc');
    expect(s.parse('12345')).toBe('12345');
    expect(s.safeParse('123456').success).toBe(false);
    expect(s.min(1).safeParse('   ').success).toBe(false);
  });

  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00b'],
    ['two high surrogates', '\uD800\uD800'],
  ])('refuses %s', (_name, value) => {
    expect(s.safeParse(value).success).toBe(false);
  });

  it('keeps real characters outside the BMP', () => {
    expect(s.parse('😀')).toBe('😀');
    expect(isSafeText('日本語 ok 😀')).toBe(true);
  });

  it('refuses non-strings', () => {
    expect(s.safeParse(12).success).toBe(false);
    expect(s.safeParse(null).success).toBe(false);
  });
});

describe('uuidParam', () => {
  it('accepts UUIDs of any version and refuses everything else', () => {
    expect(uuidParam.safeParse('00000000-0000-4000-8000-000000000000').success).toBe(true);
    expect(uuidParam.safeParse('7F3C2A10-1B2C-11EE-BE56-0242AC120002').success).toBe(true);
    for (const bad of ['', 'x', '1', '00000000-0000-4000-8000-00000000000', "1' or 1=1 --", '../etc'])
      expect(uuidParam.safeParse(bad).success, bad).toBe(false);
  });
});

describe('userProperty', () => {
  it('accepts ordinary objects', () => {
    expect(userProperty.parse({ skipNovice: 'yes', list: [1, 2, { a: null }] })).toEqual({
      skipNovice: 'yes',
      list: [1, 2, { a: null }],
    });
    expect(userProperty.safeParse(nest(PropertyLimits.maxDepth - 1)).success).toBe(true);
  });

  it('refuses objects nested too deep', () => {
    expect(jsonDepth(nest(3))).toBe(3);
    expect(userProperty.safeParse(nest(PropertyLimits.maxDepth + 1)).success).toBe(false);
    expect(userProperty.safeParse(nest(10_000)).success).toBe(false);
  });

  it('refuses objects larger than the bound', () => {
    const big = { a: 'x'.repeat(PropertyLimits.maxJsonBytes) };
    expect(userProperty.safeParse(big).success).toBe(false);
    // Counted in UTF-8 bytes, not characters.
    const wide = { a: '日'.repeat(Math.ceil(PropertyLimits.maxJsonBytes / 3)) };
    expect(userProperty.safeParse(wide).success).toBe(false);
  });

  it('refuses unsafe text in keys and values at any depth', () => {
    expect(userProperty.safeParse({ a: { b: ['x\u0000'] } }).success).toBe(false);
    expect(userProperty.safeParse({ ['k\uD800']: 1 }).success).toBe(false);
  });

  it('is read tolerantly: unknown keys of the body are stripped', () => {
    expect(updateUserBody.parse({ property: {}, extra: 1 })).toEqual({ property: {} });
  });
});

describe('sign-in bodies', () => {
  it('bound username and password before any hashing', () => {
    expect(tokenBody.safeParse({ username: 'a'.repeat(101), password: 'x' }).success).toBe(false);
    expect(tokenBody.safeParse({ username: 'a', password: 'x'.repeat(65) }).success).toBe(false);
    expect(tokenBody.safeParse({ username: 'a\u0000', password: 'x' }).success).toBe(false);
    expect(tokenBody.parse({ username: ' a ', password: ' x ', other: 1 })).toEqual({
      username: 'a',
      password: ' x ',
    });
  });

  it('keeps the language query strict on its values', () => {
    expect(setLanguageQuery.safeParse({ culture: 'de' }).success).toBe(false);
    expect(
      z.object({ q: setLanguageQuery }).safeParse({ q: { culture: 'zh', returnUrl: '/v5/\uDC00' } }).success,
    ).toBe(false);
  });
});
