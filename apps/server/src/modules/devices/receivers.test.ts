import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import { customers } from '../orgs/orgs.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { factories, type Factories, type PersonRef } from '../../testing/factories.ts';

describe.each(engines)('receivers, receiver search and device users (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const anonymous = async (url: string) => (await t.app.inject({ url })).statusCode;
  const setStatus = (custId: string, status: number) =>
    t.app.platform.db.update(customers).set({ status }).where(eq(customers.id, custId));

  /**
   * A clinic's device (`lend()` lends it to the lab for a year); a second lab, a second clinic and a distributor
   * that have nothing to do with it yet. Every test makes its own.
   */
  async function world() {
    const clinic = await f.org({ custType: CustType.clinic });
    const clinic2 = await f.org({ custType: CustType.clinic });
    const lab = await f.org({ custType: CustType.lab });
    const lab2 = await f.org({ custType: CustType.lab });
    const distributor = await f.org({ custType: CustType.distributor });
    const device = await f.device(clinic);
    const lend = () => f.lending(device, lab);
    const number = device.serial;
    const add = (body: Record<string, unknown>, who: PersonRef = clinic.owner) =>
      who.call('POST', '/api2/device/scan/receiver', { number, caseType: [3], memo: '', ...body });
    const list = (who: PersonRef = clinic.owner, id = device.deviceId) =>
      who.call('GET', `/api2/device/scan/receiver/${id}`);
    const del = (body: Record<string, unknown>, who: PersonRef = clinic.owner) =>
      who.call('DELETE', '/api2/device/scan/receiver', { number, ...body });
    return { clinic, clinic2, lab, lab2, distributor, device, number, lend, add, list, del };
  }

  type Entry = { id: string; caseType: number; siginUserId: string; showDelete: boolean };
  type Row = {
    id: string;
    custId: string;
    caseType: number[];
    showDelete: boolean;
    allowStatus: number;
    entries: Entry[];
  };
  const rowOf = (rows: Row[], custId: string) => rows.find((r) => r.custId === custId)!;

  describe('receivers', () => {
    it('answers one row per organization with its caseType list (spec §3: rows of one custId merged)', async () => {
      const { clinic, lab, lab2, number, lend, add, list } = await world();
      expect(expectOk(await add({ custId: lab2.custId, caseType: [1, 3] })).added.sort()).toEqual([1, 3]);
      const rows = expectOk(await list()) as Row[];
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        custId: lab2.custId,
        custName: lab2.name,
        custType: 3,
        caseType: [1, 3],
        siginUserId: clinic.owner.userId,
        allowStatus: 1,
        showDelete: true,
        expireTime: '9999/12/31 23:59:59',
        privacy: 14,
      });
      // Each case type is an entry of the row (its id is what a delete names); the row's id is its first entry's.
      expect(row!.entries.map((e) => e.caseType)).toEqual([1, 3]);
      expect(row!.id).toBe(row!.entries[0]!.id);
      expect(new Set(row!.entries.map((e) => e.id)).size).toBe(2);
      // Privacy bits 2 and 4 are set by default: e-mail and phone are hidden from others.
      expect((row as unknown as { email: string | null }).email).toBeNull();
      expect((row as unknown as { phone: string | null }).phone).toBeNull();
      // The same list by serial number, and for the authorized lab (which may delete none of it).
      expect(expectOk(await list(clinic.owner, number))).toEqual(rows);
      await lend();
      const seen = expectOk(await list(lab.owner)) as Row[];
      expect(seen.map((r) => [r.custId, r.caseType, r.showDelete])).toEqual([[lab2.custId, [1, 3], false]]);
    });

    it('answers every add code', async () => {
      const { clinic2, lab2, distributor, add } = await world();
      expectOk(await add({ custId: lab2.custId, caseType: [1, 3] }));
      expectCode(await add({ number: 'X1', custId: lab2.custId }), -1);
      expectCode(await add({ custId: lab2.custId }, clinic2.owner), -1);
      expectCode(await add({ custId: '00000000-0000-4000-8000-000000000000' }), -3);
      expectCode(await add({ custId: lab2.custId, caseType: [1, 3] }), -4);
      expectCode(await add({ number: '  ', custId: lab2.custId }), -5);
      expectCode(await add({ custId: lab2.custId, caseType: [4] }), -7);
      expectCode(await add({ custId: lab2.custId, caseType: [] }), -7);
      // A receiver may not route the device on: -6.
      expectCode(await add({ custId: distributor.custId }, lab2.owner), -6);
      await setStatus(distributor.custId, CustStatus.auditFailed);
      expectCode(await add({ custId: distributor.custId }), -2);
    });

    it('hides the list from organizations that do not route the device', async () => {
      const { clinic2, lab2, device, add, list } = await world();
      // lab2 receives the device's scans, but does not route them: it does not see the list either.
      expectOk(await add({ custId: lab2.custId }));
      expectCode(await list(lab2.owner), -1);
      expectCode(await list(clinic2.owner), -1);
      expect(await anonymous(`/api2/device/scan/receiver/${device.deviceId}`)).toBe(401);
    });

    it('flags a receiver that can no longer receive with allowStatus -1', async () => {
      const { lab2, distributor, add, list } = await world();
      expectOk(await add({ custId: lab2.custId, caseType: [2] }));
      expectOk(await add({ custId: distributor.custId, caseType: [2] }));
      await setStatus(distributor.custId, CustStatus.auditFailed);
      const rows = expectOk(await list()) as Row[];
      expect(rowOf(rows, distributor.custId).allowStatus).toBe(-1);
      expect(rowOf(rows, lab2.custId).allowStatus).toBe(1);
    });

    it('deletes all or nothing: the owner any entry of its device, a borrower only what its account added', async () => {
      const { clinic, lab, lab2, distributor, lend, add, list, del } = await world();
      expectOk(await add({ custId: lab2.custId, caseType: [1, 3] }));
      expectOk(await add({ custId: distributor.custId, caseType: [2] }));
      const ownerIds = rowOf(expectOk(await list()), lab2.custId).entries.map((e) => e.id);
      expect(ownerIds).toHaveLength(2);
      // Lent: the lab adds its own entry for lab2, merged into lab2's row.
      await lend();
      expectOk(await add({ custId: lab2.custId, caseType: [2] }, lab.owner));
      const merged = rowOf(expectOk(await list(lab.owner)), lab2.custId);
      expect(merged.caseType).toEqual([1, 2, 3]);
      const labEntry = merged.entries.find((e) => e.caseType === 2)!.id;
      // Each entry says who may delete it: the lab only its own; the owner, while lent, nothing (product §4).
      expect(merged.entries.filter((e) => e.showDelete).map((e) => e.id)).toEqual([labEntry]);
      expect(merged.showDelete).toBe(true);
      const ownerView = expectOk(await list()) as Row[];
      expect(ownerView.flatMap((r) => r.entries).some((e) => e.showDelete)).toBe(false);
      expect(ownerView.some((r) => r.showDelete)).toBe(false);

      expectCode(await del({ custId: lab2.custId, deleteid: [] }, lab.owner), -1);
      expectCode(await del({ custId: lab2.custId, deleteid: ['x'] }, lab.owner), -1);
      expectCode(await del({ number: 'X1', custId: lab2.custId, deleteid: [labEntry] }, lab.owner), -2);
      expectCode(
        await del({ custId: lab2.custId, deleteid: ['00000000-0000-4000-8000-000000000000'] }, lab.owner),
        -3,
      );
      // Between non-owners only the account that added an entry may delete it; nothing is deleted otherwise.
      const notMine = await del({ custId: lab2.custId, deleteid: [...ownerIds, labEntry] }, lab.owner);
      expectCode(notMine, -4);
      expect(notMine.body.data.key).toBe('receiverDelete.deusererror');
      // The owner may not change the routing while lent.
      expectCode(await del({ custId: lab2.custId, deleteid: [labEntry] }), -13);
      expect(rowOf(expectOk(await list()), lab2.custId).entries).toHaveLength(3);
      expectOk(await del({ custId: lab2.custId, deleteid: [labEntry] }, lab.owner));
      expect(rowOf(expectOk(await list()), lab2.custId).caseType).toEqual([1, 3]);

      // A lending ends completely: when the lab's authorization is recalled, its entries go with it.
      expectOk(await add({ custId: lab2.custId, caseType: [2] }, lab.owner));
      const again = rowOf(expectOk(await list()), lab2.custId).entries.find((e) => e.caseType === 2)!.id;
      const auth = expectOk(await clinic.owner.call('POST', '/api2/device/scan/manageable', {})).records[0]
        .authorizations[0];
      expectOk(await clinic.owner.call('DELETE', '/api2/device/scan/auth', { id: auth.id }));
      const after = rowOf(expectOk(await list()), lab2.custId);
      expect(after.entries.map((e) => e.id)).not.toContain(again);
      expectCode(await del({ custId: lab2.custId, deleteid: [again] }, lab.owner), -2);
      // No longer lent: the owner deletes what it routes again, and every entry shows it may.
      expect(after.entries.every((e) => e.showDelete)).toBe(true);
      expectOk(await del({ custId: lab2.custId, deleteid: ownerIds }));
      expect((expectOk(await list()) as Row[]).map((r) => r.custId)).toEqual([distributor.custId]);
    });
  });

  describe('receiver records across devices (the guide check)', () => {
    it("pages the organization's receiver records, newest first; none for an organization without devices", async () => {
      const { clinic, lab2, distributor, device, number, add } = await world();
      expectOk(await add({ custId: lab2.custId, caseType: [1, 3] }));
      expectOk(await add({ custId: distributor.custId, caseType: [2] }));
      const page = expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/receivers', {
          pageIndex: 1,
          pageSize: 10,
          sorter: 'registTime desc',
        }),
      );
      expect(page.totalRecords).toBe(3);
      expect(page.records[0]).toMatchObject({ number, deviceId: device.deviceId });
      const times = page.records.map((r: { registTime: string }) => r.registTime);
      expect([...times].sort().reverse()).toEqual(times);
      expect(expectOk(await lab2.owner.call('POST', '/api2/device/scan/receivers', {})).totalRecords).toBe(0);
      // Tolerant reader: an unknown sorter reads as the default, currentPage is pageIndex's alias.
      const tolerant = expectOk(
        await clinic.owner.call('POST', '/api2/device/scan/receivers', {
          sorter: 'name',
          currentPage: 1,
          x: 1,
        }),
      );
      expect(tolerant.records.map((r: { registTime: string }) => r.registTime)).toEqual(times);
    });
  });

  describe('receiver search', () => {
    const search = (who: PersonRef, key: string, max?: number) =>
      who.call('GET', `/cust/clinic/find?key=${encodeURIComponent(key)}${max ? `&max=${max}` : ''}`);
    /** Five organizations whose names share a word no other organization has. */
    async function named() {
      const word = `Zq${randomBytes(4).toString('hex')}`;
      const clinic = await f.org({ custType: CustType.clinic, name: `${word} Clinic` });
      await f.org({ custType: CustType.clinic, name: `${word} Clinic 2` });
      await f.org({ custType: CustType.distributor, name: `${word} Distributor` });
      const lab = await f.org({
        custType: CustType.lab,
        name: `${word} Lab`,
        email: `lab-${word}@factory.test`,
        phone: `+1 555 ${randomBytes(3).readUIntBE(0, 3)}`,
      });
      await f.org({ custType: CustType.lab, name: `${word} Lab 2` });
      return { word, clinic, lab };
    }
    const lookUp = async (custId: string) =>
      (await t.app.platform.db.select().from(customers).where(eq(customers.id, custId)))[0]!;

    it('finds by name, at most 10, never returning hidden fields', async () => {
      const { word, clinic } = await named();
      const found = expectOk(await search(clinic.owner, word.toLowerCase()));
      expect(found.map((r: { name: string }) => r.name)).toEqual([
        `${word} Clinic`,
        `${word} Clinic 2`,
        `${word} Distributor`,
        `${word} Lab`,
        `${word} Lab 2`,
      ]);
      expect(found.find((r: { name: string }) => r.name === `${word} Clinic`).showAdd).toBe(false);
      const lab = found.find((r: { name: string }) => r.name === `${word} Lab`);
      expect(lab).toMatchObject({ custType: 3, showAdd: true, phone: null, email: null, privacy: 14 });
      expect(expectOk(await search(clinic.owner, word, 2))).toHaveLength(2);
      expect(expectOk(await search(clinic.owner, ''))).toEqual([]);
      expect((await search(clinic.owner, 'x', 11)).status).toBe(400);
    });

    it('finds by e-mail or phone only where the privacy bit allows, and then shows only that', async () => {
      const { word, clinic, lab } = await named();
      const { email, phone } = await lookUp(lab.custId);
      expect(expectOk(await search(clinic.owner, email!))).toEqual([]);
      await t.app.platform.db
        .update(customers)
        .set({ privacy: 4 | 8 })
        .where(eq(customers.id, lab.custId));
      const byMail = expectOk(await search(clinic.owner, email!.toUpperCase()));
      expect(byMail).toHaveLength(1);
      expect(byMail[0]).toMatchObject({ name: `${word} Lab`, email, phone: null });
      expect(expectOk(await search(clinic.owner, phone!)).map((r: { name: string }) => r.name)).toEqual([]);
      await t.app.platform.db.update(customers).set({ privacy: 8 }).where(eq(customers.id, lab.custId));
      expect(expectOk(await search(clinic.owner, phone!)).map((r: { name: string }) => r.name)).toEqual([
        `${word} Lab`,
      ]);
    });

    it('does not treat % or _ as wildcards', async () => {
      const { word, clinic } = await named();
      // Every name here matches a wildcard: the search finds them by their word, and not by % or _.
      expect(expectOk(await search(clinic.owner, word))).toHaveLength(5);
      expect(expectOk(await search(clinic.owner, '%'))).toEqual([]);
      expect(expectOk(await search(clinic.owner, '_'))).toEqual([]);
    });
  });

  describe('device users', () => {
    /**
     * A clinic's device; the distributor's and the second lab's people also work at the clinic (device users come
     * only from the adding organization), the lab's person does not.
     */
    async function people() {
      const { clinic, device } = await world();
      const distributor = await f.user(await f.org({ custType: CustType.distributor }));
      const lab2 = await f.user(await f.org({ custType: CustType.lab }));
      const lab = await f.user(await f.org({ custType: CustType.lab }));
      await f.membership(distributor, clinic);
      await f.membership(lab2, clinic);
      const lab2Email = `${lab2.username}@factory.test`;
      const addUsers = (
        users: string[],
        extra: Record<string, unknown> = {},
        who: PersonRef = clinic.owner,
      ) =>
        who.call('POST', '/api2/device/scan/v2/user', {
          number: device.serial,
          users,
          endTime: '1m',
          ...extra,
        });
      const listUsers = async () =>
        expectOk(await clinic.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
      return { clinic, device, distributor, lab2, lab, lab2Email, addUsers, listUsers };
    }

    it('adds people with a validity window; they may then use the device', async () => {
      const { device, distributor, lab2, lab2Email, addUsers, listUsers } = await people();
      const res = expectOk(await addUsers([distributor.username, lab2Email]));
      expect(res.results.map((r: { code: number }) => r.code)).toEqual([0, 0]);
      const rows = await listUsers();
      expect(rows.map((r: { username: string }) => r.username).sort()).toEqual(
        [distributor.username, lab2.username].sort(),
      );
      expect(rows[0]).toMatchObject({ showDelete: true, flag: 'normal' });
      const usable = expectOk(await distributor.call('POST', '/api2/device/scan/usable', {}));
      expect(usable.records.map((r: { number: string; role: string }) => [r.number, r.role])).toEqual([
        [device.serial, 'user'],
      ]);
    });

    it('answers every add-user code', async () => {
      const { distributor, lab, addUsers } = await people();
      expectOk(await addUsers([distributor.username]));
      expectCode(await addUsers([lab.username], { number: 'X1' }), -1);
      expectCode(await addUsers(['nobody1', 'nobody2']), -3);
      expectCode(await addUsers([lab.username], { endTime: '2001-01-01' }), -4);
      expectCode(await addUsers([lab.username], { startTime: '2098-01-01', endTime: '2097-01-01' }), -5);
      expectCode(await addUsers([]), -5);
      expectCode(await addUsers([distributor.username]), -6);
      expectCode(await addUsers([lab.username], { number: '' }), -7);
      expectCode(await addUsers(['nobody']), -8);
      // A device user may not add others.
      expectCode(await addUsers([lab.username], {}, distributor), -1);
    });

    it('edits the window and deletes, only by who added the entry', async () => {
      const { clinic, distributor, lab, lab2Email, addUsers, listUsers } = await people();
      expectOk(await addUsers([distributor.username, lab2Email]));
      const entry = (await listUsers()).find(
        (r: { username: string }) => r.username === distributor.username,
      );
      expectOk(
        await clinic.owner.call('PUT', '/api2/device/scan/v2/user', {
          id: entry.id,
          endTime: '2090-01-01 00:00:00',
        }),
      );
      expect((await listUsers()).find((r: { id: string }) => r.id === entry.id).endTime).toBe(
        '2090-01-01 00:00:00',
      );
      expectCode(
        await clinic.owner.call('PUT', '/api2/device/scan/v2/user', { id: entry.id, endTime: '2000-01-01' }),
        -4,
      );
      expectCode(await distributor.call('DELETE', `/api2/device/scan/user/${entry.id}`), -2);
      expectCode(await lab.call('DELETE', `/api2/device/scan/user/${entry.id}`), -1);
      expectCode(
        await clinic.owner.call('DELETE', '/api2/device/scan/user/00000000-0000-4000-8000-000000000000'),
        -1,
      );
      expect(expectOk(await distributor.call('POST', '/api2/device/scan/usable', {})).totalRecords).toBe(1);
      expectOk(await clinic.owner.call('DELETE', `/api2/device/scan/user/${entry.id}`));
      expectCode(await clinic.owner.call('DELETE', `/api2/device/scan/user/${entry.id}`), -1);
      expect(expectOk(await distributor.call('POST', '/api2/device/scan/usable', {})).totalRecords).toBe(0);
    });
  });
});
