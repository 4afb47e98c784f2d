import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { CustType } from '@archway/contract';
import { callerFor, type Caller } from '../testing/api.ts';
import { factories, platformAdmin } from '../testing/factories.ts';
import { AccessLevels, type Access } from './access.ts';

describe('every route declares its access', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A built web app, so the static plugin's routes are registered too.
    dist = await mkdtemp(path.join(tmpdir(), 'archway-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', WEB_DIST: dist });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('lists the routes, the plugins’ ones included', () => {
    const urls = t.app.routeAccess.map((r) => r.url);
    for (const url of ['/docs', '/docs/json', '/v5/*', '/', '/account/token', '/user/current'])
      expect(urls, url).toContain(url);
  });

  it('has no route without `config.access`', () => {
    const missing = t.app.routeAccess
      .filter((r) => r.access === undefined)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(missing, `routes without config.access: ${missing.join('; ')}`).toEqual([]);
  });

  it('declares only known levels', () => {
    for (const r of t.app.routeAccess)
      if (r.access !== undefined) expect(AccessLevels, `${r.method} ${r.url}`).toContain(r.access);
  });

  it('states each operation’s access in the API description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const current = doc.paths['/user/current'].get;
    expect(current.description).toMatch(/^Access: signedIn\./);
    expect(current.security).toEqual([{ bearer: [] }]);
    const token = doc.paths['/account/token'].post;
    expect(token.description).toMatch(/^Access: public\./);
    expect(token.security).toBeUndefined();
  });

  it('serves the API description and the web app to anyone', async () => {
    for (const url of ['/docs/json', '/v5/', '/v5/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302);
  });
});

describe.each(engines)('the access hook (%s)', (engine) => {
  let t: TestApp;
  let callers: Record<'clinic' | 'lab' | 'distributor' | 'admin' | 'anonymous', Caller>;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    for (const access of AccessLevels)
      t.app.get(`/test/access/${access}`, { config: { access } }, async (req) => ({
        ok: access,
        actor: req.actor?.username ?? null,
      }));
    t.app.get('/test/access/undeclared', async () => ({ ok: 'undeclared' }));
    // A member of each kind of organization, an administrator of none, and nobody.
    const f = factories(t.app);
    const admin = await platformAdmin(t.app);
    callers = {
      clinic: (await f.org({ custType: CustType.clinic })).owner,
      lab: (await f.org({ custType: CustType.lab })).owner,
      distributor: (await f.org({ custType: CustType.distributor })).owner,
      admin,
      anonymous: await callerFor(t.app, null),
    };
  });
  afterAll(() => t.close());

  const call = (who: keyof typeof callers, level: Access | 'undeclared') =>
    callers[who].call('GET', `/test/access/${level}`);

  it('public: anyone, a bad token is ignored', async () => {
    expect((await call('anonymous', 'public')).status).toBe(200);
    expect((await call('clinic', 'public')).body).toEqual({ ok: 'public', actor: callers.clinic.username });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/test/access/public',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.json()).toEqual({ ok: 'public', actor: null });
  });

  it.each(['signedIn', 'member', 'admin', 'undeclared'] as const)(
    '%s: anonymous and forged tokens get HTTP 401 code 401',
    async (level) => {
      const anon = await call('anonymous', level);
      expect(anon.status).toBe(401);
      expect(anon.body).toMatchObject({
        success: false,
        errorCode: 401,
        data: { key: 'generic.sessionExpired' },
      });
      const forged = await t.app.inject({
        method: 'GET',
        url: `/test/access/${level}`,
        headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      });
      expect(forged.statusCode).toBe(401);
    },
  );

  it('signedIn (and undeclared): any signed-in user, with or without an organization', async () => {
    for (const who of ['clinic', 'admin'] as const) {
      expect((await call(who, 'signedIn')).status, who).toBe(200);
      expect((await call(who, 'undeclared')).status, who).toBe(200);
    }
  });

  it('member: needs an organization, else the catalogue’s "organization missing"', async () => {
    expect((await call('clinic', 'member')).status).toBe(200);
    expect(callers.admin.custId).toBeNull();
    const res = await call('admin', 'member');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: -5, data: { key: 'cust.missing' } });
  });

  it('admin: platform administrators only, else HTTP 403 code 100', async () => {
    expect((await call('admin', 'admin')).status).toBe(200);
    for (const who of ['clinic', 'lab', 'distributor'] as const) {
      const res = await call(who, 'admin');
      expect(res.status, who).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 100, data: { key: 'generic.permission' } });
    }
  });

  it('leaves unknown paths to the not-found answer (HTTP 404, code 200) for anyone', async () => {
    const res = await call('anonymous', 'nothing-here' as Access);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(200);
  });
});
