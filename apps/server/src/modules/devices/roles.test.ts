import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { CustType } from '@archway/contract';
import { bindBody, callerFor, expectOk, type Caller } from '../../testing/api.ts';
import { factories } from '../../testing/factories.ts';

type Role = 'owner' | 'authorized' | 'user' | 'receiver' | 'unrelated' | 'anonymous';
type Expect = 'ok' | number;
const NIL = '00000000-0000-4000-8000-000000000000';

/**
 * Every device call × every role on one device: owned by Demo Clinic, lent to Demo Lab, usable by the
 * `distributor` user, routed to Demo Clinic 2 (receiver); Demo Lab 2 is unrelated. Calls that would change
 * the device are sent so that the permission check is passed or refused without side effects.
 */
describe.each(engines)('device role matrix (%s)', (engine) => {
  let t: TestApp;
  let who: Record<Role, Caller>;
  let ids: { device: string; auth: string; deviceUser: string; custLab2: string; custClinic2: string };

  beforeAll(async () => {
    // Own data from the factories (no demo seed): one organization per role, callers named as in the demo.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const f = factories(t.app);
    const person = async (username: string, custType: number) =>
      f.user((await f.org({ name: `Demo ${username}`, custType })).owner, { username });
    const u = {
      clinic: await person('clinic', CustType.clinic),
      clinic2: await person('clinic2', CustType.clinic),
      lab: await person('lab', CustType.lab),
      lab2: await person('lab2', CustType.lab),
      distributor: await person('distributor', CustType.distributor),
      anonymous: await callerFor(t.app, null),
    };
    await f.registered({ serial: 'C10000001' });
    who = {
      owner: u.clinic,
      authorized: u.lab,
      user: u.distributor,
      receiver: u.clinic2,
      unrelated: u.lab2,
      anonymous: u.anonymous,
    };
    const device = expectOk(
      await u.clinic.call('POST', '/api2/device/scan/regist', bindBody('C10000001')),
    ).id;
    // Device users come from the adding organization: the distributor user also works at Demo Clinic
    // (its token still picks its first organization, Demo Distributor).
    await f.membership(u.distributor, { custId: u.clinic.custId! });
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/v2/user', {
        number: 'C10000001',
        users: ['distributor'],
        endTime: '1y',
      }),
    );
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/receiver', {
        number: 'C10000001',
        caseType: [3],
        custId: u.clinic2.custId,
      }),
    );
    // Lent last: while lent the owner may only change the authorization time or recall it (product §4).
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/auth', {
        number: 'C10000001',
        secret: '123456',
        custIds: [u.lab.custId],
        expireTime: '1y',
      }),
    );
    const detail = expectOk(await u.clinic.call('GET', `/api2/device/scan/${device}`));
    const users = expectOk(await u.clinic.call('GET', `/api2/device/scan/user/${device}`));
    ids = {
      device,
      auth: detail.authorizations[0].id,
      deviceUser: users[0].id,
      custLab2: u.lab2.custId!,
      custClinic2: u.clinic2.custId!,
    };
  });
  afterAll(() => t.close());

  const calls: [string, (c: Caller) => ReturnType<Caller['call']>, Record<Role, Expect>][] = [
    [
      'GET device',
      (c) => c.call('GET', `/api2/device/scan/${ids.device}`),
      { owner: 'ok', authorized: 'ok', user: 'ok', receiver: 'ok', unrelated: -3, anonymous: 401 },
    ],
    [
      'PUT device',
      (c) =>
        c.call('PUT', '/api2/device/scan', {
          id: ids.device,
          name: 'Scanner',
          encryptType: 1,
          scanType: 'ply',
        }),
      // Lent: the owner may only change the authorization time or recall it (product §4): -13.
      { owner: -13, authorized: -5, user: -5, receiver: -5, unrelated: -3, anonymous: 401 },
    ],
    [
      'unregist',
      (c) => c.call('POST', '/api2/device/scan/unregist', { number: 'C10000001', secret: '123456' }),
      { owner: -10, authorized: -5, user: -5, receiver: -5, unrelated: -3, anonymous: 401 },
    ],
    [
      'resell',
      (c) =>
        c.call('POST', '/api2/device/scan/resell', {
          number: 'C10000001',
          secret: '000000',
          custId: ids.custLab2,
        }),
      { owner: -13, authorized: -5, user: -5, receiver: -5, unrelated: -3, anonymous: 401 },
    ],
    [
      'auth',
      (c) =>
        c.call('POST', '/api2/device/scan/auth', {
          number: 'C10000001',
          secret: '000000',
          custIds: [ids.custLab2],
          expireTime: '7d',
        }),
      { owner: -3, authorized: -5, user: -5, receiver: -5, unrelated: -2, anonymous: 401 },
    ],
    [
      'GET auth',
      (c) => c.call('GET', `/api2/device/scan/auth/${ids.auth}`),
      { owner: 'ok', authorized: 'ok', user: -7, receiver: -7, unrelated: -7, anonymous: 401 },
    ],
    [
      'PUT auth',
      (c) => c.call('PUT', '/api2/device/scan/auth', { id: ids.auth, expireTime: '2090-01-01' }),
      // The borrower extending its own authorization: device-common -6 "not person extend".
      { owner: 'ok', authorized: -6, user: -7, receiver: -7, unrelated: -7, anonymous: 401 },
    ],
    [
      'DELETE auth',
      (c) => c.call('DELETE', '/api2/device/scan/auth', { id: ids.auth, secret: '000000' }),
      { owner: -3, authorized: -7, user: -2, receiver: -2, unrelated: -2, anonymous: 401 },
    ],
    [
      'batchAuthTime',
      (c) => c.call('POST', '/api2/device/scan/batchAuthTime', { ids: [ids.auth], expireTime: '2090-01-01' }),
      { owner: 'ok', authorized: -6, user: -7, receiver: -7, unrelated: -7, anonymous: 401 },
    ],
    [
      'GET users',
      (c) => c.call('GET', `/api2/device/scan/user/${ids.device}`),
      { owner: 'ok', authorized: 'ok', user: -1, receiver: -1, unrelated: -1, anonymous: 401 },
    ],
    [
      'POST user',
      (c) =>
        c.call('POST', '/api2/device/scan/v2/user', {
          number: 'C10000001',
          users: ['distributor'],
          endTime: '1y',
        }),
      // The lab may add people, but only its own members: 'distributor' is not one (-8, like nobody).
      { owner: -13, authorized: -8, user: -1, receiver: -1, unrelated: -1, anonymous: 401 },
    ],
    [
      'PUT user',
      (c) => c.call('PUT', '/api2/device/scan/v2/user', { id: ids.deviceUser, endTime: '2090-01-01' }),
      { owner: -13, authorized: -2, user: -2, receiver: -2, unrelated: -5, anonymous: 401 },
    ],
    [
      'DELETE user',
      (c) => c.call('DELETE', `/api2/device/scan/user/${NIL}`),
      { owner: -1, authorized: -1, user: -1, receiver: -1, unrelated: -1, anonymous: 401 },
    ],
    [
      'GET receivers',
      (c) => c.call('GET', `/api2/device/scan/receiver/${ids.device}`),
      { owner: 'ok', authorized: 'ok', user: -1, receiver: -1, unrelated: -1, anonymous: 401 },
    ],
    [
      'POST receiver',
      (c) =>
        c.call('POST', '/api2/device/scan/receiver', {
          number: 'C10000001',
          caseType: [3],
          custId: ids.custClinic2,
        }),
      { owner: -13, authorized: -4, user: -6, receiver: -6, unrelated: -1, anonymous: 401 },
    ],
    [
      'DELETE receiver',
      (c) =>
        c.call('DELETE', '/api2/device/scan/receiver', {
          number: 'C10000001',
          custId: ids.custClinic2,
          deleteid: [NIL],
        }),
      { owner: -13, authorized: -3, user: -3, receiver: -3, unrelated: -2, anonymous: 401 },
    ],
    [
      'receiver search',
      (c) => c.call('GET', '/cust/clinic/find?key=demo'),
      { owner: 'ok', authorized: 'ok', user: 'ok', receiver: 'ok', unrelated: 'ok', anonymous: 401 },
    ],
  ];

  const roles: Role[] = ['owner', 'authorized', 'user', 'receiver', 'unrelated', 'anonymous'];
  it.each(calls.map(([name]) => name))('%s', async (name) => {
    const [, send, expected] = calls.find(([n]) => n === name)!;
    const got: Record<string, Expect> = {};
    for (const role of roles) {
      const res = await send(who[role]);
      got[role] = res.status === 401 ? 401 : res.body.success ? 'ok' : res.body.errorCode;
    }
    expect(got).toEqual(expected);
  });

  it('lists: each role sees the device in the lists it belongs to, the unrelated organization in none', async () => {
    const seen: Record<string, string[]> = {};
    for (const role of roles.filter((r) => r !== 'anonymous')) {
      seen[role] = [];
      for (const list of ['auths', 'manageable', 'usable']) {
        const res = expectOk(await who[role].call('POST', `/api2/device/scan/${list}`, {}));
        if (res.records.some((r: { id: string }) => r.id === ids.device)) seen[role].push(list);
      }
    }
    expect(seen).toEqual({
      owner: ['auths', 'manageable', 'usable'],
      authorized: ['auths', 'usable'],
      user: ['auths', 'usable'],
      receiver: ['auths'],
      unrelated: [],
    });
    expect((await who.anonymous.call('POST', '/api2/device/scan/auths', {})).status).toBe(401);
  });
});
