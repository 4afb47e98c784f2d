import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type PersonRef } from '../../testing/factories.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';

/**
 * Every administrator route, whoever registers it (the console, the registry, certification, help, release notes,
 * the audit log …): the app's own route list is enumerated, nothing is hard-coded, so a route added later is
 * covered by this test the day it is added. A member of an organization (not an administrator) gets HTTP 403 with
 * code 100 on each; an anonymous caller HTTP 401 with code 401. The access hook answers before any body or
 * parameter is read, so every route is called with a made-up id and an empty body.
 *
 * That switching an organization's optional screens in the console changes what its members' `/user/control/page`
 * answers is tested in `orgs/certification.test.ts` ("switches an organization's optional screens …").
 */
describe.each(engines)('every /api2/admin route refuses everyone but administrators (%s)', (engine) => {
  let t: TestApp;
  let member: PersonRef;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    member = (await factories(t.app).org()).owner;
    await t.app.ready();
  });
  afterAll(() => t.close());

  /** The registered administrator routes: method and path, parameters filled with a made-up id. */
  const adminRoutes = () => {
    const seen = new Set<string>();
    return t.app.routeAccess
      .filter((r) => r.url.startsWith('/api2/admin'))
      .map((r) => ({
        method: r.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD',
        pattern: r.url,
        url: r.url.replace(/:[A-Za-z_]+/g, crypto.randomUUID()).replace(/\*$/, 'x'),
      }))
      .filter((r) => {
        const key = `${r.method} ${r.pattern}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };

  it('finds the administrator routes, the console among them, each declared admin', () => {
    const routes = adminRoutes();
    const names = routes.map((r) => `${r.method} ${r.pattern}`);
    for (const expected of [
      'GET /api2/admin/console/orgs',
      'GET /api2/admin/console/orgs/:id',
      'PUT /api2/admin/console/orgs/:id/disabled',
      'GET /api2/admin/console/users',
      'GET /api2/admin/console/users/:id',
      'PUT /api2/admin/console/users/:id/disabled',
      'POST /api2/admin/console/users/:id/password-reset',
      'GET /api2/admin/console/admins',
      'POST /api2/admin/console/admins',
      'GET /api2/admin/cust',
      'PUT /api2/admin/cust/:id/pages',
      'GET /api2/admin/mail',
    ])
      expect(names, expected).toContain(expected);
    for (const r of t.app.routeAccess.filter((x) => x.url.startsWith('/api2/admin')))
      expect(r.access, `${r.method} ${r.url}`).toBe('admin');
  });

  it('answers a member HTTP 403 code 100 and an anonymous caller HTTP 401 on every one', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const payload = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) ? {} : undefined;
      const asMember = await t.app.inject({ method: r.method, url: r.url, headers: member.headers, payload });
      expect(asMember.statusCode, `member ${r.method} ${r.pattern}`).toBe(403);
      if (r.method !== 'HEAD')
        expect(asMember.json(), `member ${r.method} ${r.pattern}`).toMatchObject({
          success: false,
          errorCode: 100,
          data: { key: 'generic.permission' },
        });
      const anonymous = await t.app.inject({ method: r.method, url: r.url, payload });
      expect(anonymous.statusCode, `anonymous ${r.method} ${r.pattern}`).toBe(401);
      if (r.method !== 'HEAD')
        expect(anonymous.json(), `anonymous ${r.method} ${r.pattern}`).toMatchObject({
          success: false,
          errorCode: 401,
        });
    }
  });
});
