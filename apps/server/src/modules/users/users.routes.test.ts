import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';

describe.each(engines)('users (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    // With the demo data: two tests read the demo accounts (read-only); every other test makes its own people.
    t = await createTestApp(engine);
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: { authorization: string }, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as object });
  /** A demo account's headers, with a token minted directly (no password hashing); only read with it. */
  const demo = async (username: string) => {
    const [row] = await t.app.platform.db
      .select({ userId: users.id, custId: memberships.custId })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.username, username));
    return (await f.callerOf(row!.userId, username, row!.custId)).headers;
  };
  /** A person of an organization of the test's own (a clinic). */
  const person = async () => (await f.org()).owner.headers;

  it('GET /user/current carries custType and the product §3 user fields', async () => {
    const clinic = await demo('clinic');
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
    const res = await call('GET', '/user/current', await demo('lab2'));
    expect(res.json().data).toMatchObject({ custType: 3, custName: 'Demo Lab 2', property: {} });
  });

  it('PUT /api2/user merges the property, null removes a key, and it is audited', async () => {
    const labOrg = await f.org({ custType: 3 });
    const lab = labOrg.owner.headers;
    let res = await call('PUT', '/api2/user', lab, { property: { skipNovice: 'yes', theme: 'dark' } });
    expect(res.json()).toMatchObject({
      success: true,
      data: { property: { skipNovice: 'yes', theme: 'dark' } },
    });
    res = await call('PUT', '/api2/user', lab, { property: { theme: null } });
    expect(res.json().data.property).toEqual({ skipNovice: 'yes' });
    expect((await call('GET', '/user/current', lab)).json().data.property).toEqual({ skipNovice: 'yes' });
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.property'), eq(auditLog.objectId, labOrg.owner.userId)));
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ outcome: 'allowed', objectType: 'user' });
  });

  it('PUT /api2/user refuses a malformed body and changes nothing', async () => {
    const clinic = await person();
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
    const lab = await person();
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
      headers: { ...(await person()), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('PUT /api2/user ignores unknown fields (tolerant reader)', async () => {
    const lab2 = await person();
    const res = await call('PUT', '/api2/user', lab2, { property: { a: 1 }, isAdmin: true });
    expect(res.statusCode).toBe(200);
    const me = (await call('GET', '/user/current', lab2)).json().data;
    expect(me).toMatchObject({ isAdmin: false, property: { skipNovice: 'yes', a: 1 } });
    await call('PUT', '/api2/user', lab2, { property: { a: null } });
  });

  it("GET /user/control/page answers {code: 0, content: {thirdPageControl}}: the organization's switches", async () => {
    const res = await call('GET', '/user/control/page?timestamp=1', await person());
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
    // Two audited changes of this test's own.
    const someone = await person();
    for (const property of [{ x: 1 }, { x: null }])
      expect((await call('PUT', '/api2/user', someone, { property })).statusCode).toBe(200);
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
