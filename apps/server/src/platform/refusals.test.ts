import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GenericErrors } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { factories, platformAdmin } from '../testing/factories.ts';
import { auditLog } from './audit/audit.schema.ts';
import { addressKey, attemptedObject, createRefusalAuditor } from './refusals.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe.each(engines)('refusals outside services are audited (%s)', (engine) => {
  let t: TestApp;
  let clinic: { authorization: string };
  let admin: { authorization: string };
  const rows = () =>
    t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'route'), eq(auditLog.outcome, 'refused')))
      .orderBy(auditLog.id);
  let before = 0;
  const newRows = async () => (await rows()).slice(before);

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const app = t.app.withTypeProvider<ZodTypeProvider>();
    for (const access of ['signedIn', 'member', 'admin'] as const)
      app.get(`/test/${access}/:id`, { config: { access } }, async () => ({ ok: true }));
    app.post(
      '/test/input/:id',
      { config: { access: 'public' }, schema: { body: z.object({ name: z.string().min(2) }) } },
      async () => ({ ok: true }),
    );
    // A member of a clinic, and an administrator of no organization.
    clinic = (await factories(t.app).org()).owner.headers;
    admin = (await platformAdmin(t.app)).headers;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    before = (await rows()).length;
  });

  it('audits a non-administrator on an admin route, with the attempted object', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/admin/abc', headers: clinic });
    expect(res.statusCode).toBe(403);
    const [row, ...rest] = await newRows();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: 'route.access',
      objectType: 'route',
      objectId: 'GET /test/admin/:id id=abc',
      outcome: 'refused',
      detail: { code: 100, key: 'generic.permission' },
    });
    expect(row!.actorUserId).toBeTruthy();
    expect(row!.actorCustId).toBeTruthy();
  });

  it('audits a call without an organization', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/test/member/x', headers: admin })).statusCode).toBe(
      400,
    );
    expect(await newRows()).toMatchObject([
      { action: 'route.access', detail: { code: -5, key: 'cust.missing' } },
    ]);
  });

  it('audits invalid input, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/input/7',
      headers: clinic,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(await newRows()).toMatchObject([
      {
        action: 'route.input',
        objectId: 'POST /test/input/:id id=7',
        detail: { code: 400, key: 'generic.validation', field: 'body.name' },
      },
    ]);
  });

  it('audits an anonymous refusal once per address per minute', async () => {
    const anon = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/test/signedIn/1', remoteAddress });
    for (let i = 0; i < 20; i++) expect((await anon('198.51.100.7')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) await anon('198.51.100.8');
    // Bad input from the same anonymous address shares its allowance.
    await t.app.inject({ method: 'POST', url: '/test/input/1', payload: {}, remoteAddress: '198.51.100.7' });
    const written = await newRows();
    expect(written.map((r) => r.ip).sort()).toEqual(['198.51.100.7', '198.51.100.8']);
    expect(written[0]).toMatchObject({
      action: 'route.access',
      actorUserId: null,
      detail: { code: 401, key: 'generic.sessionExpired' },
    });
  });

  it('refuses TRUNCATE, UPDATE and DELETE of the audit log', async () => {
    const { db } = t.app.platform;
    // A row of this test's own to delete or change (an empty log has nothing to refuse).
    expect((await t.app.inject({ method: 'GET', url: '/test/admin/kept', headers: clinic })).statusCode).toBe(
      403,
    );
    const kept = (await rows()).length;
    expect(kept).toBe(before + 1);
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    expect((await rows()).length).toBe(kept);
  });
});

describe('the refusal audit bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  /** A refused request (`id`: its request id, each test its own). */
  const fakeRequest = (ip: string, userId?: string, id = 'req-1') =>
    ({
      ip,
      id,
      method: 'GET',
      url: '/x/1?q=2',
      params: { id: '1' },
      routeOptions: { url: '/x/:id' },
      actor: userId ? { userId, custId: null, username: 'u', custType: null, isAdmin: false } : null,
    }) as unknown as FastifyRequest;

  it('writes one row per address per minute, then the count of the ones it left out', async () => {
    let clock = 1_000_000;
    const auditor = createRefusalAuditor(t.app.platform.db, t.app.log, undefined, () => clock);
    const count = async () =>
      (await t.app.platform.db.select().from(auditLog).where(eq(auditLog.requestId, 'req-1'))).length;
    for (let i = 0; i < 50; i++)
      await auditor.onAccessRefused(fakeRequest('192.0.2.1'), GenericErrors.sessionExpired);
    expect(await count()).toBe(1);
    clock += 60_000;
    await auditor.onAccessRefused(fakeRequest('192.0.2.1'), GenericErrors.sessionExpired);
    const last = (await t.app.platform.db.select().from(auditLog).where(eq(auditLog.requestId, 'req-1'))).at(
      -1,
    );
    expect(last?.detail).toMatchObject({ suppressed: 49 });
    expect(attemptedObject(fakeRequest('192.0.2.1'))).toBe('GET /x/:id id=1');
  });

  it('caps all anonymous rows per minute, signed-in rows per user, and the callers it tracks', async () => {
    let clock = 5_000_000;
    const db = t.app.platform.db;
    const auditor = createRefusalAuditor(
      db,
      t.app.log,
      { anonymousPerMinute: 3, userPerMinute: 2, maxTracked: 4 },
      () => clock,
    );
    const total = async () => (await db.select().from(auditLog)).length;
    const start = await total();
    for (let i = 0; i < 10; i++)
      await auditor.onAccessRefused(
        fakeRequest(`192.0.2.${i}`, undefined, 'req-2'),
        GenericErrors.sessionExpired,
      );
    expect(await total()).toBe(start + 3);
    expect(auditor.tracked).toBeLessThanOrEqual(4);
    for (let i = 0; i < 10; i++)
      await auditor.onInputRefused(
        fakeRequest('192.0.2.99', 'a1b2c3d4-0000-4000-8000-000000000001', 'req-2'),
        GenericErrors.validation,
        'body',
      );
    expect(await total()).toBe(start + 5);
    clock += 60_000;
    await auditor.onAccessRefused(
      fakeRequest('192.0.2.200', undefined, 'req-2'),
      GenericErrors.sessionExpired,
    );
    expect(await total()).toBe(start + 6);
  });
});
