import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { CustType } from '@archway/contract';
import { bindBody, expectCode, expectOk } from '../../testing/api.ts';
import { factories, type PersonRef } from '../../testing/factories.ts';
import { deviceAuths } from './devices.schema.ts';
import { expireAuthorizations } from './devices.jobs.ts';
import { AUTH_FREQUENCY } from './authorizations.service.ts';

describe.each(engines)('device authorizations (%s)', (engine) => {
  let t: TestApp;
  let u: Record<'clinic' | 'clinic2' | 'lab' | 'lab2' | 'distributor', PersonRef>;
  beforeAll(async () => {
    // Own data from the factories: no demo seed, no dependence on other test files.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const f = factories(t.app);
    const owner = async (name: string, custType: number) => (await f.org({ name, custType })).owner;
    u = {
      clinic: await owner('Demo Clinic', CustType.clinic),
      clinic2: await owner('Demo Clinic 2', CustType.clinic),
      lab: await owner('Demo Lab', CustType.lab),
      lab2: await owner('Demo Lab 2', CustType.lab),
      distributor: await owner('Demo Distributor', CustType.distributor),
    };
    await f.registered({ serial: 'E20000009' });
    for (const n of ['C10000001', 'C10000002', 'C10000003', 'C10000004']) {
      await f.registered({ serial: n });
      expectOk(await u.clinic.call('POST', '/api2/device/scan/regist', bindBody(n)));
    }
  });
  afterAll(() => t.close());

  const lend = (
    number: string,
    custIds: (string | null)[],
    extra: Record<string, unknown> = {},
    who = u?.clinic,
  ) =>
    who.call('POST', '/api2/device/scan/auth', {
      number,
      secret: '123456',
      custIds,
      expireTime: '1m',
      ...extra,
    });
  const authsOf = async (number: string) =>
    (await u.clinic.call('POST', '/api2/device/scan/manageable', { keyword: number })).body.data.records[0]
      .authorizations as {
      id: string;
      custId: string;
      status: string;
      flag: string;
      expireTime: string;
    }[];

  it('lends a device until a preset, and the borrower sees it with its own expiry', async () => {
    const res = expectOk(await lend('C10000001', [u.lab.custId], { expireTime: '3m' }));
    expect(res.results).toEqual([{ item: u.lab.custId, code: 0, key: null }]);
    const seen = expectOk(await u.lab.call('POST', '/api2/device/scan/usable', {})).records[0];
    expect(seen).toMatchObject({ number: 'C10000001', role: 'authorized', flag: 'normal' });
    expect(seen.authorizations).toHaveLength(1);
    const [a] = await authsOf('C10000001');
    expect(expectOk(await u.lab.call('GET', `/api2/device/scan/auth/${a!.id}`))).toMatchObject({
      custName: 'Demo Lab',
      status: 'active',
    });
    expectCode(await u.lab2.call('GET', `/api2/device/scan/auth/${a!.id}`), -7);
  });

  it('filters the lists to devices lent to me or lent by me', async () => {
    const numbers = async (who: typeof u.clinic, lent: string) =>
      expectOk(await who.call('POST', '/api2/device/scan/auths', { lent })).records.map(
        (r: { number: string }) => r.number,
      );
    expect(await numbers(u.clinic, 'byMe')).toEqual(['C10000001']);
    expect(await numbers(u.clinic, 'toMe')).toEqual([]);
    expect(await numbers(u.lab, 'toMe')).toEqual(['C10000001']);
    expect(await numbers(u.lab, 'byMe')).toEqual([]);
    expectCode(await u.clinic.call('POST', '/api2/device/scan/auths', { lent: 'sideways' }), -1);
  });

  it('stores permanent as 9999-12-31 23:59:59, from any permanent form', async () => {
    for (const [i, form] of ['permanent', '9999-12-31', 253402185600].entries()) {
      const number = 'C10000002';
      const target = [u.clinic2.custId, u.lab2.custId, u.distributor.custId][i]!;
      expectOk(await lend(number, [target], { expireTime: form }));
    }
    const all = await authsOf('C10000002');
    expect(all.map((a) => a.expireTime)).toEqual(Array(3).fill('9999-12-31 23:59:59'));
    expect(all.every((a) => a.flag === 'permanent')).toBe(true);
  });

  it('answers every authorise code', async () => {
    expectCode(await lend('C10000001', [u.lab.custId]), -1);
    expectCode(await lend('X0000000', [u.lab.custId]), -2);
    expectCode(await lend('C10000001', [u.lab2.custId], {}, u.lab2), -2);
    expectCode(await lend('C10000001', [u.lab2.custId], { secret: '999999' }), -3);
    const allFailed = await lend('C10000002', [u.clinic2.custId, u.lab2.custId]);
    expectCode(allFailed, -4);
    expect(allFailed.body.data.results.map((r: { code: number }) => r.code)).toEqual([-1, -1]);
    expectCode(await lend('C10000001', [u.lab2.custId], {}, u.lab), -5);
    expectCode(await lend('C10000001', [u.clinic.custId]), -6);
    expectCode(await lend('C10000001', [u.lab2.custId], { expireTime: '2001-01-01' }), -6);
    expectCode(await lend('C10000001', ['not-a-uuid']), -6);
    expectCode(await lend('C10000001', [u.lab2.custId], { secret: ' ' }), -7);
    expectCode(await lend('C10000001', ['00000000-0000-4000-8000-000000000000']), -8);
    // Partly possible: done where it can be, and each item says how it went.
    const mixed = expectOk(await lend('C10000003', [u.lab.custId, '00000000-0000-4000-8000-000000000000']));
    expect(mixed.results.map((r: { code: number }) => r.code)).toEqual([0, -8]);
  });

  it('extends only by the authorizer, only while live; bulk extension reports each item', async () => {
    const [a] = await authsOf('C10000001');
    const edit = (id: string, expireTime: unknown, who = u.clinic) =>
      who.call('PUT', '/api2/device/scan/auth', { id, expireTime });
    expectOk(await edit(a!.id, '2099-01-01 00:00:00'));
    expect((await authsOf('C10000001'))[0]!.expireTime).toBe('2099-01-01 00:00:00');
    expectCode(await edit(a!.id, '2000-01-01'), -3);
    expectCode(await edit('00000000-0000-4000-8000-000000000000', '1y'), -7);
    expectCode(await edit(a!.id, '1y', u.lab2), -7);
    expectCode(await edit(a!.id, '1y', u.lab), -8);
    expectCode(await edit('nope', '1y'), -1);

    const lab3 = (await authsOf('C10000003'))[0]!;
    const bulk = expectOk(
      await u.clinic.call('POST', '/api2/device/scan/batchAuthTime', {
        ids: [a!.id, lab3.id, '00000000-0000-4000-8000-000000000000'],
        expireTime: '5y',
      }),
    );
    expect(bulk.results.map((r: { code: number }) => r.code)).toEqual([0, 0, -7]);
    expectCode(
      await u.clinic.call('POST', '/api2/device/scan/batchAuthTime', {
        ids: ['00000000-0000-4000-8000-000000000000', a!.id],
        expireTime: '2000-01-01',
      }),
      -3,
    );
    expectCode(
      await u.clinic.call('POST', '/api2/device/scan/batchAuthTime', {
        ids: [a!.id],
        expireTime: '2000-01-01',
      }),
      -3,
    );
  });

  it('recalls: only the authorizer, only once; authorizing again restores it', async () => {
    const [a] = await authsOf('C10000003');
    const recall = (id: string, who = u.clinic, secret?: string) =>
      who.call('DELETE', '/api2/device/scan/auth', secret === undefined ? { id } : { id, secret });
    expectCode(await recall(a!.id, u.lab), -7);
    expectCode(await recall('00000000-0000-4000-8000-000000000000'), -2);
    expectCode(await recall(a!.id, u.clinic, '000000'), -3);
    expectOk(await recall(a!.id, u.clinic, '123456'));
    expectCode(await recall(a!.id), -8);
    expectCode(await u.clinic.call('PUT', '/api2/device/scan/auth', { id: a!.id, expireTime: '1y' }), -4);
    expect((await authsOf('C10000003'))[0]!.status).toBe('recalled');
    const deviceId = (await u.clinic.call('POST', '/api2/device/scan/manageable', { keyword: 'C10000003' }))
      .body.data.records[0].id;
    expectCode(await u.lab.call('GET', `/api2/device/scan/${deviceId}`), -3);
    expectOk(await lend('C10000003', [u.lab.custId]));
    const restored = await authsOf('C10000003');
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ id: a!.id, status: 'active' });
  });

  it('ends authorizations by themselves when they expire (a sweep, audited)', async () => {
    const [a] = await authsOf('C10000001');
    await t.app.platform.db
      .update(deviceAuths)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuths.id, a!.id));
    expect(await expireAuthorizations(t.app.platform.db)).toBe(1);
    expect(await expireAuthorizations(t.app.platform.db)).toBe(0);
    expect((await authsOf('C10000001'))[0]).toMatchObject({ status: 'expired', flag: 'expired' });
    const entries = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'device.auth.expire'));
    expect(entries.map((e) => e.objectId)).toEqual([a!.id]);
    expectCode(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: a!.id }), -5);
    // Once nothing is lent any more the device can be unbound.
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/unregist', { number: 'C10000001', secret: '123456' }),
    );
  });

  it('recall by a former owner after a transfer: -1', async () => {
    expectOk(await lend('C10000004', [u.lab.custId]));
    const [a] = await authsOf('C10000004');
    await t.app.platform.db.update(deviceAuths).set({ status: 'active' }).where(eq(deviceAuths.id, a!.id));
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/resell', {
        number: 'C10000004',
        secret: '123456',
        custId: u.clinic2.custId,
      }),
    );
    // The transfer recalled it; make it live again to reach the ownership check.
    await t.app.platform.db.update(deviceAuths).set({ status: 'active' }).where(eq(deviceAuths.id, a!.id));
    expectCode(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: a!.id }), -1);
  });

  it('answers -228 when authorizations come too often', async () => {
    expectOk(await u.clinic.call('POST', '/api2/device/scan/regist', bindBody('E20000009')));
    let last = { status: 0, body: {} as any };
    for (let i = 0; i <= AUTH_FREQUENCY.max; i++) {
      last = await lend('E20000009', [u.lab2.custId]);
      if (last.body.errorCode === -228) break;
      const id = (await authsOf('E20000009'))[0]!.id;
      await u.clinic.call('DELETE', '/api2/device/scan/auth', { id });
    }
    expectCode(last, -228);
    expect(last.status).toBe(429);
  });
});
