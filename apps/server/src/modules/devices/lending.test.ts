import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType, DeviceActions } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { factories, type Factories, type PersonRef } from '../../testing/factories.ts';

/**
 * Product §4: while a device is authorized (lent), "the authorizer may then only change the authorization time or
 * recall it". Every other change by the owner is refused with the catalogue's code, and the device row's `actions`
 * (one rule, devices.access.ts) never offer a button that cannot succeed.
 */
describe.each(engines)('a lent device (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  /** A clinic's device lent to a lab; a person of the clinic who uses it; a second lab that receives its scans. */
  async function world() {
    const clinic = await f.org({ custType: CustType.clinic });
    const lab = await f.org({ custType: CustType.lab });
    const lab2 = await f.org({ custType: CustType.lab });
    const clinic2 = await f.org({ custType: CustType.clinic });
    const person = await f.user(await f.org({ custType: CustType.distributor }));
    await f.membership(person, clinic);
    const colleague = await f.user(clinic);
    const device = await f.device(clinic);
    const userEntry = await f.deviceUser(device, person);
    const receiverEntry = await f.receiver(device, lab2);
    const authId = await f.lending(device, lab);
    const row = async (who: PersonRef) =>
      expectOk(await who.call('GET', `/api2/device/scan/${device.deviceId}`)) as {
        actions: string[];
        authorizations: { id: string; actions: string[] }[];
      };
    return { clinic, lab, lab2, clinic2, person, colleague, device, userEntry, receiverEntry, authId, row };
  }

  it('offers each role only what it may do: the owner of a lent device manages only its authorizations', async () => {
    const { clinic, lab, lab2, person, row, authId } = await world();
    expect((await row(clinic.owner)).actions).toEqual(['authorize', 'authorizations', 'detail']);
    expect((await row(clinic.owner)).authorizations).toMatchObject([
      { id: authId, actions: ['changeTime', 'recall'] },
    ]);
    expect((await row(lab.owner)).actions).toEqual(['receivers', 'authorizations', 'users', 'detail']);
    expect((await row(person)).actions).toEqual(['detail']);
    expect((await row(lab2.owner)).actions).toEqual(['detail']);
    // The lists answer the same actions as the detail.
    const listed = expectOk(await clinic.owner.call('POST', '/api2/device/scan/manageable', {})).records;
    expect(listed.map((r: { actions: string[] }) => r.actions)).toEqual([
      ['authorize', 'authorizations', 'detail'],
    ]);
    // Recalled: every right is back.
    expectOk(await clinic.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }));
    expect((await row(clinic.owner)).actions).toEqual([...DeviceActions]);
  });

  it('an expired authorization is no lending: the owner has every right again', async () => {
    const clinic = await f.org();
    const lab = await f.org({ custType: CustType.lab });
    const device = await f.device(clinic);
    await f.lending(device, lab, { expiresAt: new Date(Date.now() - 1000) });
    const row = expectOk(await clinic.owner.call('GET', `/api2/device/scan/${device.deviceId}`));
    expect(row.actions).toEqual([...DeviceActions]);
  });

  it('refuses every other change by the owner while lent, with the catalogue code, and changes nothing', async () => {
    const { clinic, lab, clinic2, colleague, device, userEntry, receiverEntry, lab2 } = await world();
    const number = device.serial;
    const owner = clinic.owner;
    const lent = (res: { status: number; body: any }) => {
      expectCode(res, -13);
      expect(res.body.data.key).toBe('device.lent');
      expect(res.status).toBe(409);
    };
    lent(
      await owner.call('PUT', '/api2/device/scan', {
        id: device.deviceId,
        name: 'Renamed',
        encryptType: 1,
        scanType: 'ply',
      }),
    );
    lent(
      await owner.call('POST', '/api2/device/scan/resell', {
        number,
        secret: '123456',
        custId: clinic2.custId,
      }),
    );
    // Unbinding keeps its own documented refusal (§8.5 "cannot unbind during authorization").
    expectCode(await owner.call('POST', '/api2/device/scan/unregist', { number, secret: '123456' }), -10);
    lent(
      await owner.call('POST', '/api2/device/scan/v2/user', {
        number,
        users: [colleague.username],
        endTime: '1y',
      }),
    );
    lent(await owner.call('PUT', '/api2/device/scan/v2/user', { id: userEntry, endTime: '2090-01-01' }));
    lent(await owner.call('DELETE', `/api2/device/scan/user/${userEntry}`));
    lent(
      await owner.call('POST', '/api2/device/scan/receiver', {
        number,
        caseType: [1],
        custId: clinic2.custId,
      }),
    );
    lent(
      await owner.call('DELETE', '/api2/device/scan/receiver', {
        number,
        custId: lab2.custId,
        deleteid: [receiverEntry],
      }),
    );

    // Nothing changed: same name, same owner, the lending, the user and the receiver are all still there.
    const row = expectOk(await owner.call('GET', `/api2/device/scan/${device.deviceId}`));
    expect(row).toMatchObject({ name: `Scanner ${number}`, role: 'owner' });
    expect(row.authorizations).toMatchObject([{ status: 'active' }]);
    expect(expectOk(await lab.owner.call('GET', `/api2/device/scan/${device.deviceId}`)).role).toBe(
      'authorized',
    );
    const users = expectOk(await owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
    expect(users.map((u: { id: string }) => u.id)).toEqual([userEntry]);
    const receivers = expectOk(await owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`));
    expect(receivers.map((r: { custId: string }) => r.custId)).toEqual([lab2.custId]);
  });

  it('still lets the owner change the time, recall, and lend to others; the borrower keeps its rights', async () => {
    const { clinic, lab, clinic2, device, authId, row } = await world();
    const owner = clinic.owner;
    expectOk(await owner.call('PUT', '/api2/device/scan/auth', { id: authId, expireTime: '5y' }));
    expectOk(
      await owner.call('POST', '/api2/device/scan/batchAuthTime', { ids: [authId], expireTime: '1y' }),
    );
    expectOk(
      await owner.call('POST', '/api2/device/scan/auth', {
        number: device.serial,
        secret: '123456',
        custIds: [clinic2.custId],
        expireTime: '1m',
      }),
    );
    // The borrower manages the people and routing of its lending.
    expectOk(
      await lab.owner.call('POST', '/api2/device/scan/receiver', {
        number: device.serial,
        caseType: [2],
        custId: clinic2.custId,
      }),
    );
    // Every action the owner is offered succeeds; after the recalls every right is back and the rename works.
    for (const a of (await row(owner)).authorizations)
      expectOk(await owner.call('DELETE', '/api2/device/scan/auth', { id: a.id }));
    expectOk(
      await owner.call('PUT', '/api2/device/scan', {
        id: device.deviceId,
        name: 'Renamed',
        encryptType: 1,
        scanType: 'ply',
      }),
    );
    expectOk(
      await owner.call('POST', '/api2/device/scan/resell', {
        number: device.serial,
        secret: '123456',
        custId: clinic2.custId,
      }),
    );
  });
});
