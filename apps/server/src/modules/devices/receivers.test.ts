import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustStatus } from '@archway/contract';
import { customers } from '../orgs/orgs.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { bindBody, demoCallers, expectCode, expectOk } from '../../testing/api.ts';
import { factories } from '../../testing/factories.ts';

describe.each(engines)('receivers, receiver search and device users (%s)', (engine) => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof demoCallers>>;
  let deviceId: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    u = await demoCallers(t.app);
    deviceId = expectOk(await u.clinic.call('POST', '/api2/device/scan/regist', bindBody('C10000001'))).id;
    expectOk(
      await u.clinic.call('POST', '/api2/device/scan/auth', {
        number: 'C10000001',
        secret: '123456',
        custIds: [u.lab.custId],
        expireTime: '1y',
      }),
    );
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, who = u.clinic) =>
    who.call('POST', '/api2/device/scan/receiver', { number: 'C10000001', caseType: [3], memo: '', ...body });
  const list = (who = u.clinic, id = deviceId) => who.call('GET', `/api2/device/scan/receiver/${id}`);
  const del = (body: Record<string, unknown>, who = u.clinic) =>
    who.call('DELETE', '/api2/device/scan/receiver', { number: 'C10000001', ...body });

  describe('receivers', () => {
    it('adds a receiver per case type; rows carry what the web app merges by custId', async () => {
      expect(expectOk(await add({ custId: u.lab2.custId, caseType: [1, 3] })).added.sort()).toEqual([1, 3]);
      const rows = expectOk(await list());
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        custId: u.lab2.custId,
        custName: 'Demo Lab 2',
        custType: 3,
        siginUserId: u.clinic.userId,
        allowStatus: 1,
        showDelete: true,
        expireTime: '9999-12-31 23:59:59',
        privacy: 14,
      });
      // Privacy bits 2 and 4 are set by default: e-mail and phone are hidden from others.
      expect(rows[0].email).toBeNull();
      expect(rows[0].phone).toBeNull();
      // The same list by serial number, and for the authorized lab.
      expect(expectOk(await list(u.clinic, 'C10000001'))).toHaveLength(2);
      expect(expectOk(await list(u.lab))).toHaveLength(2);
      expect(expectOk(await list(u.lab)).every((r: { showDelete: boolean }) => !r.showDelete)).toBe(true);
    });

    it('answers every add code', async () => {
      expectCode(await add({ number: 'X1', custId: u.lab2.custId }), -1);
      expectCode(await add({ custId: u.lab2.custId }, u.clinic2), -1);
      expectCode(await add({ custId: '00000000-0000-4000-8000-000000000000' }), -3);
      expectCode(await add({ custId: u.lab2.custId, caseType: [1, 3] }), -4);
      expectCode(await add({ number: '  ', custId: u.lab2.custId }), -5);
      expectCode(await add({ custId: u.lab2.custId, caseType: [4] }), -7);
      expectCode(await add({ custId: u.lab2.custId, caseType: [] }), -7);
      // A receiver may not route the device on: -6.
      expectCode(await add({ custId: u.distributor.custId }, u.lab2), -6);
      await t.app.platform.db
        .update(customers)
        .set({ status: CustStatus.auditFailed })
        .where(eq(customers.id, u.distributor.custId!));
      expectCode(await add({ custId: u.distributor.custId }), -2);
      await t.app.platform.db
        .update(customers)
        .set({ status: CustStatus.authorized })
        .where(eq(customers.id, u.distributor.custId!));
    });

    it('hides the list from organizations that do not route the device', async () => {
      expectCode(await list(u.lab2), -1);
      expectCode(await list(u.clinic2), -1);
      expect((await list(u.anonymous)).status).toBe(401);
    });

    it('flags a receiver that can no longer receive with allowStatus -1', async () => {
      expectOk(await add({ custId: u.distributor.custId, caseType: [2] }));
      await t.app.platform.db
        .update(customers)
        .set({ status: CustStatus.auditFailed })
        .where(eq(customers.id, u.distributor.custId!));
      const rows = expectOk(await list());
      expect(rows.find((r: { custId: string }) => r.custId === u.distributor.custId).allowStatus).toBe(-1);
      await t.app.platform.db
        .update(customers)
        .set({ status: CustStatus.authorized })
        .where(eq(customers.id, u.distributor.custId!));
    });

    it('deletes all or nothing: the owner any entry of its device, others only what their account added', async () => {
      const rows = expectOk(await list());
      const lab2Ids = rows
        .filter((r: { custId: string }) => r.custId === u.lab2.custId)
        .map((r: { id: string }) => r.id);
      // The authorized lab adds its own entry for lab2.
      expectOk(await add({ custId: u.lab2.custId, caseType: [2] }, u.lab));
      const labEntry = expectOk(await list()).find(
        (r: { caseType: number; custId: string }) => r.custId === u.lab2.custId && r.caseType === 2,
      ).id;
      // Each row says who may delete it: the owner every row, the lab only its own.
      expect(expectOk(await list()).every((r: { showDelete: boolean }) => r.showDelete)).toBe(true);
      expect(
        expectOk(await list(u.lab))
          .filter((r: { showDelete: boolean }) => r.showDelete)
          .map((r: { id: string }) => r.id),
      ).toEqual([labEntry]);

      expectCode(await del({ custId: u.lab2.custId, deleteid: [] }), -1);
      expectCode(await del({ custId: u.lab2.custId, deleteid: ['x'] }), -1);
      expectCode(await del({ number: 'X1', custId: u.lab2.custId, deleteid: lab2Ids }), -2);
      expectCode(
        await del({ custId: u.lab2.custId, deleteid: ['00000000-0000-4000-8000-000000000000'] }),
        -3,
      );
      // Between non-owners only the account that added an entry may delete it; nothing is deleted otherwise.
      const notMine = await del({ custId: u.lab2.custId, deleteid: [...lab2Ids, labEntry] }, u.lab);
      expectCode(notMine, -4);
      expect(notMine.body.data.key).toBe('receiverDelete.deusererror');
      expect(expectOk(await list())).toHaveLength(rows.length + 1);

      // The owner may delete what the borrower added.
      expectOk(await del({ custId: u.lab2.custId, deleteid: [...lab2Ids, labEntry] }));
      expect(
        expectOk(await list()).filter((r: { custId: string }) => r.custId === u.lab2.custId),
      ).toHaveLength(0);

      // A lending ends completely: when the lab's authorization is recalled, its entries go with it.
      expectOk(await add({ custId: u.lab2.custId, caseType: [2] }, u.lab));
      const again = expectOk(await list()).find(
        (r: { caseType: number; custId: string }) => r.custId === u.lab2.custId && r.caseType === 2,
      ).id;
      const auth = expectOk(await u.clinic.call('POST', '/api2/device/scan/manageable', {})).records[0]
        .authorizations[0];
      expectOk(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: auth.id }));
      expect(expectOk(await list()).map((r: { id: string }) => r.id)).not.toContain(again);
      expectCode(await del({ custId: u.lab2.custId, deleteid: [again] }, u.lab), -2);
    });
  });

  describe('receiver records across devices (the guide check)', () => {
    it("pages the organization's receiver records, newest first; none for an organization without devices", async () => {
      const page = expectOk(
        await u.clinic.call('POST', '/api2/device/scan/receivers', {
          pageIndex: 1,
          pageSize: 10,
          sorter: 'registTime desc',
        }),
      );
      expect(page.totalRecords).toBeGreaterThan(0);
      expect(page.records[0]).toMatchObject({ number: 'C10000001', deviceId });
      const times = page.records.map((r: { registTime: string }) => r.registTime);
      expect([...times].sort().reverse()).toEqual(times);
      expect(expectOk(await u.lab2.call('POST', '/api2/device/scan/receivers', {})).totalRecords).toBe(0);
      // Tolerant reader: an unknown sorter reads as the default, currentPage is pageIndex's alias.
      const tolerant = expectOk(
        await u.clinic.call('POST', '/api2/device/scan/receivers', { sorter: 'name', currentPage: 1, x: 1 }),
      );
      expect(tolerant.records.map((r: { registTime: string }) => r.registTime)).toEqual(times);
    });
  });

  describe('receiver search', () => {
    const search = (key: string, who = u.clinic, max?: number) =>
      who.call('GET', `/cust/clinic/find?key=${encodeURIComponent(key)}${max ? `&max=${max}` : ''}`);

    it('finds by name, at most 10, never returning hidden fields', async () => {
      const found = expectOk(await search('demo'));
      expect(found.map((r: { name: string }) => r.name)).toEqual([
        'Demo Clinic',
        'Demo Clinic 2',
        'Demo Distributor',
        'Demo Lab',
        'Demo Lab 2',
      ]);
      expect(found.find((r: { name: string }) => r.name === 'Demo Clinic').showAdd).toBe(false);
      const lab = found.find((r: { name: string }) => r.name === 'Demo Lab');
      expect(lab).toMatchObject({ custType: 3, showAdd: true, phone: null, email: null, privacy: 14 });
      expect(expectOk(await search('demo', u.clinic, 2))).toHaveLength(2);
      expect(expectOk(await search(''))).toEqual([]);
      expect((await search('x', u.clinic, 11)).status).toBe(400);
    });

    it('finds by e-mail or phone only where the privacy bit allows, and then shows only that', async () => {
      expect(expectOk(await search('lab@demo.archway.local'))).toEqual([]);
      await t.app.platform.db
        .update(customers)
        .set({ privacy: 4 | 8 })
        .where(eq(customers.id, u.lab.custId!));
      const byMail = expectOk(await search('LAB@demo.archway.local'));
      expect(byMail).toHaveLength(1);
      expect(byMail[0]).toMatchObject({ name: 'Demo Lab', email: 'lab@demo.archway.local', phone: null });
      expect(expectOk(await search('+1 555 0100')).map((r: { name: string }) => r.name)).toEqual([]);
      await t.app.platform.db.update(customers).set({ privacy: 8 }).where(eq(customers.id, u.lab.custId!));
      expect(expectOk(await search('+1 555 0100')).map((r: { name: string }) => r.name)).toEqual([
        'Demo Lab',
      ]);
    });

    it('does not treat % or _ as wildcards', async () => {
      expect(expectOk(await search('%'))).toEqual([]);
      expect(expectOk(await search('_'))).toEqual([]);
    });
  });

  describe('device users', () => {
    let id2: string;
    beforeAll(async () => {
      id2 = expectOk(await u.clinic.call('POST', '/api2/device/scan/regist', bindBody('C10000002'))).id;
      // Device users come only from the adding organization: these two also work at Demo Clinic.
      const f = factories(t.app);
      await f.membership(u.distributor, { custId: u.clinic.custId! });
      await f.membership(u.lab2, { custId: u.clinic.custId! });
    });
    const addUsers = (users: string[], extra: Record<string, unknown> = {}, who = u.clinic) =>
      who.call('POST', '/api2/device/scan/v2/user', { number: 'C10000002', users, endTime: '1m', ...extra });

    it('adds people with a validity window; they may then use the device', async () => {
      const res = expectOk(await addUsers(['distributor', 'lab2@demo.archway.local']));
      expect(res.results.map((r: { code: number }) => r.code)).toEqual([0, 0]);
      const rows = expectOk(await u.clinic.call('GET', `/api2/device/scan/user/${id2}`));
      expect(rows.map((r: { username: string }) => r.username).sort()).toEqual(['distributor', 'lab2']);
      expect(rows[0]).toMatchObject({ showDelete: true, flag: 'normal' });
      const usable = expectOk(await u.distributor.call('POST', '/api2/device/scan/usable', {}));
      expect(usable.records.map((r: { number: string; role: string }) => [r.number, r.role])).toEqual([
        ['C10000002', 'user'],
      ]);
    });

    it('answers every add-user code', async () => {
      expectCode(await addUsers(['lab'], { number: 'X1' }), -1);
      expectCode(await addUsers(['nobody1', 'nobody2']), -3);
      expectCode(await addUsers(['lab'], { endTime: '2001-01-01' }), -4);
      expectCode(await addUsers(['lab'], { startTime: '2098-01-01', endTime: '2097-01-01' }), -5);
      expectCode(await addUsers([]), -5);
      expectCode(await addUsers(['distributor']), -6);
      expectCode(await addUsers(['lab'], { number: '' }), -7);
      expectCode(await addUsers(['nobody']), -8);
      // A device user may not add others.
      expectCode(await addUsers(['lab'], {}, u.distributor), -1);
    });

    it('edits the window and deletes, only by who added the entry', async () => {
      const rows = expectOk(await u.clinic.call('GET', `/api2/device/scan/user/${id2}`));
      const entry = rows.find((r: { username: string }) => r.username === 'distributor');
      expectOk(
        await u.clinic.call('PUT', '/api2/device/scan/v2/user', {
          id: entry.id,
          endTime: '2090-01-01 00:00:00',
        }),
      );
      expect(
        expectOk(await u.clinic.call('GET', `/api2/device/scan/user/${id2}`)).find(
          (r: { id: string }) => r.id === entry.id,
        ).endTime,
      ).toBe('2090-01-01 00:00:00');
      expectCode(
        await u.clinic.call('PUT', '/api2/device/scan/v2/user', { id: entry.id, endTime: '2000-01-01' }),
        -4,
      );
      expectCode(await u.distributor.call('DELETE', `/api2/device/scan/user/${entry.id}`), -2);
      expectCode(await u.lab.call('DELETE', `/api2/device/scan/user/${entry.id}`), -1);
      expectCode(
        await u.clinic.call('DELETE', '/api2/device/scan/user/00000000-0000-4000-8000-000000000000'),
        -1,
      );
      expectOk(await u.clinic.call('DELETE', `/api2/device/scan/user/${entry.id}`));
      expectCode(await u.clinic.call('DELETE', `/api2/device/scan/user/${entry.id}`), -1);
      expect(expectOk(await u.distributor.call('POST', '/api2/device/scan/usable', {})).totalRecords).toBe(0);
    });
  });
});
