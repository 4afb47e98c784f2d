import { describe, expect, it } from 'vitest';
import { canonicalOrigin, canonicalRedirect } from './canonical.ts';

const settings = {
  authority: 'http://localhost:8080/oidc',
  redirect_uri: 'http://localhost:8080/v5/account/signin-callback',
};
const page = (origin: string, pathname = '/v5/', search = '', hash = '') => ({
  origin,
  pathname,
  search,
  hash,
});

describe('canonical address', () => {
  it('moves another address to the same path on the origin of redirect_uri', () => {
    expect(canonicalRedirect(page('http://127.0.0.1:8080'), settings)).toBe('http://localhost:8080/v5/');
    expect(
      canonicalRedirect(page('http://192.168.1.20:8080', '/v5/device', '?tab=lent', '#x'), settings),
    ).toBe('http://localhost:8080/v5/device?tab=lent#x');
  });

  it('stays on the canonical origin', () => {
    expect(canonicalRedirect(page('http://localhost:8080', '/v5/home'), settings)).toBeNull();
  });

  it('stays when the settings are missing or unusable', () => {
    expect(canonicalRedirect(page('http://127.0.0.1:8080'), null)).toBeNull();
    expect(canonicalRedirect(page('http://127.0.0.1:8080'), { redirect_uri: 'not a url' })).toBeNull();
    expect(
      canonicalRedirect(page('http://127.0.0.1:8080'), { redirect_uri: 'javascript:alert(1)' }),
    ).toBeNull();
  });

  it('falls back to the authority', () => {
    expect(canonicalOrigin({ authority: 'https://archway.example/oidc' })).toBe('https://archway.example');
    expect(canonicalOrigin({ redirect_uri: 'https://a.example/cb', authority: 'https://b.example' })).toBe(
      'https://a.example',
    );
  });
});
