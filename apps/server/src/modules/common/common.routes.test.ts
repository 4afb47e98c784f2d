import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceNames } from '@archway/contract';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { translations } from './common.schema.ts';

describe.each(engines)('common calls (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      ARCHWAY_DEMO: 'false',
      SERVICE_URLS: '{"casefile":"https://files.archway.test"}',
    });
  });
  afterAll(() => t.close());

  it('GET /common/services maps every lower-cased service name to a base URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/common/services',
      headers: { host: 'archway.test' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...ServiceNames].sort());
    expect(data.account).toBe(PUBLIC_URL);
    expect(data.casefile).toBe('https://files.archway.test');
  });

  it('GET /common/services derives from PUBLIC_URL: forged Host or X-Forwarded-* headers change nothing', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/common/services' })).json();
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { forwarded: 'host=evil.example;proto=https' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/common/services', headers });
      expect(res.json()).toEqual(plain);
      expect(res.body).not.toContain('evil');
    }
    expect(Object.values(plain.data).filter((u) => u === PUBLIC_URL).length).toBe(ServiceNames.length - 1);
  });

  it('POST /Common/SetLanguage accepts only zh or en', async () => {
    const auth = (await factories(t.app).org()).owner.headers;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/Common/SetLanguage?culture=zh&returnUrl=%2Fv5%2Fhome',
      headers: auth,
    });
    expect(ok.json()).toEqual({
      success: true,
      errorCode: 0,
      errorMessage: '',
      data: { culture: 'zh', returnUrl: '/v5/home' },
    });
    const bad = await t.app.inject({ method: 'POST', url: '/Common/SetLanguage?culture=de', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 400, data: { field: 'querystring.culture' } });
  });

  it('GET /api/translate/languageContent/cloud returns overrides as a JSON string', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/translate/languageContent/cloud?lang=de&timestamp=1',
    });
    expect(empty.json().data).toEqual({ content: '{}' });
    await t.app.platform.db
      .insert(translations)
      .values({ lang: 'de', content: { menu: { home: 'Startseite!' } } });
    const res = await t.app.inject({ method: 'GET', url: '/api/translate/languageContent/cloud?lang=de' });
    expect(JSON.parse(res.json().data.content)).toEqual({ menu: { home: 'Startseite!' } });
    const bad = await t.app.inject({ method: 'GET', url: '/api/translate/languageContent/cloud?lang=xx' });
    expect(bad.statusCode).toBe(400);
  });

  it('serves the API description and a health check', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/user/current',
      '/api2/cust',
      '/account/token',
      '/common/services',
      '/v5/identitySettings.json',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(spec.info.description).toContain('signIn.invalidCredentials');
    expect((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('sends / to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/v5/');
  });
});
