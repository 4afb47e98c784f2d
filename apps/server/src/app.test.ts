import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('the built web app under /v5/', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'archway-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves files, and index.html for every page path (history fallback)', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/v5/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/v5/', '/v5/home', '/v5/login/abc', '/v5/first/home?x=1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('id="root"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('still answers API paths, and code 200 for unknown ones and missing files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v5/identitySettings.json' })).json().client_id).toBe(
      'archway-web',
    );
    for (const url of ['/v5/assets/missing.js', '/api2/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCode).toBe(200);
    }
  });

  it('lets the browser exchange its sign-in code from this origin only', async () => {
    const exchange = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { origin, host: 'archway.test', 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'grant_type=authorization_code&code=nope&client_id=archway-web&code_verifier=' +
          'v'.repeat(43) +
          '&redirect_uri=' +
          encodeURIComponent('http://archway.test/v5/account/signin-callback'),
      });
    // From its own origin the request reaches the grant check (and fails there: the code is made up) …
    expect((await exchange('http://archway.test')).json().error).toBe('invalid_grant');
    // … from any other origin it is refused before that.
    const foreign = await exchange('https://evil.example');
    expect(foreign.json().error).toBe('invalid_request');
    expect(foreign.json().error_description).toContain('origin');
  });
});
