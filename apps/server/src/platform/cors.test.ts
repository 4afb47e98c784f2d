import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, type TestApp } from '../testing/test-app.ts';
import { factories } from '../testing/factories.ts';
import { CORS_ALLOWED_HEADERS } from './cors.ts';

describe('cross-origin calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  const preflight = (origin: string, headers = 'authorization,content-type,x-time-zone') =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/user/current',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': headers },
    });

  it('lets the web app at PUBLIC_URL call with its headers, X-Time-Zone included', async () => {
    const res = await preflight(PUBLIC_URL);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    for (const h of ['authorization', 'content-type', 'x-time-zone', 'accept-language'])
      expect(allowed, h).toContain(h);
    expect(CORS_ALLOWED_HEADERS).toContain('X-Time-Zone');

    const auth = (await factories(t.app).org()).owner.headers;
    const call = await t.app.inject({
      method: 'GET',
      url: '/user/current',
      headers: { ...auth, origin: PUBLIC_URL, 'x-time-zone': 'Europe/Lisbon' },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(call.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets the web app upload through tus and read what it needs from a download, across origins', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/case/upload/',
      headers: {
        origin: PUBLIC_URL,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,tus-resumable,upload-offset,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(String(pre.headers['access-control-allow-methods'])).toContain('PATCH');
    const allowed = String(pre.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['tus-resumable', 'upload-offset', 'upload-length', 'upload-metadata', 'range'])
      expect(allowed, h).toContain(h);

    const auth = (await factories(t.app).org()).owner.headers;
    const create = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/case/upload/',
        headers: { ...auth, origin, 'tus-resumable': '1.0.0', 'upload-length': '10' },
      });
    const mine = await create(PUBLIC_URL);
    expect(mine.statusCode).toBe(201);
    expect(mine.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(String(mine.headers['access-control-expose-headers'])).toMatch(/Location/);
    expect(String(mine.headers['access-control-expose-headers'])).toMatch(/Upload-Offset/);
    expect((await create('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();

    const download = await t.app.inject({
      method: 'GET',
      url: '/user/current',
      headers: { ...auth, origin: PUBLIC_URL },
    });
    expect(download.headers['access-control-expose-headers']).toContain('Content-Disposition');
  });

  it('gives other origins nothing', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
    const call = await t.app.inject({
      method: 'GET',
      url: '/user/current',
      headers: { origin: 'https://evil.example' },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the provider’s own CORS (and its client origin check) alone', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/oidc/token',
      headers: {
        origin: PUBLIC_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-time-zone',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-time-zone');
    expect(String(res.headers['access-control-allow-methods'])).toBe('POST');
  });
});
