import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { factories } from '../../testing/factories.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';

describe('BRAND (the special branded builds, product §2, §6)', () => {
  it('defaults to archway and takes a known brand', () => {
    expect(loadConfig({}).brand).toBe('archway');
    expect(loadConfig({ BRAND: 'lumident' }).brand).toBe('lumident');
    expect(loadConfig({ BRAND: ' lumident ' }).brand).toBe('lumident');
    expect(loadConfig({ BRAND: '' }).brand).toBe('archway');
  });

  it('stops the start on an unknown brand, listed with the other problems', () => {
    const attempt = () => loadConfig({ BRAND: 'acme', PORT: 'eighty' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/BRAND: unknown brand \(known: archway, lumident\)/);
    expect(attempt).toThrow(/PORT/);
    // Brand ids are exact: no other spelling, no property of Object.prototype.
    expect(() => loadConfig({ BRAND: 'Lumident' })).toThrow(ConfigError);
    expect(() => loadConfig({ BRAND: 'toString' })).toThrow(ConfigError);
  });
});

/** A stand-in for the built web app: its index.html with the brand markers of apps/web/index.html. */
const INDEX = `<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/v5/favicon.svg" />
<title>Archway</title></head><body><div id="splash"><div class="splash-brand" data-brand="archway"><svg></svg>
<span>Archway</span></div></div><script>window.x = 1;</script><div id="root"></div></body></html>`;

describe.each(engines)('a branded server (%s)', (engine) => {
  let plain: TestApp;
  let branded: TestApp;
  let web: string;
  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'archway-web-'));
    await mkdir(path.join(web, 'brands'));
    await writeFile(path.join(web, 'index.html'), INDEX);
    await writeFile(path.join(web, 'brands', 'lumident.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    plain = await createTestApp(engine, { ARCHWAY_DEMO: 'false', WEB_DIST: web });
    branded = await createTestApp(engine, { ARCHWAY_DEMO: 'false', BRAND: 'lumident', WEB_DIST: web });
  });
  afterAll(async () => {
    await plain.close();
    await branded.close();
    await rm(web, { recursive: true, force: true });
  });

  it('serves the page in its brand from the first byte: title, tab icon, splash (scripts unchanged)', async () => {
    for (const url of ['/v5/', '/v5/index.html', '/v5/home', '/v5/login/abc']) {
      const res = await branded.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Lumident Cloud</title>');
      expect(res.body).toContain('href="/v5/brands/lumident.svg"');
      expect(res.body).toContain('<span>Lumident Cloud</span>');
      expect(res.body).toContain('<script>window.x = 1;</script>');
      expect(res.body).not.toContain('Archway');
      // The CSP still allows the page's inline script (its hash is the build's).
      expect(res.headers['content-security-policy']).toContain("'sha256-");
    }
    const logo = await branded.app.inject({ method: 'GET', url: '/v5/brands/lumident.svg' });
    expect(logo.statusCode).toBe(200);
    const unbranded = await plain.app.inject({ method: 'GET', url: '/v5/home' });
    expect(unbranded.body).toBe(INDEX);
  });

  it('serves its brand at run time in identity settings', async () => {
    const of = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/v5/identitySettings.json' })).json().brand;
    expect(await of(plain)).toBe('archway');
    expect(await of(branded)).toBe('lumident');
  });

  it('refuses the model builder in a special brand with a catalogue code, before anything else', async () => {
    const f = factories(branded.app);
    const clinic = await f.org();
    const device = await f.device(clinic);
    const caseId = await f.kase(device, clinic.owner);
    for (const id of [caseId, randomUUID()]) {
      const res = await clinic.owner.call('POST', `/api/case/model/${id}`, { baseHeight: 5 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: -6, data: { key: 'brand.modelBuilder' } });
    }
    const zh = await clinic.owner.call('POST', `/api/case/model/${caseId}`, {}, { 'accept-language': 'zh' });
    expect(zh.body.errorMessage).toBe('此版本不包含模型制作');
    // The default brand has the builder: the same call is judged on its case.
    const g = factories(plain.app);
    const other = await g.org();
    const res = await other.owner.call('POST', `/api/case/model/${randomUUID()}`, {});
    expect(res.body).toMatchObject({ success: false, data: { key: 'case.notFound' } });
  });
});
