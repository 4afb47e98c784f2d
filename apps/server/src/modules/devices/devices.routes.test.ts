import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { bindBody, demoCallers, expectCode, expectOk } from '../../testing/api.ts';
import { deviceReceivers } from './devices.schema.ts';

describe.each(engines)('devices: bind, unbind, lists, update, transfer (%s)', (engine) => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof demoCallers>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    u = await demoCallers(t.app);
  });
  afterAll(() => t.close());

  const bind = (who: keyof typeof u, number: string, extra?: Record<string, unknown>) =>
    u[who].call('POST', '/api2/device/scan/regist', bindBody(number, extra));
  const detailOf = async (number: string) =>
    (await u.clinic.call('POST', '/api2/device/scan/manageable', { keyword: number })).body.data.records[0];

  describe('bind', () => {
    it('binds a registered device, trimming serial and code, and audits it', async () => {
      const data = expectOk(await bind('clinic', '  c10000001 ', { secret: ' 123456 ', name: 'Chair 1' }));
      expect(data.code).toBe(0);
      const row = await detailOf('C10000001');
      expect(row).toMatchObject({
        number: 'C10000001',
        name: 'Chair 1',
        model: 'P3',
        role: 'owner',
        flag: 'permanent',
        ownerCustName: 'Demo Clinic',
      });
      const entries = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.bind'), eq(auditLog.objectId, 'C10000001')));
      expect(entries.map((e) => e.outcome)).toEqual(['allowed']);
    });

    it('makes a lab a receiver of its own device for case types 1, 2 and 3', async () => {
      const { id } = expectOk(await bind('lab', 'E20000001'));
      const rows = await t.app.platform.db
        .select()
        .from(deviceReceivers)
        .where(eq(deviceReceivers.deviceId, id));
      expect(rows.map((r) => r.caseType).sort()).toEqual([1, 2, 3]);
      expect(rows.every((r) => r.custId === u.lab.custId)).toBe(true);
    });

    it('answers every documented refusal', async () => {
      expectCode(await bind('clinic2', 'X99999999'), -3);
      expectCode(await bind('clinic2', 'C10000002', { secret: '654321' }), -128);
      expectCode(await bind('clinic2', 'C10000001'), -129);
      expectCode(await bind('clinic2', 'C90000001'), -131);
      expectCode(await bind('clinic2', 'C10000002', { secret: '   ' }), -2);
      expectCode(await bind('clinic2', 'C10000002', { scanType: 'color' }), -1);
      expectCode(await bind('clinic2', 'C10000002', { encryptType: 3 }), -1);
      expectCode(await bind('clinic2', 'C10000002', { name: '  ' }), -11);
      const refused = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.bind'), eq(auditLog.outcome, 'refused')));
      expect(refused.length).toBeGreaterThanOrEqual(5);
    });

    it('refuses an anonymous caller', async () => {
      const res = await u.anonymous.call('POST', '/api2/device/scan/regist', bindBody('C10000003'));
      expect(res.status).toBe(401);
    });
  });

  describe('lists, detail and update', () => {
    it('lists by scope, paged, with the caller role', async () => {
      expectOk(await bind('clinic', 'C10000004', { name: 'Chair 4' }));
      const manageable = expectOk(
        await u.clinic.call('POST', '/api2/device/scan/manageable', { pageIndex: 1, pageSize: 1 }),
      );
      expect(manageable.totalRecords).toBe(2);
      expect(manageable.records).toHaveLength(1);
      expect(manageable).toMatchObject({ pageIndex: 1, pageSize: 1 });
      const page2 = expectOk(
        await u.clinic.call('POST', '/api2/device/scan/manageable', { pageIndex: 2, pageSize: 1 }),
      );
      expect(page2.records[0].number).not.toBe(manageable.records[0].number);
      const search = expectOk(await u.clinic.call('POST', '/api2/device/scan/auths', { keyword: 'chair 4' }));
      expect(search.records.map((r: { number: string }) => r.number)).toEqual(['C10000004']);
      const labSees = expectOk(await u.lab.call('POST', '/api2/device/scan/usable', {}));
      expect(labSees.records.map((r: { number: string }) => r.number)).toEqual(['E20000001']);
      const unrelated = expectOk(await u.lab2.call('POST', '/api2/device/scan/auths', {}));
      expect(unrelated.totalRecords).toBe(0);
    });

    it('shows detail to the owner and "not found" to another organization', async () => {
      const { id } = await detailOf('C10000004');
      expect(expectOk(await u.clinic.call('GET', `/api2/device/scan/${id}`)).number).toBe('C10000004');
      const other = await u.lab2.call('GET', `/api2/device/scan/${id}`);
      expectCode(other, -3);
      // A catalogue refusal is never HTTP 404 (that is an unknown path only).
      expect(other.status).toBe(400);
      expectCode(await u.lab2.call('GET', `/api2/device/scan/00000000-0000-4000-8000-000000000000`), -3);
    });

    it('updates name, memo, encryption and format for the owner only', async () => {
      const { id } = await detailOf('C10000004');
      expectOk(
        await u.clinic.call('PUT', '/api2/device/scan', {
          id,
          name: 'Front desk',
          memo: 'm',
          encryptType: 2,
          scanType: 'stl',
        }),
      );
      expect(await detailOf('C10000004')).toMatchObject({
        name: 'Front desk',
        memo: 'm',
        encryptType: 2,
        scanType: 'stl',
      });
      expectCode(
        await u.clinic.call('PUT', '/api2/device/scan', { id, name: '', encryptType: 1, scanType: 'ply' }),
        -11,
      );
      expectCode(
        await u.lab2.call('PUT', '/api2/device/scan', { id, name: 'x', encryptType: 1, scanType: 'ply' }),
        -3,
      );
    });
  });

  describe('unbind', () => {
    it('needs the device code, and is refused during an authorization period', async () => {
      expectOk(await bind('clinic', 'C10000005'));
      const unbind = (who: keyof typeof u, secret: string) =>
        u[who].call('POST', '/api2/device/scan/unregist', { number: 'C10000005', secret });
      expectCode(await unbind('clinic', ''), -2);
      expectCode(await unbind('clinic', '000000'), -128);
      expectCode(await unbind('lab2', '123456'), -3);
      expectOk(
        await u.clinic.call('POST', '/api2/device/scan/auth', {
          number: 'C10000005',
          secret: '123456',
          custIds: [u.lab.custId],
          expireTime: '7d',
        }),
      );
      expectCode(await unbind('lab', '123456'), -5);
      expectCode(await unbind('clinic', '123456'), -10);
      const auth = (await detailOf('C10000005')).authorizations[0];
      expectOk(await u.clinic.call('DELETE', '/api2/device/scan/auth', { id: auth.id }));
      expectOk(await unbind('clinic', '123456'));
      expect(await detailOf('C10000005')).toBeUndefined();
      // The serial is free again.
      expectOk(await bind('clinic2', 'C10000005'));
    });
  });

  describe('transfer (resell)', () => {
    it('moves ownership at once: the receiver gets all rights, the sender none', async () => {
      expectOk(await bind('clinic', 'C10000006'));
      const { id } = await detailOf('C10000006');
      expectOk(
        await u.clinic.call('POST', '/api2/device/scan/auth', {
          number: 'C10000006',
          secret: '123456',
          custIds: [u.clinic2.custId],
          expireTime: '1m',
        }),
      );
      const resell = (who: keyof typeof u, custId: string | null, secret = '123456') =>
        u[who].call('POST', '/api2/device/scan/resell', { number: 'C10000006', secret, custId });
      expectCode(await resell('clinic', u.lab2.custId, '999999'), -128);
      expectCode(await resell('clinic', u.lab2.custId, ''), -2);
      expectCode(await resell('clinic', u.clinic.custId), -1);
      expectCode(await resell('clinic2', u.lab2.custId), -5);
      expectCode(await resell('lab', u.lab2.custId), -3);
      expectOk(await resell('clinic', u.lab2.custId));

      expectCode(await u.clinic.call('GET', `/api2/device/scan/${id}`), -3);
      const now = expectOk(await u.lab2.call('GET', `/api2/device/scan/${id}`));
      expect(now).toMatchObject({ role: 'owner', ownerCustName: 'Demo Lab 2' });
      // The sender's lending ended with it; the new owner (a lab) receives its own scans.
      expect(now.authorizations.every((a: { status: string }) => a.status === 'recalled')).toBe(true);
      expectCode(await u.clinic2.call('GET', `/api2/device/scan/${id}`), -3);
      const receivers = expectOk(await u.lab2.call('GET', `/api2/device/scan/receiver/${id}`));
      expect(receivers.map((r: { caseType: number }) => r.caseType).sort()).toEqual([1, 2, 3]);
    });
  });

  describe('concurrency', () => {
    it('two organizations binding the same device at once: exactly one wins', async () => {
      const [a, b] = await Promise.all([bind('clinic', 'P30000001'), bind('clinic2', 'P30000001')]);
      const codes = [a.body.errorCode, b.body.errorCode].sort();
      expect(codes).toEqual([-129, 0]);
    });

    it('two transfers of the same device at once: exactly one wins, nothing half-done', async () => {
      expectOk(await bind('clinic', 'P30000002'));
      const send = (custId: string | null) =>
        u.clinic.call('POST', '/api2/device/scan/resell', { number: 'P30000002', secret: '123456', custId });
      const [a, b] = await Promise.all([send(u.lab.custId), send(u.clinic2.custId)]);
      // The loser no longer relates to the device at all, so it is "not found" to it.
      expect([a.body.errorCode, b.body.errorCode].sort()).toEqual([-3, 0]);
      const winner = a.body.errorCode === 0 ? u.lab : u.clinic2;
      const loser = a.body.errorCode === 0 ? u.clinic2 : u.lab;
      expect(
        expectOk(await winner.call('POST', '/api2/device/scan/manageable', { keyword: 'P30000002' }))
          .totalRecords,
      ).toBe(1);
      expect(
        expectOk(await loser.call('POST', '/api2/device/scan/auths', { keyword: 'P30000002' })).totalRecords,
      ).toBe(0);
    });

    it('two authorizations of the same device to the same organization at once: exactly one wins', async () => {
      expectOk(await bind('clinic', 'P30000003'));
      const lend = () =>
        u.clinic.call('POST', '/api2/device/scan/auth', {
          number: 'P30000003',
          secret: '123456',
          custIds: [u.lab2.custId],
          expireTime: '15d',
        });
      const [a, b] = await Promise.all([lend(), lend()]);
      expect([a.body.errorCode, b.body.errorCode].sort()).toEqual([-1, 0]);
      const row = await detailOf('P30000003');
      expect(row.authorizations.filter((x: { status: string }) => x.status === 'active')).toHaveLength(1);
    });
  });

  describe('registry (platform administrator)', () => {
    it('lists, adds and imports, reporting each refused row', async () => {
      const list = expectOk(
        await u.admin.call('GET', '/api2/admin/device/registry?keyword=C1000000&pageSize=5'),
      );
      expect(list.totalRecords).toBe(9);
      expect(list.records[0]).toMatchObject({ model: 'P3', area: 'default' });
      expect(
        list.records.some(
          (r: { bound: boolean; ownerCustName: string }) => r.bound && r.ownerCustName === 'Demo Clinic',
        ),
      ).toBe(true);

      expect(
        expectOk(await u.admin.call('POST', '/api2/admin/device/registry', { serial: 'e77', bindCode: '1' })),
      ).toEqual({ serial: 'E77' });
      expectCode(
        await u.admin.call('POST', '/api2/admin/device/registry', { serial: 'E77', bindCode: '1' }),
        -1,
      );

      const csv = 'serial,bindCode,area\nN1,111\nN2,222,eu\nN1,333\nbad serial!,1\nC10000001,123456\nN3,\n';
      const report = expectOk(await u.admin.call('POST', '/api2/admin/device/registry/import', { csv }));
      expect(report.imported).toBe(2);
      expect(report.refused).toEqual([
        { line: 4, serial: 'N1', key: 'registry.duplicate' },
        { line: 5, serial: 'BAD SERIAL!', key: 'registry.invalidRow' },
        { line: 6, serial: 'C10000001', key: 'registry.duplicate' },
        { line: 7, serial: 'N3', key: 'registry.invalidRow' },
      ]);
      expectCode(
        await u.admin.call('POST', '/api2/admin/device/registry/import', { csv: 'serial,bindCode\n' }),
        -3,
      );
      // The imported device can be bound with its code.
      expectOk(await bind('lab2', 'N1', { secret: '111' }));
      expectCode(await bind('lab2', 'N2', { secret: '222' }), -131);
    });

    it('is refused to everyone else with code 100', async () => {
      for (const who of ['clinic', 'lab'] as const) {
        const res = await u[who].call('GET', '/api2/admin/device/registry');
        expect(res.status).toBe(403);
        expectCode(res, 100);
      }
      expect((await u.anonymous.call('GET', '/api2/admin/device/registry')).status).toBe(401);
    });
  });
});
