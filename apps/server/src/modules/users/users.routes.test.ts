import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('users (%s)', (engine) => {
  let t: TestApp;
  let clinic: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    clinic = await signIn(t.app, 'clinic');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: { authorization: string }, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as object });

  it('GET /user/current carries custType and the product §3 user fields', async () => {
    const res = await call('GET', '/user/current', clinic);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      errorCode: 0,
      data: {
        username: 'clinic',
        custType: 2,
        custName: 'Demo Clinic',
        custStatus: 0,
        phoneConfirmed: '2',
        emailConfirmed: '1', // demo addresses count as confirmed (demo/seed.ts)
        property: { skipNovice: 'yes' },
        isAdmin: false,
      },
    });
    expect((await call('GET', '/api2/user', clinic)).json().data.username).toBe('clinic');
  });

  it('a new user has an empty property object', async () => {
    const res = await call('GET', '/user/current', await signIn(t.app, 'lab2'));
    expect(res.json().data).toMatchObject({ custType: 3, custName: 'Demo Lab 2', property: {} });
  });

  it('PUT /api2/user merges the property, null removes a key, and it is audited', async () => {
    const lab = await signIn(t.app, 'lab');
    let res = await call('PUT', '/api2/user', lab, { property: { skipNovice: 'yes', theme: 'dark' } });
    expect(res.json()).toMatchObject({
      success: true,
      data: { property: { skipNovice: 'yes', theme: 'dark' } },
    });
    res = await call('PUT', '/api2/user', lab, { property: { theme: null } });
    expect(res.json().data.property).toEqual({ skipNovice: 'yes' });
    expect((await call('GET', '/user/current', lab)).json().data.property).toEqual({ skipNovice: 'yes' });
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'user.property'));
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ outcome: 'allowed', objectType: 'user' });
  });

  it('PUT /api2/user refuses a malformed body and changes nothing', async () => {
    const before = (await call('GET', '/user/current', clinic)).json().data.property;
    const deep = (n: number): Record<string, unknown> => (n === 0 ? {} : { a: deep(n - 1) });
    for (const payload of [
      { property: 'yes' },
      {},
      { property: { big: 'x'.repeat(17 * 1024) } },
      { property: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, 'value-value'])) },
      { property: deep(9) },
      { property: { bad: 'nul\u0000byte' } },
      { property: { 'key\u0000': 1 } },
      { property: { lone: 'half \ud800 surrogate' } },
    ]) {
      const res = await call('PUT', '/api2/user', clinic, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: 400,
        data: { key: 'generic.validation' },
      });
    }
    expect((await call('GET', '/user/current', clinic)).json().data.property).toEqual(before);
  });

  it('PUT /api2/user keeps the stored property bounded across many patches', async () => {
    const lab = await signIn(t.app, 'lab');
    const chunk = 'x'.repeat(6 * 1024);
    expect((await call('PUT', '/api2/user', lab, { property: { p1: chunk } })).statusCode).toBe(200);
    expect((await call('PUT', '/api2/user', lab, { property: { p2: chunk } })).statusCode).toBe(200);
    const res = await call('PUT', '/api2/user', lab, { property: { p3: chunk } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      data: { key: 'generic.validation', field: 'property' },
    });
    const stored = (await call('GET', '/user/current', lab)).json().data.property;
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(['p1', 'p2']));
    expect(stored.p3).toBeUndefined();
    await call('PUT', '/api2/user', lab, { property: { p1: null, p2: null } });
  });

  it('PUT /api2/user answers a parameter error, never 500, for JSON nested thousands deep', async () => {
    const body = `{"property":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api2/user',
      headers: { ...clinic, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('PUT /api2/user ignores unknown fields (tolerant reader)', async () => {
    const lab2 = await signIn(t.app, 'lab2');
    const res = await call('PUT', '/api2/user', lab2, { property: { a: 1 }, isAdmin: true });
    expect(res.statusCode).toBe(200);
    const me = (await call('GET', '/user/current', lab2)).json().data;
    expect(me).toMatchObject({ isAdmin: false, property: { a: 1 } });
    await call('PUT', '/api2/user', lab2, { property: { a: null } });
  });

  it("GET /user/control/page answers {code: 0, content: {thirdPageControl}}: the organization's switches", async () => {
    const res = await call('GET', '/user/control/page?timestamp=1', clinic);
    expect(res.json()).toEqual({
      code: 0,
      content: { thirdPageControl: { order: false, compare: true, builder: true } },
    });
  });

  it('every call above refuses an anonymous caller with 401', async () => {
    for (const [method, url] of [
      ['GET', '/user/current'],
      ['GET', '/api2/user'],
      ['PUT', '/api2/user'],
      ['GET', '/user/control/page'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? { property: {} } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errorCode).toBe(401);
    }
  });

  it('keeps the audit log append-only', async () => {
    const db = t.app.platform.db;
    const count = async () =>
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user.property')))
      ).length;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(2);
    await expect(db.execute(sql`update audit_log set outcome = 'allowed'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});
