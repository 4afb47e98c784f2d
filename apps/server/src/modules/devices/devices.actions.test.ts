import { afterAll, beforeAll, describe } from 'vitest';
import {
  CustType,
  type AuthorizationAction,
  type AuthorizationRow,
  type DeviceAction,
  type DeviceRow,
  type DeviceUserAction,
  type DeviceUserRow,
  type ReceiverEntry,
} from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type DeviceRef, type PersonRef } from '../../testing/factories.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import type { Caller } from '../../testing/api.ts';

/**
 * The generic offered-vs-refused test (issue 31) for every devices row that carries actions: device rows, their
 * authorizations, device users and receiver entries. What a row offers (devices.access decides) must succeed for
 * that caller; everything else must be refused with a catalogue code.
 *
 * Each world: Clinic owns two devices. 'lent' is lent to Lab (live), has a device user Tech (Tech's token speaks
 * for Dist, it is also a Clinic member) and a receiver Rec added by Clinic, plus a device user and a receiver
 * Partner that Lab added, and Clinic's device user Lab nurse (a member of both: the borrower sees that entry). 'free' is not lent (Lab's authorization was recalled), with the same Tech and Rec.
 * Roles: Clinic's owner and a plain Clinic member, Lab (borrower), Tech (device user), Rec (receiver), a
 * stranger organization, the platform administrator (no organization).
 */
interface World {
  clinic: PersonRef;
  clinicMember: PersonRef;
  lab: PersonRef;
  tech: PersonRef;
  rec: PersonRef;
  stranger: PersonRef;
  admin: PersonRef;
  /** An organization nobody relates to yet: the target of lending, transfer and new receivers. */
  partnerCustId: string;
  devices: Record<'lent' | 'free', DeviceRef & { authId: string }>;
  /** custId or userId → the name labels use. */
  names: Map<string, string>;
}

let t: TestApp;

async function world(): Promise<World> {
  const f = factories(t.app);
  const [clinic, lab, dist, rec, stranger, partner] = await Promise.all([
    f.org({ custType: CustType.clinic }),
    f.org({ custType: CustType.lab }),
    f.org({ custType: CustType.distributor }),
    f.org({ custType: CustType.lab }),
    f.org(),
    f.org({ custType: CustType.lab }),
  ]);
  const [tech, clinicMember, labMember, labNurse, admin] = await Promise.all([
    f.user(dist),
    f.user(clinic),
    f.user(lab),
    f.user(lab),
    platformAdmin(t.app),
  ]);
  await f.membership(tech, clinic);
  await f.membership(labNurse, clinic);
  const lent = await f.device(clinic, { name: 'lent' });
  const free = await f.device(clinic, { name: 'free' });
  const lentAuth = await f.lending(lent, lab);
  const freeAuth = await f.lending(free, lab, { status: 'recalled' });
  for (const d of [lent, free]) {
    await f.deviceUser(d, tech);
    await f.receiver(d, rec);
  }
  await f.deviceUser(lent, labMember, { by: lab.owner });
  // Clinic's entry naming a Lab member: the borrower sees it, and may not change it.
  await f.deviceUser(lent, labNurse);
  await f.receiver(lent, partner, { by: lab.owner, caseType: 1 });
  return {
    clinic: clinic.owner,
    clinicMember,
    lab: lab.owner,
    tech,
    rec: rec.owner,
    stranger: stranger.owner,
    admin,
    partnerCustId: partner.custId,
    devices: { lent: { ...lent, authId: lentAuth }, free: { ...free, authId: freeAuth } },
    names: new Map([
      [clinic.custId, 'Clinic'],
      [lab.custId, 'Lab'],
      [rec.custId, 'Rec'],
      [partner.custId, 'Partner'],
      [tech.userId, 'Tech'],
      [labMember.userId, 'Lab member'],
      [labNurse.userId, 'Lab nurse'],
    ]),
  };
}

const roles = {
  owner: (w: World) => w.clinic,
  member: (w: World) => w.clinicMember,
  borrower: (w: World) => w.lab,
  user: (w: World) => w.tech,
  receiver: (w: World) => w.rec,
  stranger: (w: World) => w.stranger,
  admin: (w: World) => w.admin,
};

const data = async (p: Promise<{ status: number; body: any }>) => {
  const res = await p;
  return res.body.success ? res.body.data : undefined;
};
/** The devices a caller sees (every list: owned, borrowed, used, received). */
const devicesSeen = async (who: Caller): Promise<DeviceRow[]> =>
  (await data(who.call('POST', '/api2/device/scan/auths', {})))?.records ?? [];
const deviceOf = (w: World, row: { deviceId: string }) =>
  Object.values(w.devices).find((d) => d.deviceId === row.deviceId)!;
/** 'lent' or 'free'. */
const deviceName = (w: World, row: { deviceId: string }) =>
  Object.entries(w.devices).find(([, d]) => d.deviceId === row.deviceId)![0];
const nameOf = (w: World, id: string) => w.names.get(id) ?? id;

