import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CustType } from '@archway/contract';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { bindBody, expectCode, expectOk } from '../../testing/api.ts';
import { factories, platformAdmin, type Factories, type PersonRef } from '../../testing/factories.ts';
import { deviceReceivers } from './devices.schema.ts';

describe.each(engines)('devices: bind, unbind, lists, update, transfer (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  // Every test makes its own organizations (each with one signed-in member) and registry entries.
  const clinicOrg = () => f.org({ custType: CustType.clinic });
  const labOrg = () => f.org({ custType: CustType.lab });
  /** A serial in the registry (code 123456), not bound yet. */
  const serial = async () => (await f.registered()).serial;
  const bind = (who: PersonRef, number: string, extra?: Record<string, unknown>) =>
    who.call('POST', '/api2/device/scan/regist', bindBody(number, extra));
  const detailOf = async (who: PersonRef, number: string) =>
    (await who.call('POST', '/api2/device/scan/manageable', { keyword: number })).body.data.records[0];
  const anonymous = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode;

  describe('bind', () => {
    it('binds a registered device, trimming serial and code, and audits it', async () => {
      const clinic = await clinicOrg();
      const number = await serial();
      const data = expectOk(
        await bind(clinic.owner, `  ${number.toLowerCase()} `, { secret: ' 123456 ', name: 'Chair 1' }),
      );
      expect(data.code).toBe(0);
      const row = await detailOf(clinic.owner, number);
      expect(row).toMatchObject({
        number,
        name: 'Chair 1',
        model: 'P3',
        role: 'owner',
        flag: 'permanent',
        ownerCustName: clinic.name,
      });
      const entries = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.bind'), eq(auditLog.objectId, number)));
      expect(entries.map((e) => e.outcome)).toEqual(['allowed']);
    });

    it('makes a lab a receiver of its own device for case types 1, 2 and 3', async () => {
      const lab = await labOrg();
      const { id } = expectOk(await bind(lab.owner, await serial()));
      const rows = await t.app.platform.db
        .select()
        .from(deviceReceivers)
        .where(eq(deviceReceivers.deviceId, id));
      expect(rows.map((r) => r.caseType).sort()).toEqual([1, 2, 3]);
      expect(rows.every((r) => r.custId === lab.custId)).toBe(true);
    });

    it('answers every documented refusal', async () => {
      const [clinic, clinic2] = [await clinicOrg(), await clinicOrg()];
      const free = await serial();
      const taken = (await f.device(clinic)).serial;
      const elsewhere = (await f.registered({ area: 'other-area' })).serial;
      const unknown = `X${free.slice(1)}`;
      expectCode(await bind(clinic2.owner, unknown), -3);
      expectCode(await bind(clinic2.owner, free, { secret: '654321' }), -128);
      expectCode(await bind(clinic2.owner, taken), -129);
      expectCode(await bind(clinic2.owner, elsewhere), -131);
      expectCode(await bind(clinic2.owner, free, { secret: '   ' }), -2);
      expectCode(await bind(clinic2.owner, free, { scanType: 'color' }), -1);
      expectCode(await bind(clinic2.owner, free, { encryptType: 3 }), -1);
      expectCode(await bind(clinic2.owner, free, { name: '  ' }), -11);
      const refused = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'device.bind'),
            eq(auditLog.outcome, 'refused'),
            inArray(auditLog.objectId, [unknown, free, taken, elsewhere]),
          ),
        );
      expect(refused.length).toBeGreaterThanOrEqual(5);
    });

    it('refuses an anonymous caller', async () => {
      expect(await anonymous('POST', '/api2/device/scan/regist', bindBody(await serial()))).toBe(401);
    });
  });

  describe('lists, detail and update', () => {
    it('lists by scope, paged, with the caller role', async () => {
      const [clinic, lab, lab2] = [await clinicOrg(), await labOrg(), await labOrg()];
      expectOk(await bind(clinic.owner, await serial()));
      const chair4 = await serial();
      expectOk(await bind(clinic.owner, chair4, { name: 'Chair 4' }));
      const labDevice = await serial();
      expectOk(await bind(lab.owner, labDevice));

      const manageable = expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/manageable', { pageIndex: 1, pageSize: 1 }),
      );
      expect(manageable.totalRecords).toBe(2);
      expect(manageable.records).toHaveLength(1);
      expect(manageable).toMatchObject({ pageIndex: 1, pageSize: 1 });
      const page2 = expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/manageable', { pageIndex: 2, pageSize: 1 }),
      );
      expect(page2.records[0].number).not.toBe(manageable.records[0].number);
      const search = expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/auths', { keyword: 'chair 4' }),
      );
      expect(search.records.map((r: { number: string }) => r.number)).toEqual([chair4]);
      const labSees = expectOk(await lab.owner.call('POST', '/api2/device/scan/usable', {}));
      expect(labSees.records.map((r: { number: string }) => r.number)).toEqual([labDevice]);
      const unrelated = expectOk(await lab2.owner.call('POST', '/api2/device/scan/auths', {}));
      expect(unrelated.totalRecords).toBe(0);
    });

    it('shows detail to the owner and "not found" to another organization', async () => {
      const [clinic, lab2] = [await clinicOrg(), await labOrg()];
      const number = await serial();
      expectOk(await bind(clinic.owner, number, { name: 'Chair 4' }));
      const { id } = await detailOf(clinic.owner, number);
      expect(expectOk(await clinic.owner.call('GET', `/api2/device/scan/${id}`)).number).toBe(number);
      const other = await lab2.owner.call('GET', `/api2/device/scan/${id}`);
      expectCode(other, -3);
      // A catalogue refusal is never HTTP 404 (that is an unknown path only).
      expect(other.status).toBe(400);
      expectCode(await lab2.owner.call('GET', `/api2/device/scan/00000000-0000-4000-8000-000000000000`), -3);
    });

    it('updates name, memo, encryption and format for the owner only', async () => {
      const [clinic, lab2] = [await clinicOrg(), await labOrg()];
      const number = await serial();
      expectOk(await bind(clinic.owner, number, { name: 'Chair 4' }));
      const { id } = await detailOf(clinic.owner, number);
      expectOk(
        await clinic.owner.call('PUT', '/api2/device/scan', {
          id,
          name: 'Front desk',
          memo: 'm',
          encryptType: 2,
          scanType: 'stl',
        }),
      );
      expect(await detailOf(clinic.owner, number)).toMatchObject({
        name: 'Front desk',
        memo: 'm',
        encryptType: 2,
        scanType: 'stl',
      });
      expectCode(
        await clinic.owner.call('PUT', '/api2/device/scan', {
          id,
          name: '',
          encryptType: 1,
          scanType: 'ply',
        }),
        -11,
      );
      expectCode(
        await lab2.owner.call('PUT', '/api2/device/scan', { id, name: 'x', encryptType: 1, scanType: 'ply' }),
        -3,
      );
    });
  });

  describe('unbind', () => {
    it('needs the device code, and is refused during an authorization period', async () => {
      const [clinic, clinic2, lab, lab2] = [
        await clinicOrg(),
        await clinicOrg(),
        await labOrg(),
        await labOrg(),
      ];
      const number = await serial();
      expectOk(await bind(clinic.owner, number));
      const unbind = (who: PersonRef, secret: string) =>
        who.call('POST', '/api2/device/scan/unregist', { number, secret });
      expectCode(await unbind(clinic.owner, ''), -2);
      expectCode(await unbind(clinic.owner, '000000'), -128);
      expectCode(await unbind(lab2.owner, '123456'), -3);
      expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/auth', {
          number,
          secret: '123456',
          custIds: [lab.custId],
          expireTime: '7d',
        }),
      );
      expectCode(await unbind(lab.owner, '123456'), -5);
      expectCode(await unbind(clinic.owner, '123456'), -10);
      const auth = (await detailOf(clinic.owner, number)).authorizations[0];
      expectOk(await clinic.owner.call('DELETE', '/api2/device/scan/auth', { id: auth.id }));
      expectOk(await unbind(clinic.owner, '123456'));
      expect(await detailOf(clinic.owner, number)).toBeUndefined();
      // The serial is free again.
      expectOk(await bind(clinic2.owner, number));
    });
  });

  describe('transfer (resell)', () => {
    it('moves ownership at once: the receiver gets all rights, the sender none', async () => {
      const [clinic, clinic2, lab, lab2] = [
        await clinicOrg(),
        await clinicOrg(),
        await labOrg(),
        await labOrg(),
      ];
      const number = await serial();
      expectOk(await bind(clinic.owner, number));
      const { id } = await detailOf(clinic.owner, number);
      const resell = (who: PersonRef, custId: string | null, secret = '123456') =>
        who.call('POST', '/api2/device/scan/resell', { number, secret, custId });
      expectCode(await resell(clinic.owner, lab2.custId, '999999'), -128);
      expectCode(await resell(clinic.owner, lab2.custId, ''), -2);
      expectCode(await resell(clinic.owner, clinic.custId), -1);
      expectCode(await resell(lab.owner, lab2.custId), -3);
      expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/auth', {
          number,
          secret: '123456',
          custIds: [clinic2.custId],
          expireTime: '1m',
        }),
      );
      expectCode(await resell(clinic2.owner, lab2.custId), -5);
      // Lent: a transfer would end the borrower's lending, so it is refused until the owner recalls (product §4).
      expectCode(await resell(clinic.owner, lab2.custId), -13);
      expect(expectOk(await clinic2.owner.call('GET', `/api2/device/scan/${id}`)).role).toBe('authorized');
      const auth = (await detailOf(clinic.owner, number)).authorizations[0];
      expectOk(await clinic.owner.call('DELETE', '/api2/device/scan/auth', { id: auth.id }));
      expectOk(await resell(clinic.owner, lab2.custId));

      expectCode(await clinic.owner.call('GET', `/api2/device/scan/${id}`), -3);
      const now = expectOk(await lab2.owner.call('GET', `/api2/device/scan/${id}`));
      expect(now).toMatchObject({ role: 'owner', ownerCustName: lab2.name });
      expect(now.authorizations.every((a: { status: string }) => a.status === 'recalled')).toBe(true);
      expectCode(await clinic2.owner.call('GET', `/api2/device/scan/${id}`), -3);
      // The new owner (a lab) receives its own scans: one row, every case type.
      const receivers = expectOk(await lab2.owner.call('GET', `/api2/device/scan/receiver/${id}`));
      expect(receivers.map((r: { custId: string; caseType: number[] }) => [r.custId, r.caseType])).toEqual([
        [lab2.custId, [1, 2, 3]],
      ]);
    });
  });

  describe('concurrency', () => {
    it('two organizations binding the same device at once: exactly one wins', async () => {
      const [clinic, clinic2] = [await clinicOrg(), await clinicOrg()];
      const number = await serial();
      const [a, b] = await Promise.all([bind(clinic.owner, number), bind(clinic2.owner, number)]);
      const codes = [a.body.errorCode, b.body.errorCode].sort();
      expect(codes).toEqual([-129, 0]);
    });

    it('two transfers of the same device at once: exactly one wins, nothing half-done', async () => {
      const [clinic, clinic2, lab] = [await clinicOrg(), await clinicOrg(), await labOrg()];
      const number = await serial();
      expectOk(await bind(clinic.owner, number));
      const send = (custId: string | null) =>
        clinic.owner.call('POST', '/api2/device/scan/resell', { number, secret: '123456', custId });
      const [a, b] = await Promise.all([send(lab.custId), send(clinic2.custId)]);
      // The loser no longer relates to the device at all, so it is "not found" to it.
      expect([a.body.errorCode, b.body.errorCode].sort()).toEqual([-3, 0]);
      const winner = a.body.errorCode === 0 ? lab : clinic2;
      const loser = a.body.errorCode === 0 ? clinic2 : lab;
      expect(
        expectOk(await winner.owner.call('POST', '/api2/device/scan/manageable', { keyword: number }))
          .totalRecords,
      ).toBe(1);
      expect(
        expectOk(await loser.owner.call('POST', '/api2/device/scan/auths', { keyword: number })).totalRecords,
      ).toBe(0);
    });

    it('two authorizations of the same device to the same organization at once: exactly one wins', async () => {
      const [clinic, lab2] = [await clinicOrg(), await labOrg()];
      const number = await serial();
      expectOk(await bind(clinic.owner, number));
      const lend = () =>
        clinic.owner.call('POST', '/api2/device/scan/auth', {
          number,
          secret: '123456',
          custIds: [lab2.custId],
          expireTime: '15d',
        });
      const [a, b] = await Promise.all([lend(), lend()]);
      expect([a.body.errorCode, b.body.errorCode].sort()).toEqual([-1, 0]);
      const row = await detailOf(clinic.owner, number);
      expect(row.authorizations.filter((x: { status: string }) => x.status === 'active')).toHaveLength(1);
    });
  });

  describe('registry (platform administrator)', () => {
    it('lists, adds and imports, reporting each refused row', async () => {
      const [admin, clinic, lab2] = [await platformAdmin(t.app), await clinicOrg(), await labOrg()];
      // Nine serials under one prefix, the newest bound by the clinic (the list is newest first).
      const prefix = `C${Date.now().toString(36).toUpperCase()}`;
      const serials: string[] = [];
      for (let i = 1; i <= 9; i++) serials.push((await f.registered({ serial: `${prefix}${i}` })).serial);
      expectOk(await bind(clinic.owner, serials.at(-1)!));

      const list = expectOk(
        await admin.call('GET', `/api2/admin/device/registry?keyword=${prefix}&pageSize=5`),
      );
      expect(list.totalRecords).toBe(9);
      expect(list.records).toHaveLength(5);
      expect(list.records[0]).toMatchObject({ model: 'P3', area: 'default' });
      expect(
        list.records.some(
          (r: { bound: boolean; ownerCustName: string }) => r.bound && r.ownerCustName === clinic.name,
        ),
      ).toBe(true);

      const added = `E${prefix.slice(1)}`;
      expect(
        expectOk(
          await admin.call('POST', '/api2/admin/device/registry', {
            serial: added.toLowerCase(),
            bindCode: '1',
          }),
        ),
      ).toEqual({ serial: added });
      expectCode(
        await admin.call('POST', '/api2/admin/device/registry', { serial: added, bindCode: '1' }),
        -1,
      );

      const [n1, n2, n3] = ['1', '2', '3'].map((n) => `N${prefix.slice(1)}${n}`);
      const csv = `serial,bindCode,area\n${n1},111\n${n2},222,eu\n${n1},333\nbad serial!,1\n${serials[0]},123456\n${n3},\n`;
      const report = expectOk(await admin.call('POST', '/api2/admin/device/registry/import', { csv }));
      expect(report.imported).toBe(2);
      expect(report.refused).toEqual([
        { line: 4, serial: n1, key: 'registry.duplicate' },
        { line: 5, serial: 'BAD SERIAL!', key: 'registry.invalidRow' },
        { line: 6, serial: serials[0], key: 'registry.duplicate' },
        { line: 7, serial: n3, key: 'registry.invalidRow' },
      ]);
      expectCode(
        await admin.call('POST', '/api2/admin/device/registry/import', { csv: 'serial,bindCode\n' }),
        -3,
      );
      // The imported device can be bound with its code.
      expectOk(await bind(lab2.owner, n1!, { secret: '111' }));
      expectCode(await bind(lab2.owner, n2!, { secret: '222' }), -131);
    });

    it('is refused to everyone else with code 100', async () => {
      for (const who of [await clinicOrg(), await labOrg()]) {
        const res = await who.owner.call('GET', '/api2/admin/device/registry');
        expect(res.status).toBe(403);
        expectCode(res, 100);
      }
      expect(await anonymous('GET', '/api2/admin/device/registry')).toBe(401);
    });
  });
});
