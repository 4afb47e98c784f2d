import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type DeviceRef, type PersonRef } from '../../testing/factories.ts';

type Viewer = 'owner' | 'borrower' | 'deviceUser' | 'receiver' | 'unrelated';
const VIEWERS: Viewer[] = ['owner', 'borrower', 'deviceUser', 'receiver', 'unrelated'];

/**
 * What each role GETS from every device list and detail call — rows, fields and actions — on one device:
 * owned by O, lent to B (and to B2, which B must not see), used by P (a person of O who signs in with their
 * other organization U), routed to R; N is unrelated. B added one of its own people and one receiver.
 */
describe.each(engines)('device response content by role (%s)', (engine) => {
  let t: TestApp;
  let who: Record<Viewer, PersonRef>;
  let d: DeviceRef;
  let ids: { authB: string; authB2: string; userP: string; userB: string; recR: string; recB: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const f = factories(t.app);
    const [o, b, b2, u, r, n] = await Promise.all([
      f.org({ name: 'Owner O' }),
      f.org({ name: 'Borrower B', custType: CustType.lab }),
      f.org({ name: 'Borrower B2' }),
      f.org({ name: 'Other U' }),
      f.org({ name: 'Receiver R', custType: CustType.lab }),
      f.org({ name: 'Unrelated N' }),
    ]);
    const p = await f.user(u);
    await f.membership(p, o);
    const bMember = await f.user(b);
    d = await f.device(o);
    const until = new Date(Date.now() + 20 * 86400_000);
    ids = {
      authB: await f.lending(d, b, { expiresAt: until }),
      authB2: await f.lending(d, b2),
      userP: await f.deviceUser(d, p, { endsAt: new Date(Date.now() + 3 * 86400_000) }),
      userB: await f.deviceUser(d, bMember, { by: b.owner }),
      recR: await f.receiver(d, r),
      recB: await f.receiver(d, b, { by: b.owner, caseType: 1, expiresAt: until }),
    };
    who = { owner: o.owner, borrower: b.owner, deviceUser: p, receiver: r.owner, unrelated: n.owner };
  });
  afterAll(() => t.close());

  const listRows = async (v: Viewer, path: string) => {
    const res = await who[v].call('POST', `/api2/device/scan/${path}`, {});
    expect(res.status).toBe(200);
    return res.body.data.records as any[];
  };

  it('device lists: which rows, which role and actions, which authorizations', async () => {
    const expected: Record<Viewer, { auths: boolean; manageable: boolean; usable: boolean; role?: string }> =
      {
        owner: { auths: true, manageable: true, usable: true, role: 'owner' },
        borrower: { auths: true, manageable: false, usable: true, role: 'authorized' },
        deviceUser: { auths: true, manageable: false, usable: true, role: 'user' },
        receiver: { auths: true, manageable: false, usable: false, role: 'receiver' },
        unrelated: { auths: false, manageable: false, usable: false },
      };
    const got: Record<string, unknown> = {};
    for (const v of VIEWERS) {
      const auths = await listRows(v, 'auths');
      const manageable = await listRows(v, 'manageable');
      const usable = await listRows(v, 'usable');
      got[v] = {
        auths: auths.length === 1,
        manageable: manageable.length === 1,
        usable: usable.length === 1,
        ...(auths[0] ? { role: auths[0].role } : {}),
      };
      for (const rows of [auths, manageable, usable])
        expect(rows.every((row) => row.id === d.deviceId)).toBe(true);
    }
    expect(got).toEqual(expected);
  });

  it('device rows: actions, authorizations and own expiry per role (lists and detail agree)', async () => {
    const actions: Record<Viewer, string[] | null> = {
      // Lent: the owner may only change the authorization time or recall it (product §4), or lend to others.
      owner: ['authorize', 'authorizations', 'detail'],
      borrower: ['receivers', 'authorizations', 'users', 'detail'],
      deviceUser: ['detail'],
      receiver: ['detail'],
      unrelated: null,
    };
    const auths: Record<Viewer, [string, string[]][] | null> = {
      owner: [
        [ids.authB2, ['changeTime', 'recall']],
        [ids.authB, ['changeTime', 'recall']],
      ],
      borrower: [[ids.authB, []]],
      deviceUser: [],
      receiver: [],
      unrelated: null,
    };
    for (const v of VIEWERS) {
      const detail = await who[v].call('GET', `/api2/device/scan/${d.deviceId}`);
      const [row] = await listRows(v, 'auths');
      if (!actions[v]) {
        expect(detail.body.errorCode).toBe(-3);
        expect(detail.body.data).toEqual({ key: 'device.notFound' });
        expect(row).toBeUndefined();
        continue;
      }
      expect(detail.body.data).toEqual(row);
      expect({ v, actions: row.actions }).toEqual({ v, actions: actions[v] });
      const seen = row.authorizations.map((a: any) => [a.id, a.actions]);
      expect({ v, seen: [...seen].sort() }).toEqual({ v, seen: [...auths[v]!].sort() });
      expect(row.ownerCustName).toBe('Owner O');
    }
    const expiry = async (v: Viewer) => (await listRows(v, 'auths'))[0].expireTime as string;
    expect(await expiry('owner')).toBe('9999/12/31 23:59:59');
    expect(await expiry('receiver')).toBe('9999/12/31 23:59:59');
    // A borrower's row shows its own authorization's end, a device user's its own window's end.
    const borrowerEnd = new Date(`${(await expiry('borrower')).replace(' ', 'T')}Z`).getTime();
    const userEnd = new Date(`${(await expiry('deviceUser')).replace(' ', 'T')}Z`).getTime();
    expect(Math.round((borrowerEnd - Date.now()) / 86400_000)).toBe(20);
    expect(Math.round((userEnd - Date.now()) / 86400_000)).toBe(3);
  });

  it('device users: who sees which entries, with which actions', async () => {
    // Lent: the owner sees every entry but may change none of them (product §4).
    const expected: Record<Viewer, [string, string[]][] | number> = {
      owner: [
        [ids.userB, []],
        [ids.userP, []],
      ],
      borrower: [[ids.userB, ['edit', 'remove']]],
      deviceUser: -1,
      receiver: -1,
      unrelated: -1,
    };
    for (const v of VIEWERS) {
      const res = await who[v].call('GET', `/api2/device/scan/user/${d.deviceId}`);
      const got = res.body.success
        ? res.body.data.map((r: any) => [r.id, r.actions]).sort()
        : res.body.errorCode;
      const want = expected[v];
      expect({ v, got }).toEqual({ v, got: typeof want === 'number' ? want : [...want].sort() });
      if (res.body.success)
        for (const r of res.body.data) {
          expect(Object.keys(r)).not.toContain('email');
          expect(Object.keys(r)).not.toContain('phone');
        }
    }
  });

  it('receivers: who sees them, one row per organization, and showDelete per entry', async () => {
    // Lent: the owner may delete none (product §4); the borrower the entry its account added.
    const expected: Record<Viewer, [string, boolean][] | number> = {
      owner: [
        [ids.recB, false],
        [ids.recR, false],
      ],
      borrower: [
        [ids.recB, true],
        [ids.recR, false],
      ],
      deviceUser: -1,
      receiver: -1,
      unrelated: -1,
    };
    for (const v of VIEWERS) {
      const res = await who[v].call('GET', `/api2/device/scan/receiver/${d.deviceId}`);
      const got = res.body.success
        ? res.body.data.flatMap((r: any) => r.entries.map((e: any) => [e.id, e.showDelete])).sort()
        : res.body.errorCode;
      const want = expected[v];
      expect({ v, got }).toEqual({ v, got: typeof want === 'number' ? want : [...want].sort() });
      if (res.body.success)
        for (const r of res.body.data) expect(r.showDelete).toBe(r.entries.some((e: any) => e.showDelete));
      // Privacy bits 2 and 4 are set on every factory organization: no e-mail or phone of another one
      // (an organization sees its own).
      if (res.body.success)
        for (const r of res.body.data)
          expect(r.email === null && r.phone === null).toBe(r.custId !== who[v].custId);
    }
  });

  it('authorization detail: the granting owner and the holder of that authorization only', async () => {
    const expected: Record<Viewer, { b: number | string[]; b2: number | string[] }> = {
      owner: { b: ['changeTime', 'recall'], b2: ['changeTime', 'recall'] },
      borrower: { b: [], b2: -7 },
      deviceUser: { b: -7, b2: -7 },
      receiver: { b: -7, b2: -7 },
      unrelated: { b: -7, b2: -7 },
    };
    for (const v of VIEWERS) {
      const one = async (id: string) => {
        const res = await who[v].call('GET', `/api2/device/scan/auth/${id}`);
        return res.body.success ? res.body.data.actions : res.body.errorCode;
      };
      expect({ v, b: await one(ids.authB), b2: await one(ids.authB2) }).toEqual({ v, ...expected[v] });
    }
  });
});