describe('devices: every action a row offers succeeds, every other is refused', () => {
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  describe('device rows', () => {
    offeredActionTests<World, DeviceRow, DeviceAction>({
      world,
      roles,
      rows: (_w, who) => devicesSeen(who),
      label: (row) => row.name,
      actions: ['receivers', 'authorize', 'authorizations', 'users', 'detail', 'edit', 'transfer', 'unbind'],
      offered: (row) => row.actions,
      viewOf: { stranger: 'owner', admin: 'owner' },
      call: {
        receivers: (row, who, w) =>
          who.call('POST', '/api2/device/scan/receiver', {
            number: row.number,
            caseType: [2],
            custId: w.partnerCustId,
          }),
        authorize: (row, who, w) =>
          who.call('POST', '/api2/device/scan/auth', {
            number: row.number,
            secret: deviceOf(w, { deviceId: row.id }).bindCode,
            custIds: [w.partnerCustId],
            expireTime: '1y',
          }),
        // The authorizations dialog reads them; a role without the action reads none.
        authorizations: (row, who, w) =>
          who.call('GET', `/api2/device/scan/auth/${deviceOf(w, { deviceId: row.id }).authId}`),
        users: (row, who) =>
          who.call('POST', '/api2/device/scan/v2/user', {
            number: row.number,
            users: [who.username],
            endTime: '1y',
          }),
        detail: (row, who) => who.call('GET', `/api2/device/scan/${row.id}`),
        edit: (row, who) =>
          who.call('PUT', '/api2/device/scan', {
            id: row.id,
            name: 'Renamed',
            encryptType: 1,
            scanType: 'ply',
          }),
        transfer: (row, who, w) =>
          who.call('POST', '/api2/device/scan/resell', {
            number: row.number,
            secret: deviceOf(w, { deviceId: row.id }).bindCode,
            custId: w.partnerCustId,
          }),
        unbind: (row, who, w) =>
          who.call('POST', '/api2/device/scan/unregist', {
            number: row.number,
            secret: deviceOf(w, { deviceId: row.id }).bindCode,
          }),
      },
    });
  });

  describe('authorization rows', () => {
    offeredActionTests<World, AuthorizationRow, AuthorizationAction>({
      world,
      roles,
      rows: async (_w, who) => {
        const rows: AuthorizationRow[] = [];
        for (const d of await devicesSeen(who))
          rows.push(...(await data(who.call('GET', `/api2/device/scan/${d.id}`))).authorizations);
        return rows;
      },
      label: (row, w) => `${deviceName(w, row)}: to ${nameOf(w, row.custId)}`,
      actions: ['changeTime', 'recall', 'restore'],
      offered: (row) => row.actions,
      // Device users and receivers see no authorization; they act on the owner's.
      viewOf: { user: 'owner', receiver: 'owner', stranger: 'owner', admin: 'owner' },
      call: {
        changeTime: (row, who) =>
          who.call('PUT', '/api2/device/scan/auth', { id: row.id, expireTime: '2090-01-01' }),
        recall: (row, who, w) =>
          who.call('DELETE', '/api2/device/scan/auth', { id: row.id, secret: deviceOf(w, row).bindCode }),
        restore: (row, who, w) =>
          who.call('POST', '/api2/device/scan/auth', {
            number: row.number,
            secret: deviceOf(w, row).bindCode,
            custIds: [row.custId],
            expireTime: '1y',
          }),
      },
    });
  });

  describe('device-user rows', () => {
    offeredActionTests<World, DeviceUserRow, DeviceUserAction>({
      world,
      roles,
      rows: async (_w, who) => {
        const rows: DeviceUserRow[] = [];
        for (const d of await devicesSeen(who))
          rows.push(...((await data(who.call('GET', `/api2/device/scan/user/${d.id}`))) ?? []));
        return rows;
      },
      label: (row, w) => `${deviceName(w, row)}: ${nameOf(w, row.userId)}`,
      actions: ['edit', 'remove'],
      offered: (row) => row.actions,
      viewOf: { user: 'owner', receiver: 'owner', stranger: 'owner', admin: 'owner' },
      call: {
        edit: (row, who) =>
          who.call('PUT', '/api2/device/scan/v2/user', { id: row.id, endTime: '2090-01-01' }),
        remove: (row, who) => who.call('DELETE', `/api2/device/scan/user/${row.id}`),
      },
    });
  });

  type Entry = ReceiverEntry & { deviceId: string; number: string; custId: string };
  describe('receiver entries', () => {
    offeredActionTests<World, Entry, 'delete'>({
      world,
      roles,
      rows: async (_w, who) => {
        const rows: Entry[] = [];
        for (const d of await devicesSeen(who)) {
          const receivers = (await data(who.call('GET', `/api2/device/scan/receiver/${d.id}`))) ?? [];
          for (const r of receivers as { custId: string; entries: ReceiverEntry[] }[])
            rows.push(
              ...r.entries.map((e) => ({ ...e, deviceId: d.id, number: d.number, custId: r.custId })),
            );
        }
        return rows;
      },
      label: (row, w) => `${deviceName(w, row)}: ${nameOf(w, row.custId)} for ${row.caseType}`,
      actions: ['delete'],
      offered: (row) => (row.showDelete ? ['delete'] : []),
      viewOf: { user: 'owner', receiver: 'owner', stranger: 'owner', admin: 'owner' },
      call: {
        delete: (row, who) =>
          who.call('DELETE', '/api2/device/scan/receiver', {
            number: row.number,
            custId: row.custId,
            deleteid: [row.id],
          }),
      },
    });
  });
});
