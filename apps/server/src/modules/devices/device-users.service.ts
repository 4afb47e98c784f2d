import {
  DeviceUserAddErrors,
  DeviceUserDeleteErrors,
  resolveExpiry,
  type addDeviceUserBody,
  type DeviceRole,
  type DeviceUserRow,
  type editDeviceUserBody,
  type ErrorDef,
} from '@archway/contract';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import * as authRepo from './authorizations.repository.ts';
import * as usersRepo from './device-users.repository.ts';
import {
  deviceUserActions,
  deviceUsersSeenBy,
  accessOf,
  MANAGERS,
  refuse,
  refuseWhileLent,
  NO_ACCESS,
} from './devices.access.ts';
import {
  custOf,
  deviceAudit,
  guarded,
  settle,
  viewerOf,
  type ItemOutcome,
  type Scope,
} from './devices.scope.ts';
import { presentDeviceUser } from './devices.presenter.ts';

/**
 * The people who may use a device. The owner sees every live entry; an authorized organization sees the
 * entries it added and those naming its own members — never the owner's or another borrower's people.
 */
export async function listDeviceUsers(s: Scope, deviceId: string): Promise<DeviceUserRow[]> {
  const viewer = viewerOf(s);
  const device = await repo.findDeviceById(s.db, deviceId);
  const access = device ? await accessOf(s.db, device, s.actor) : NO_ACCESS;
  const { role } = access;
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.users.read', device?.serial ?? deviceId),
    outcome: MANAGERS.has(role) ? 'allowed' : 'refused',
  });
  if (!device || !MANAGERS.has(role)) return refuse(DeviceUserAddErrors.numberError);
  const now = new Date();
  const rows = await usersRepo.deviceUsersOf(s.db, device.id, now, deviceUsersSeenBy(access, viewer));
  return rows.map((r) => presentDeviceUser(r, deviceUserActions(r, access, viewer), viewer, now));
}

/**
 * A borrower gives nobody a window longer than its own: the end is clamped to its authorization's end.
 * The owner's windows are as asked.
 */
async function windowEnd(tx: Tx, s: Scope, deviceId: string, role: DeviceRole, asked: Date) {
  if (role === 'owner') return asked;
  const auth = await authRepo.liveAuthFor(tx, deviceId, s.actor.custId!, new Date());
  if (!auth) return refuse(DeviceUserAddErrors.numberError);
  return auth.expiresAt < asked ? auth.expiresAt : asked;
}

/** Add people of the caller's own organization (by username or e-mail) with a validity window. */
export async function addDeviceUsers(s: Scope, input: z.infer<typeof addDeviceUserBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.users.add', serial || null, async (tx) => {
    if (!serial) return refuse(DeviceUserAddErrors.deviceEmpty);
    const device = await repo.findDeviceBySerial(tx, serial, { lock: true });
    const access = device ? await accessOf(tx, device, s.actor) : NO_ACCESS;
    const role = access.role;
    if (!device || !MANAGERS.has(role)) return refuse(DeviceUserAddErrors.numberError);
    refuseWhileLent(access);
    const startsAt = input.startTime ? resolveExpiry(input.startTime, s.tz) : new Date();
    const asked = resolveExpiry(input.endTime, s.tz);
    if (asked.getTime() <= Date.now()) return refuse(DeviceUserAddErrors.expired);
    if (asked <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    const endsAt = await windowEnd(tx, s, device.id, role, asked);
    if (endsAt <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    const results: ItemOutcome[] = [];
    for (const login of [...new Set(input.users)]) {
      // Only members of the caller's organization; any other name answers like one that does not exist.
      const user = await usersRepo.findMemberByLogin(tx, custId, login);
      if (!user) {
        results.push({ item: login, def: DeviceUserAddErrors.addError });
        continue;
      }
      const added = await usersRepo.insertDeviceUser(tx, {
        deviceId: device.id,
        userId: user.id,
        startsAt,
        endsAt,
        createdBy: s.actor.userId,
        createdByCustId: custId,
      });
      if (!added) {
        results.push({ item: login, def: DeviceUserAddErrors.alreadyAdded });
        continue;
      }
      await audit(tx, s.ctx, deviceAudit(s, 'device.users.add', serial, { userId: user.id }));
      results.push({ item: login, def: null });
    }
    return settle(results, DeviceUserAddErrors.allFailed);
  });
}

/**
 * The entry, if the caller may change it: the device's owner may change or remove any entry on its own
 * device (not while it is lent: -13); otherwise only the account that added it (and only while its
 * organization manages the device).
 */
async function changeableEntry(s: Scope, tx: Tx, id: string, notFound: ErrorDef, notMine: ErrorDef) {
  const entry = await usersRepo.findDeviceUser(tx, id);
  const device = entry && (await repo.findDeviceById(tx, entry.deviceId, { lock: true }));
  const access = device ? await accessOf(tx, device, s.actor) : NO_ACCESS;
  const role = access.role;
  if (!entry || !device || role === 'none') return refuse(notFound);
  refuseWhileLent(access);
  if (!deviceUserActions(entry, access, viewerOf(s)).includes('remove')) return refuse(notMine);
  return { entry, device, role };
}

export async function editDeviceUser(s: Scope, input: z.infer<typeof editDeviceUserBody>) {
  custOf(s.actor);
  return guarded(s, 'device.users.edit', null, async (tx) => {
    const { entry, device, role } = await changeableEntry(
      s,
      tx,
      input.id,
      DeviceUserAddErrors.invalidParameters,
      DeviceUserDeleteErrors.failed,
    );
    const startsAt = input.startTime ? resolveExpiry(input.startTime, s.tz) : entry.startsAt;
    const asked = resolveExpiry(input.endTime, s.tz);
    if (asked.getTime() <= Date.now()) return refuse(DeviceUserAddErrors.expired);
    if (asked <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    const endsAt = await windowEnd(tx, s, device.id, role, asked);
    if (endsAt <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    await usersRepo.setDeviceUserWindow(tx, entry.id, startsAt, endsAt);
    await audit(tx, s.ctx, deviceAudit(s, 'device.users.edit', device.serial, { userId: entry.userId }));
    return { code: 0 as const };
  });
}

export async function deleteDeviceUser(s: Scope, id: string) {
  custOf(s.actor);
  return guarded(s, 'device.users.delete', null, async (tx) => {
    const { entry, device } = await changeableEntry(
      s,
      tx,
      id,
      DeviceUserDeleteErrors.invalidUser,
      DeviceUserDeleteErrors.failed,
    );
    await usersRepo.deleteDeviceUser(tx, entry.id);
    await audit(tx, s.ctx, deviceAudit(s, 'device.users.delete', device.serial, { userId: entry.userId }));
    return { code: 0 as const };
  });
}

/**
 * A membership ended (orgs/members.service.ts `removeMember`): the device-user windows the organization gave the
 * person end with it. Registered with orgs at start (devices.routes.ts), as orgs cannot call devices.
 */
export const endWindowsOfMembership = (db: Queryable, userId: string, custId: string) =>
  usersRepo.deleteWindowsGrantedBy(db, userId, custId);
