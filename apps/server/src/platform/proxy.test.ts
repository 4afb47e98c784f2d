import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, type TestApp } from '../testing/test-app.ts';

/** A public route that says which address, host and protocol Fastify resolved for the caller. */
async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', ...env });
  t.app.get('/test/whoami', { config: { access: 'public' } }, async (req) => ({
    ip: req.ip,
    ips: req.ips ?? null,
    host: req.host,
    protocol: req.protocol,
  }));
  return t;
}

const forged = {
  'x-forwarded-for': '6.6.6.6, 7.7.7.7, 8.8.8.8',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  host: 'archway.test',
};

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({});
  });
  afterAll(() => t.close());

  it('X-Forwarded-For, -Host and -Proto change nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: forged,
      remoteAddress: '10.1.2.3',
    });
    expect(res.json()).toMatchObject({ ip: '10.1.2.3', host: 'archway.test', protocol: 'http' });
  });

  it('the OpenID issuer and endpoints come from PUBLIC_URL, not from Host or X-Forwarded-Host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { ...forged, host: 'other.example:9999' },
    });
    const d = res.json();
    expect(d.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(d.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(d.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
    expect(res.body).not.toMatch(/evil|other\.example/);
  });

  it('identity settings name PUBLIC_URL whatever the Host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v5/identitySettings.json',
      headers: { ...forged, host: 'other.example' },
    });
    const s = res.json();
    expect(s.authority).toBe(`${PUBLIC_URL}/oidc`);
    expect(s.redirect_uri.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(res.body).not.toMatch(/evil|other\.example/);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('believes exactly one hop: the address the nearest proxy saw', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: forged,
      remoteAddress: '10.0.0.5',
    });
    // The proxy (10.0.0.5) appended 8.8.8.8; everything before it was sent by the caller and is ignored.
    expect(res.json().ip).toBe('8.8.8.8');
  });

  it('without the header, the socket address stands', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/whoami', remoteAddress: '10.0.0.5' });
    expect(res.json().ip).toBe('10.0.0.5');
  });
});

describe('TRUST_PROXY as two hops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ TRUST_PROXY: '2' });
  });
  afterAll(() => t.close());

  it('believes two hops and no more', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: forged,
      remoteAddress: '10.0.0.5',
    });
    expect(res.json().ip).toBe('7.7.7.7');
  });
});

describe('TRUST_PROXY as proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('believes the header only when the socket is a listed proxy', async () => {
    const fromProxy = await t.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { 'x-forwarded-for': '6.6.6.6, 10.9.9.9, 8.8.8.8' },
      remoteAddress: '10.0.0.5',
    });
    expect(fromProxy.json().ip).toBe('8.8.8.8');
    const direct = await t.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: forged,
      remoteAddress: '203.0.113.9',
    });
    expect(direct.json()).toMatchObject({ ip: '203.0.113.9', host: 'archway.test', protocol: 'http' });
  });
});
