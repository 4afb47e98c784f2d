import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustType, Privacy } from '@archway/contract';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { deviceAuths, deviceReceivers, deviceUsers } from './devices.schema.ts';
import { expireAuthorizations } from './devices.jobs.ts';
import { AUTH_FREQUENCY, CODE_ATTEMPTS, RECEIVER_FREQUENCY } from './devices.scope.ts';

/** The security findings of issue 6 §2 on devices, each on its own fresh data (factories, no demo seed). */
describe.each(engines)('device security (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const auditRows = (action: string, actorUserId?: string) =>
    t.app.platform.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, action), actorUserId ? eq(auditLog.actorUserId, actorUserId) : undefined),
      );

  /** Owner, borrower (with one more member), the lent device, and the borrower's additions under the lending. */
  async function lentWithAdditions() {
    const owner = await f.org();
    const borrower = await f.org({ custType: CustType.lab });
    const member = await f.user(borrower);
    const target = await f.org({ custType: CustType.lab });
    const device = await f.device(owner);
    const authId = await f.lending(device, borrower);
    expectOk(
      await borrower.owner.call('POST', '/api2/device/scan/v2/user', {
        number: device.serial,
        users: [member.username],
        endTime: '1m',
      }),
    );
    expectOk(
      await borrower.owner.call('POST', '/api2/device/scan/receiver', {
        number: device.serial,
        caseType: [1],
        custId: target.custId,
      }),
    );
    expect((await usable(member)).map((d) => d.number)).toEqual([device.serial]);
    return { owner, borrower, member, target, device, authId };
  }
  const usable = async (who: { call: OrgRef['owner']['call'] }) =>
    expectOk(await who.call('POST', '/api2/device/scan/usable', {})).records as {
      number: string;
      role: string;
    }[];
  const entriesOf = async (deviceId: string) => ({
    users: await t.app.platform.db.select().from(deviceUsers).where(eq(deviceUsers.deviceId, deviceId)),
    receivers: await t.app.platform.db
      .select()
      .from(deviceReceivers)
      .where(eq(deviceReceivers.deviceId, deviceId)),
  });

  describe('a lending ends completely', () => {
    it('recall deletes the device users and receivers the borrower added', async () => {
      const { owner, member, device, authId } = await lentWithAdditions();
      expectOk(await owner.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }));
      expect(await entriesOf(device.deviceId)).toEqual({ users: [], receivers: [] });
      expect(await usable(member)).toEqual([]);
      expect(
        expectOk(await owner.owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`)),
      ).toEqual([]);
    });

    it('expiry ends them at read time at once, and the sweep deletes them', async () => {
      const { owner, member, device, authId } = await lentWithAdditions();
      await t.app.platform.db
        .update(deviceAuths)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(deviceAuths.id, authId));
      // Before any sweep: the borrower's people and routing no longer count.
      expect(await usable(member)).toEqual([]);
      expect(expectOk(await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`))).toEqual(
        [],
      );
      expect(
        expectOk(await owner.owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`)),
      ).toEqual([]);
      await expireAuthorizations(t.app.platform.db);
      expect(await entriesOf(device.deviceId)).toEqual({ users: [], receivers: [] });
    });

    it('a borrower gives nobody a window longer than its own authorization (clamped)', async () => {
      const owner = await f.org();
      const borrower = await f.org();
      const member = await f.user(borrower);
      const device = await f.device(owner);
      const until = new Date(Date.now() + 10 * 86400_000);
      until.setUTCMilliseconds(0);
      await f.lending(device, borrower, { expiresAt: until });
      const formatted = until.toISOString().slice(0, 19).replace('T', ' ');
      expectOk(
        await borrower.owner.call('POST', '/api2/device/scan/v2/user', {
          number: device.serial,
          users: [member.username],
          endTime: '5y',
        }),
      );
      const [row] = expectOk(await borrower.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
      expect(row.endTime).toBe(formatted);
      expectOk(
        await borrower.owner.call('PUT', '/api2/device/scan/v2/user', { id: row.id, endTime: 'permanent' }),
      );
      expect(
        expectOk(await borrower.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`))[0].endTime,
      ).toBe(formatted);
      expectOk(
        await borrower.owner.call('POST', '/api2/device/scan/receiver', {
          number: device.serial,
          caseType: [2],
          custId: borrower.custId,
        }),
      );
      const receivers = expectOk(
        await owner.owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`),
      );
      expect(receivers.map((r: { expireTime: string }) => r.expireTime)).toEqual([formatted]);
      // Shortening the lending shortens what the borrower gave.
      const authId = expectOk(await borrower.owner.call('POST', '/api2/device/scan/auths', {})).records[0]
        .authorizations[0].id;
      expectOk(await owner.owner.call('PUT', '/api2/device/scan/auth', { id: authId, expireTime: '7d' }));
      const shorter = expectOk(await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`))[0];
      expect(new Date(`${shorter.endTime.replace(' ', 'T')}Z`).getTime()).toBeLessThan(until.getTime());
    });

    it("the owner edits or removes entries on its own device once it is not lent; a borrower never the owner's", async () => {
      const { owner, borrower, device, authId } = await lentWithAdditions();
      const ownerMember = await f.user(owner);
      const ownEntry = await f.deviceUser(device, ownerMember);
      // Lent: the owner may only change the authorization time or recall it (product §4), so no entry offers it
      // anything, and each change is refused.
      const rows = expectOk(await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
      expect(rows.map((r: { actions: string[] }) => r.actions)).toEqual([[], []]);
      const borrowers = rows.find((r: { id: string }) => r.id !== ownEntry);
      expectCode(await borrower.owner.call('DELETE', `/api2/device/scan/user/${ownEntry}`), -2);
      expectCode(
        await owner.owner.call('PUT', '/api2/device/scan/v2/user', { id: borrowers.id, endTime: '7d' }),
        -13,
      );
      expectCode(await owner.owner.call('DELETE', `/api2/device/scan/user/${borrowers.id}`), -13);
      const [r] = expectOk(await owner.owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`));
      expect(r.showDelete).toBe(false);
      expectCode(
        await owner.owner.call('DELETE', '/api2/device/scan/receiver', {
          number: device.serial,
          custId: r.custId,
          deleteid: r.entries.map((e: { id: string }) => e.id),
        }),
        -13,
      );
      // Recalled: the borrower's additions are gone, and the owner's own entry is its to change again.
      expectOk(await owner.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }));
      const after = expectOk(await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
      expect(after.map((x: { id: string; actions: string[] }) => [x.id, x.actions])).toEqual([
        [ownEntry, ['edit', 'remove']],
      ]);
      expectOk(await owner.owner.call('PUT', '/api2/device/scan/v2/user', { id: ownEntry, endTime: '7d' }));
      expectOk(await owner.owner.call('DELETE', `/api2/device/scan/user/${ownEntry}`));
    });
  });

  describe('a borrower sees only its own', () => {
    it('its own authorization, and only the device users it added or its own people', async () => {
      const owner = await f.org();
      const a = await f.org();
      const b = await f.org();
      const device = await f.device(owner);
      const authA = await f.lending(device, a);
      const authB = await f.lending(device, b);
      const aMember = await f.user(a);
      const bMember = await f.user(b);
      await f.deviceUser(device, await f.user(owner));
      await f.deviceUser(device, aMember, { by: a.owner });
      await f.deviceUser(device, bMember, { by: b.owner });
      // The owner added one of a's people too: a sees that entry (its own person), without actions.
      const aSecond = await f.user(a);
      await f.membership(aSecond, owner);
      const byOwner = await f.deviceUser(device, aSecond);

      const [row] = expectOk(await a.owner.call('POST', '/api2/device/scan/auths', {})).records;
      expect(row.authorizations.map((x: { id: string }) => x.id)).toEqual([authA]);
      expect(
        expectOk(await a.owner.call('GET', `/api2/device/scan/${device.deviceId}`)).authorizations.map(
          (x: { id: string }) => x.id,
        ),
      ).toEqual([authA]);
      expectCode(await a.owner.call('GET', `/api2/device/scan/auth/${authB}`), -7);
      const users = expectOk(await a.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`));
      expect(users.map((u: { userId: string }) => u.userId).sort()).toEqual(
        [aMember.userId, aSecond.userId].sort(),
      );
      expect(users.find((u: { id: string }) => u.id === byOwner).actions).toEqual([]);
      // The owner sees all of them.
      expect(
        expectOk(await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`)),
      ).toHaveLength(4);
      expect(
        expectOk(await owner.owner.call('GET', `/api2/device/scan/${device.deviceId}`)).authorizations,
      ).toHaveLength(2);
    });
  });

  describe('-228 frequency', () => {
    it("refused attempts by others never count: nobody can freeze an owner's lending", async () => {
      const owner = await f.org();
      const borrower = await f.org();
      const stranger = await f.org();
      const device = await f.device(owner);
      const authId = await f.lending(device, borrower);
      for (let i = 0; i < AUTH_FREQUENCY.max + 5; i++) {
        expectCode(await borrower.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }), -7);
        expectCode(
          await stranger.owner.call('POST', '/api2/device/scan/auth', {
            number: device.serial,
            secret: 'x',
            custIds: [stranger.custId],
            expireTime: '1y',
          }),
          -2,
        );
      }
      expectOk(await owner.owner.call('PUT', '/api2/device/scan/auth', { id: authId, expireTime: '1m' }));
      expectOk(await owner.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }));
    });

    it('receiver changes have their own limit, per organization, and it holds', async () => {
      const owner = await f.org();
      const borrower = await f.org();
      const target = await f.org();
      const device = await f.device(owner);
      await f.lending(device, borrower);
      const add = (who: OrgRef) =>
        who.owner.call('POST', '/api2/device/scan/receiver', {
          number: device.serial,
          caseType: [1],
          custId: target.custId,
        });
      const del = async (who: OrgRef) => {
        const rows = expectOk(await who.owner.call('GET', `/api2/device/scan/receiver/${device.deviceId}`));
        const mine = rows
          .flatMap((r: { entries: { id: string; siginUserId: string }[] }) => r.entries)
          .filter((e: { siginUserId: string }) => e.siginUserId === who.owner.userId);
        return who.owner.call('DELETE', '/api2/device/scan/receiver', {
          number: device.serial,
          custId: target.custId,
          deleteid: mine.map((e: { id: string }) => e.id),
        });
      };
      // The borrower uses up its own budget of receiver changes …
      for (let i = 0; i < RECEIVER_FREQUENCY.max / 2; i++) {
        expectOk(await add(borrower));
        expectOk(await del(borrower));
      }
      const refused = await add(borrower);
      expectCode(refused, -228);
      expect(refused.status).toBe(429);
      // … which does not touch the authorization changes, nor the owner's receiver changes once it recalled.
      expectOk(
        await owner.owner.call('POST', '/api2/device/scan/auth', {
          number: device.serial,
          secret: device.bindCode,
          custIds: [target.custId],
          expireTime: '1m',
        }),
      );
      for (const a of expectOk(await owner.owner.call('GET', `/api2/device/scan/${device.deviceId}`))
        .authorizations)
        expectOk(await owner.owner.call('DELETE', '/api2/device/scan/auth', { id: a.id }));
      expectOk(await add(owner));
    });
  });

  describe('bind-code guessing', () => {
    it('counts wrong codes per serial on bind: past the limit even the right code is refused, audited', async () => {
      const serial = (await f.registered()).serial;
      const guessers = await Promise.all([f.org(), f.org(), f.org()]);
      let n = 0;
      while (n < CODE_ATTEMPTS.max) {
        const who = guessers[n % guessers.length]!;
        const bind = { number: serial, secret: String(100000 + n), name: 'x' };
        expectCode(await who.owner.call('POST', '/api2/device/scan/regist', bind), -128);
        n++;
      }
      const right = await guessers[0]!.owner.call('POST', '/api2/device/scan/regist', {
        number: serial,
        secret: '123456',
        name: 'x',
      });
      expectCode(right, -12);
      expect(right.status).toBe(429);
      expect(right.body.data.key).toBe('device.codeAttempts');
      const audited = (await auditRows('device.bind')).filter(
        (r) => r.objectId === serial && (r.detail as { key?: string })?.key === 'device.codeAttempts',
      );
      expect(audited).toHaveLength(1);
    });

    it('counts per organization across serials, and concurrent guesses cannot pass the limit together', async () => {
      const guesser = await f.org();
      const serials = await Promise.all(Array.from({ length: 30 }, () => f.registered()));
      const answers = await Promise.all(
        serials.map((s, i) =>
          guesser.owner.call('POST', '/api2/device/scan/regist', {
            number: s.serial,
            secret: String(200000 + i),
            name: 'x',
          }),
        ),
      );
      const codes = answers.map((a) => a.body.errorCode);
      expect(codes.filter((c) => c === -128).length).toBeLessThanOrEqual(CODE_ATTEMPTS.max);
      expect(codes.filter((c) => c === -12).length).toBeGreaterThanOrEqual(30 - CODE_ATTEMPTS.max);
    });

    it('counts on unbind, transfer and authorize too', async () => {
      const owner = await f.org();
      const other = await f.org();
      const device = await f.device(owner);
      const tries = [
        () =>
          owner.owner.call('POST', '/api2/device/scan/unregist', { number: device.serial, secret: '000000' }),
        () =>
          owner.owner.call('POST', '/api2/device/scan/resell', {
            number: device.serial,
            secret: '000000',
            custId: other.custId,
          }),
        () =>
          owner.owner.call('POST', '/api2/device/scan/auth', {
            number: device.serial,
            secret: '000000',
            custIds: [other.custId],
            expireTime: '1y',
          }),
      ];
      for (let i = 0; i < CODE_ATTEMPTS.max; i++) {
        const res = await tries[i % 3]!();
        expect([-128, -3]).toContain(res.body.errorCode);
      }
      expectCode(
        await owner.owner.call('POST', '/api2/device/scan/unregist', {
          number: device.serial,
          secret: device.bindCode,
        }),
        -12,
      );
    });
  });

  describe('people lookup', () => {
    it("adds only the caller's own members; others answer exactly like nobody", async () => {
      const owner = await f.org();
      const device = await f.device(owner);
      const outsider = await f.org();
      const add = (users: string[]) =>
        owner.owner.call('POST', '/api2/device/scan/v2/user', {
          number: device.serial,
          users,
          endTime: '1m',
        });
      const byName = await add([outsider.owner.username]);
      const byMail = await add([`${outsider.owner.username}@factory.test`]);
      const nobody = await add(['nobody-at-all']);
      const strip = (r: { status: number; body: any }) => ({
        status: r.status,
        code: r.body.errorCode,
        codes: r.body.data.results.map((x: { code: number }) => x.code),
      });
      expect(strip(byName)).toEqual(strip(nobody));
      expect(strip(byMail)).toEqual(strip(nobody));
      expectCode(nobody, -8);
      const member = await f.user(owner);
      expectOk(await add([member.username.toUpperCase()]));
    });

    it("shows other organizations' people only as their privacy allows", async () => {
      const owner = await f.org();
      const borrower = await f.org({ privacy: Privacy.all });
      const device = await f.device(owner);
      await f.lending(device, borrower);
      const person = await f.user(borrower, {
        username: 'jane.doe@example.org',
        email: 'jane.doe@example.org',
      });
      await f.deviceUser(device, person, { by: borrower.owner });
      const seenByOwner = expectOk(
        await owner.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`),
      )[0];
      expect(seenByOwner.username).toBe('j***@***');
      expect(JSON.stringify(seenByOwner)).not.toContain('example.org');
      const seenByOwn = expectOk(
        await borrower.owner.call('GET', `/api2/device/scan/user/${device.deviceId}`),
      )[0];
      expect(seenByOwn.username).toBe('jane.doe@example.org');
    });
  });

  describe('audit', () => {
    it('one audit row per receiver search; none per device list; detail reads stay audited', async () => {
      const me = await f.org();
      await f.org({ name: 'Searchable Lab 1' });
      const device = await f.device(me);
      expectOk(await me.owner.call('GET', '/cust/clinic/find?key=Searchable'));
      const searches = await auditRows('customer.search', me.owner.userId);
      expect(searches).toHaveLength(1);
      expect(searches[0]!.detail).toMatchObject({ count: 1 });
      for (const path of ['auths', 'manageable', 'usable'])
        expectOk(await me.owner.call('POST', `/api2/device/scan/${path}`, {}));
      const lists = (
        await t.app.platform.db.select().from(auditLog).where(eq(auditLog.actorUserId, me.owner.userId))
      )
        .map((r) => r.action)
        .filter((a) => a.startsWith('device.list'));
      expect(lists).toEqual([]);
      expectOk(await me.owner.call('GET', `/api2/device/scan/${device.deviceId}`));
      expect(await auditRows('device.read', me.owner.userId)).toHaveLength(1);
    });
  });

  describe('faithful input', () => {
    it('tolerant lists, currentPage, sorter; non-UUID path ids are parameter errors', async () => {
      const me = await f.org();
      const a = await f.device(me, { name: 'b-second' });
      const b = await f.device(me, { name: 'a-first' });
      const page = expectOk(
        await me.owner.call('POST', '/api2/device/scan/manageable', {
          currentPage: 2,
          pageSize: 1,
          sorter: 'name asc',
          unknownField: true,
        }),
      );
      expect(page).toMatchObject({ pageIndex: 2, pageSize: 1, totalRecords: 2 });
      expect(page.records.map((r: { id: string }) => r.id)).toEqual([a.deviceId]);
      expect(
        expectOk(await me.owner.call('POST', '/api2/device/scan/manageable', { sorter: 'name asc' }))
          .records[0].id,
      ).toBe(b.deviceId);
      const bad = await me.owner.call('GET', '/api2/device/scan/not-a-uuid');
      expectCode(bad, -1);
      expect(bad.status).toBe(400);
      expectCode(await me.owner.call('GET', '/api2/device/scan/user/x'), -5);
      expectCode(await me.owner.call('POST', '/api2/device/scan/manageable', { keyword: 'a\u0000b' }), -1);
    });

    it("ends presets at the end of the day in the caller's time zone; reads epoch milliseconds as milliseconds", async () => {
      const owner = await f.org();
      const borrower = await f.org();
      const device = await f.device(owner);
      const res = await owner.owner.call(
        'POST',
        '/api2/device/scan/auth',
        { number: device.serial, secret: device.bindCode, custIds: [borrower.custId], expireTime: 'today' },
        { 'x-time-zone': 'Pacific/Kiritimati' },
      );
      expectOk(res);
      const [auth] = expectOk(
        await owner.owner.call('GET', `/api2/device/scan/${device.deviceId}`),
      ).authorizations;
      // Kiritimati is UTC+14: the end of its day is 09:59:59 UTC.
      expect(auth.expireTime.slice(11)).toBe('09:59:59');
      const ms = Date.UTC(2031, 0, 2, 3, 4, 5);
      expectOk(await owner.owner.call('PUT', '/api2/device/scan/auth', { id: auth.id, expireTime: ms }));
      expect(expectOk(await owner.owner.call('GET', `/api2/device/scan/auth/${auth.id}`)).expireTime).toBe(
        '2031-01-02 03:04:05',
      );
      expectCode(
        await owner.owner.call('PUT', '/api2/device/scan/auth', { id: auth.id, expireTime: '10000-01-01' }),
        -1,
      );
    });
  });
});
