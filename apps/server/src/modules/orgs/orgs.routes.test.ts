import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('organizations (%s)', (engine) => {
  let t: TestApp;
  let clinic: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    clinic = await signIn(t.app, 'clinic');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: object, payload?: unknown) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

  it('GET /api2/cust carries status: 0 authorized, otherwise registered', async () => {
    const mine = (await call('GET', '/api2/cust', clinic)).json().data;
    expect(mine).toMatchObject({ name: 'Demo Clinic', custType: 2, status: 0, privacy: 14 });
    const other = (await call('GET', '/api2/cust', await signIn(t.app, 'clinic2'))).json().data;
    expect(other).toMatchObject({ name: 'Demo Clinic 2', status: 1 });
    const dist = (await call('GET', '/api2/cust', await signIn(t.app, 'distributor'))).json().data;
    expect(dist).toMatchObject({ name: 'Demo Distributor', custType: 4 });
  });

  it('a user without an organization is told to complete it, on read and on write', async () => {
    const admin = await signIn(t.app, 'admin');
    for (const [method, url] of [
      ['GET', '/api2/cust'],
      ['PUT', '/api2/cust/property'],
    ] as const) {
      const res = await call(method, url, admin, method === 'PUT' ? { property: { a: 1 } } : undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: -5, data: { key: 'cust.missing' } });
    }
  });

  it('PUT /api2/cust/property stores e.g. skipNovice on the organization only, audited', async () => {
    const res = await call('PUT', '/api2/cust/property', clinic, { property: { skipNovice: 'yes', x: 1 } });
    expect(res.json()).toMatchObject({ success: true, data: { property: { skipNovice: 'yes', x: 1 } } });
    const removed = await call('PUT', '/api2/cust/property', clinic, { property: { x: null } });
    expect(removed.json().data.property).toEqual({ skipNovice: 'yes' });
    expect((await call('GET', '/api2/cust', clinic)).json().data.property).toEqual({ skipNovice: 'yes' });
    const otherOrg = (await call('GET', '/api2/cust', await signIn(t.app, 'lab'))).json().data.property;
    expect(otherOrg).toEqual({});
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.property'));
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ outcome: 'allowed', objectType: 'customer' });
  });

  it('PUT /api2/cust/property refuses a huge, deep or unsafe property with a parameter error', async () => {
    const deep = (n: number): Record<string, unknown> => (n === 0 ? {} : { a: deep(n - 1) });
    for (const property of [{ big: 'x'.repeat(17 * 1024) }, deep(9), { s: 'a\u0000b' }]) {
      const res = await call('PUT', '/api2/cust/property', clinic, { property });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 400, data: { key: 'generic.validation' } });
    }
    expect((await call('GET', '/api2/cust', clinic)).json().data.property).toEqual({ skipNovice: 'yes' });
  });

  it('concurrent property patches of one organization all land (the row is locked)', async () => {
    const lab = await signIn(t.app, 'lab');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', '/api2/cust/property', lab, { property: { [`k${i}`]: i } }),
      ),
    );
    const property = (await call('GET', '/api2/cust', lab)).json().data.property;
    expect(Object.keys(property).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `k${i}`).sort());
  });

  it('refuses an anonymous caller with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api2/cust'],
      ['PUT', '/api2/cust/property'],
    ] as const) {
      const res = await call(method, url, {}, method === 'PUT' ? { property: {} } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errorCode).toBe(401);
    }
  });
});
