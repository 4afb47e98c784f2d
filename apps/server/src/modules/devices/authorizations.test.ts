import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { CustType } from '@archway/contract';
import { bindBody, expectCode, expectOk } from '../../testing/api.ts';
import { factories, type Factories, type PersonRef } from '../../testing/factories.ts';
import { deviceAuths } from './devices.schema.ts';
import { expireAuthorizations } from './devices.jobs.ts';
import { AUTH_FREQUENCY } from './authorizations.service.ts';

describe.each(engines)('device authorizations (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    // Own data from the factories: no demo seed, no dependence on other test files or on other tests.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  type Auth = { id: string; custId: string; status: string; flag: string; expireTime: string };

  /** Five organizations of the test's own (each with its signed-in first member) and a device the clinic owns. */
  async function world() {
    const clinic = await f.org({ custType: CustType.clinic });
    const lab = await f.org({ custType: CustType.lab });
    const u = {
      clinic: clinic.owner,
      clinic2: (await f.org({ custType: CustType.clinic })).owner,
      lab: lab.owner,
      lab2: (await f.org({ custType: CustType.lab })).owner,
      distributor: (await f.org({ custType: CustType.distributor })).owner,
    };
    /** A device bound to the clinic (code 123456). */
    const device = async () => (await f.device(clinic)).serial;
    const lend = (
      number: string,
      custIds: (string | null)[],
      extra: Record<string, unknown> = {},
      who: PersonRef = u.clinic,
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
        .authorizations as Auth[];
    return { u, labName: lab.name, device, lend, authsOf };
  }

  it('lends a device until a preset, and the borrower sees it with its own expiry', async () => {
    const { u, labName, device, lend, authsOf } = await world();
    const number = await device();
    const res = expectOk(await lend(number, [u.lab.custId], { expireTime: '3m' }));
    expect(res.results).toEqual([{ item: u.lab.custId, code: 0, key: null }]);
    const seen = expectOk(await u.lab.call('POST', '/api2/device/scan/usable', {})).records[0];
    expect(seen).toMatchObject({ number, role: 'authorized', flag: 'normal' });
    expect(seen.authorizations).toHaveLength(1);
    const [a] = await authsOf(number);
    expect(expectOk(await u.lab.call('GET', `/api2/device/scan/auth/${a!.id}`))).toMatchObject({
      custName: labName,
      status: 'active',
    });
    expectCode(await u.lab2.call('GET', `/api2/device/scan/auth/${a!.id}`), -7);
  });

  it('filters the lists to devices lent to me or lent by me', async () => {
    const { u, device, lend } = await world();
    const [lent] = [await device(), await device()];
    expectOk(await lend(lent!, [u.lab.custId], { expireTime: '3m' }));
    const numbers = async (who: PersonRef, lentWay: string) =>
      expectOk(await who.call('POST', '/api2/device/scan/auths', { lent: lentWay })).records.map(
        (r: { number: string }) => r.number,
      );
    expect(await numbers(u.clinic, 'byMe')).toEqual([lent]);
    expect(await numbers(u.clinic, 'toMe')).toEqual([]);
    expect(await numbers(u.lab, 'toMe')).toEqual([lent]);
    expect(await numbers(u.lab, 'byMe')).toEqual([]);
    expectCode(await u.clinic.call('POST', '/api2/device/scan/auths', { lent: 'sideways' }), -1);
  });

  it('stores and shows permanent as 9999/12/31 23:59:59 (product §4), from any permanent form', async () => {
    const { u, device, lend, authsOf } = await world();
    const number = await device();
    for (const [i, form] of ['permanent', '9999-12-31', 253402185600].entries()) {
      const target = [u.clinic2.custId, u.lab2.custId, u.distributor.custId][i]!;
      expectOk(await lend(number, [target], { expireTime: form }));
    }
    const all = await authsOf(number);
    expect(all.map((a) => a.expireTime)).toEqual(Array(3).fill('9999/12/31 23:59:59'));
    // The borrower's row shows its permanent authorization the same way.
    const seen = expectOk(await u.lab2.call('POST', '/api2/device/scan/usable', {})).records[0];
    expect(seen).toMatchObject({ number, expireTime: '9999/12/31 23:59:59', flag: 'permanent' });
    expect(all.every((a) => a.flag === 'permanent')).toBe(true);
  });

  it('answers every authorise code', async () => {
    const { u, device, lend } = await world();
    // d1 is lent to the lab; d2 to the second clinic and the second lab; d3 to nobody yet.
    const [d1, d2, d3] = [await device(), await device(), await device()];
    expectOk(await lend(d1, [u.lab.custId], { expireTime: '3m' }));
    expectOk(await lend(d2, [u.clinic2.custId, u.lab2.custId], { expireTime: 'permanent' }));

    expectCode(await lend(d1, [u.lab.custId]), -1);
    expectCode(await lend('X0000000', [u.lab.custId]), -2);
    expectCode(await lend(d1, [u.lab2.custId], {}, u.lab2), -2);
    expectCode(await lend(d1, [u.lab2.custId], { secret: '999999' }), -3);
    const allFailed = await lend(d2, [u.clinic2.custId, u.lab2.custId]);
    expectCode(allFailed, -4);
    expect(allFailed.body.data.results.map((r: { code: number }) => r.code)).toEqual([-1, -1]);
    expectCode(await lend(d1, [u.lab2.custId], {}, u.lab), -5);
    expectCode(await lend(d1, [u.clinic.custId]), -6);
    expectCode(await lend(d1, [u.lab2.custId], { expireTime: '2001-01-01' }), -6);
    expectCode(await lend(d1, ['not-a-uuid']), -6);
    expectCode(await lend(d1, [u.lab2.custId], { secret: ' ' }), -7);
    expectCode(await lend(d1, ['00000000-0000-4000-8000-000000000000']), -8);
    // Partly possible: done where it can be, and each item says how it went.
    const mixed = expectOk(await lend(d3, [u.lab.custId, '00000000-0000-4000-8000-000000000000']));
    expect(mixed.results.map((r: { code: number }) => r.code)).toEqual([0, -8]);
  });

  it('extends only by the authorizer, only while live; bulk extension reports each item', async () => {
    const { u, device, lend, authsOf } = await world();
    const [d1, d3] = [await device(), await device()];
    expectOk(await lend(d1, [u.lab.custId], { expireTime: '3m' }));
    expectOk(await lend(d3, [u.lab.custId]));
    const [a] = await authsOf(d1);
    const edit = (id: string, expireTime: unknown, who: PersonRef = u.clinic) =>
      who.call('PUT', '/api2/device/scan/auth', { id, expireTime });
    expectOk(await edit(a!.id, '2099-01-01 00:00:00'));
    expect((await authsOf(d1))[0]!.expireTime).toBe('2099-01-01 00:00:00');
    expectCode(await edit(a!.id, '2000-01-01'), -3);
    expectCode(await edit('00000000-0000-4000-8000-000000000000', '1y'), -7);
    expectCode(await edit(a!.id, '1y', u.lab2), -7);
    // The borrower may not extend its own authorization: device-common -6 "not person extend".
    expectCode(await edit(a!.id, '1y', u.lab), -6);
    expectCode(await edit('nope', '1y'), -1);

    const lab3 = (await authsOf(d3))[0]!;
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

  it('answers -6 (not person extend) when the borrower extends its own authorization, alone or in bulk', async () => {
    const { u, device, lend, authsOf } = await world();
    const number = await device();
    expectOk(await lend(number, [u.lab.custId], { expireTime: '3m' }));
    const [a] = await authsOf(number);
    const alone = await u.lab.call('PUT', '/api2/device/scan/auth', { id: a!.id, expireTime: '5y' });
    expectCode(alone, -6);
    expect(alone.body.data.key).toBe('device.notPersonExtend');
    const bulk = await u.lab.call('POST', '/api2/device/scan/batchAuthTime', {
      ids: [a!.id],
      expireTime: '5y',
    });
    expectCode(bulk, -6);
    expect(bulk.body.data.results).toEqual([{ item: a!.id, code: -6, key: 'device.notPersonExtend' }]);
    // Nothing changed.
    expect((await authsOf(number))[0]!.expireTime).toBe(a!.expireTime);
  });

  it('recalls: only the authorizer, only once; authorizing again restores it', async () => {
    const { u, device, lend, authsOf } = await world();
    const number = await device();
    expectOk(await lend(number, [u.lab.custId]));
    const [a] = await authsOf(number);
    const recall = (id: string, who: PersonRef = u.clinic, secret?: string) =>
      who.call('DELETE', '/api2/device/scan/auth', secret === undefined ? { id } : { id, secret });
    expectCode(await recall(a!.id, u.lab), -7);
    expectCode(await recall('00000000-0000-4000-8000-000000000000'), -2);
    expectCode(await recall(a!.id, u.clinic, '000000'), -3);
    expectOk(await recall(a!.id, u.clinic, '123456'));
    expectCode(await recall(a!.id), -8);
    expectCode(await u.clinic.call('PUT', '/api2/device/scan/auth', { id: a!.id, expireTime: '1y' }), -4);
    expect((await authsOf(number))[0]!.status).toBe('recalled');
    const deviceId = (await u.clinic.call('POST', '/api2/device/scan/manageable', { keyword: number })).body
      .data.records[0].id;
    expectCode(await u.lab.call('GET', `/api2/device/scan/${deviceId}`), -3);
    expectOk(await lend(number, [u.lab.custId]));
    const restored = await authsOf(number);
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ id: a!.id, status: 'active' });
  });

  it('ends authorizations by themselves when they expire (a sweep, audited)', async () => {
    const { u, device, lend, authsOf } = await world();
    const number = await device();
    expectOk(await lend(number, [u.lab.custId], { expireTime: '3m' }));
    const [a] = await authsOf(number);
    await t.app.platform.db
      .update(deviceAuths)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuths.id, a!.id));
    // No other test of this file leaves a lending past its end: the sweep finds this one only.
    expect(await expireAuthorizations(t.app.platform.db)).toBe(1);
    expect(await expireAuthorizations(t.app.platform.db)).toBe(0);
    expect((await authsOf(number))[0]).toMatchObject({ status: 'expired', flag: 'expired' });
    const entries = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'device.auth.expire'));
    expect(entries.map((e) => e.objectId)).toEqual([a!.id]);
    expectCode(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: a!.id }), -5);
    // Once nothing is lent any more the device can be unbound.
    expectOk(await u.clinic.call('POST', '/api2/device/scan/unregist', { number, secret: '123456' }));
  });

  it('recall by a former owner after a transfer: -1', async () => {
    const { u, device, lend, authsOf } = await world();
    const number = await device();
    expectOk(await lend(number, [u.lab.custId]));
    const [a] = await authsOf(number);
    // A lent device is not transferred (product §4): recalled first.
    expectOk(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: a!.id }));
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/resell', {
        number,
        secret: '123456',
        custId: u.clinic2.custId,
      }),
    );
    // Make it live again to reach the ownership check.
    await t.app.platform.db.update(deviceAuths).set({ status: 'active' }).where(eq(deviceAuths.id, a!.id));
    expectCode(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: a!.id }), -1);
  });

  it('answers -228 when authorizations come too often', async () => {
    const { u, lend, authsOf } = await world();
    const { serial } = await f.registered({ serial: `E${Date.now().toString(36).toUpperCase()}` });
    expectOk(await u.clinic.call('POST', '/api2/device/scan/regist', bindBody(serial)));
    let last = { status: 0, body: {} as any };
    for (let i = 0; i <= AUTH_FREQUENCY.max; i++) {
      last = await lend(serial, [u.lab2.custId]);
      if (last.body.errorCode === -228) break;
      const id = (await authsOf(serial))[0]!.id;
      await u.clinic.call('DELETE', '/api2/device/scan/auth', { id });
    }
    expectCode(last, -228);
    expect(last.status).toBe(429);
  });
});
