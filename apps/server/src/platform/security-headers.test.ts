import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { factories } from '../testing/factories.ts';

const RENEW = '\n      window.parent.postMessage({ url: location.href }, location.origin);\n    ';
const hashOf = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** The directives of a CSP header, by name. */
const csp = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

async function webDist() {
  const dist = await mkdtemp(path.join(tmpdir(), 'archway-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/v5/assets/app.js"></script><div id="root"></div>',
  );
  await writeFile(path.join(dist, 'silent-renew.html'), `<!doctype html><script>${RENEW}</script>`);
  await writeFile(path.join(dist, 'assets', 'app.js'), 'export {}');
  return dist;
}

describe('security headers over http (the default)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await webDist();
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const answers = () =>
    Promise.all(
      [
        { method: 'GET' as const, url: '/v5/' },
        { method: 'GET' as const, url: '/v5/home' },
        { method: 'GET' as const, url: '/v5/assets/app.js' },
        { method: 'GET' as const, url: '/docs/' },
        { method: 'GET' as const, url: '/docs/json' },
        { method: 'GET' as const, url: '/user/current' }, // 401
        { method: 'GET' as const, url: '/no/such/path' }, // 404
        {
          method: 'POST' as const,
          url: '/account/token',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        },
        { method: 'GET' as const, url: '/oidc/.well-known/openid-configuration' }, // written by the provider itself
      ].map(async (r) => ({ url: r.url, res: await t.app.inject(r) })),
    );

  it('sends nosniff, Referrer-Policy and a CSP on every answer, errors and the provider’s included', async () => {
    for (const { url, res } of await answers()) {
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
    }
  });

  it('sends no HSTS and no upgrade-insecure-requests on http', async () => {
    for (const { url, res } of await answers()) {
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('allows what the SPA and swagger-ui need, and the built pages’ inline scripts by hash only', async () => {
    const policy = csp(
      (await t.app.inject({ method: 'GET', url: '/v5/' })).headers['content-security-policy'],
    );
    expect(policy.get('script-src')).toContain("'self'");
    expect(policy.get('script-src')).toContain(hashOf(RENEW));
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toContain('data:');
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://archway.test']);
  });
});

describe('Cache-Control of private answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
  });
  afterAll(() => t.close());

  it('is no-store on every answer to a signed-in caller and on private routes, not on public answers', async () => {
    const f = factories(t.app);
    const clinic = await f.org();
    const device = await f.device(clinic);
    const caseId = await f.kase(device, clinic.owner);
    const privateCalls = [
      { method: 'GET' as const, url: `/detail/${caseId}` },
      { method: 'POST' as const, url: '/getpaging', payload: { pageSize: 10 } },
      { method: 'GET' as const, url: '/user/current' },
      { method: 'GET' as const, url: `/api/case/comment/list?caseId=${caseId}` },
      { method: 'GET' as const, url: '/api2/cust/user/list' },
      // A refusal to a signed-in caller is private too.
      { method: 'GET' as const, url: '/detail/00000000-0000-4000-8000-000000000000' },
      // A public route answered to a signed-in caller.
      { method: 'GET' as const, url: '/api/translate/languageContent/cloud?lang=en' },
    ];
    for (const call of privateCalls) {
      const res = await t.app.inject({ ...call, headers: clinic.owner.headers });
      expect(res.statusCode, call.url).toBeLessThan(500);
      expect(res.headers['content-type'], call.url).toMatch(/json/);
      expect(res.headers['cache-control'], call.url).toBe('no-store');
    }
    // A private route without a token (its 401) may not be kept either.
    const anonymous = await t.app.inject({ method: 'GET', url: '/user/current' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    // Public answers to anonymous callers are not marked.
    for (const url of ['/api/translate/languageContent/cloud?lang=en', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('security headers over https, with framing origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      ARCHWAY_DEMO: 'false',
      PUBLIC_URL: 'https://archway.example',
      FRAME_ANCESTORS: 'https://portal.example,http://localhost:3000',
      SERVICE_URLS: '{"case":"https://case.example/api"}',
    });
  });
  afterAll(() => t.close());

  it('sends HSTS, upgrades requests and names the allowed framing origins', async () => {
    for (const url of ['/no/such/path', '/oidc/.well-known/openid-configuration', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), url).toEqual([
        "'self'",
        'https://portal.example',
        'http://localhost:3000',
      ]);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(true);
      expect(policy.get('connect-src'), url).toEqual([
        "'self'",
        'https://archway.example',
        'https://case.example',
      ]);
      // X-Frame-Options cannot name several origins: left out so that it does not contradict frame-ancestors.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('derives the provider’s URLs from PUBLIC_URL whatever Host and X-Forwarded-* say', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'http' },
    });
    const discovery = res.json();
    expect(discovery.issuer).toBe('https://archway.example/oidc');
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint'])
      expect(discovery[key], key).toMatch(/^https:\/\/archway\.example\/oidc\//);
    expect(res.body).not.toContain('evil');
  });

  it('marks the provider’s cookies Secure', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url:
        '/oidc/auth?client_id=archway-web&response_type=code&scope=openid&code_challenge_method=S256' +
        `&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent('https://archway.example/v5/account/signin-callback')}`,
    });
    expect(res.statusCode).toBe(303);
    const cookies = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c.toLowerCase(), c).toContain('; secure');
  });
});
