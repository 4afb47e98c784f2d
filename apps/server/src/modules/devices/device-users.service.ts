import {
  DeviceUserAddErrors,
  DeviceUserDeleteErrors,
  expiryFlag,
  formatExpiry,
  resolveExpiry,
  type addDeviceUserBody,
  type DeviceUserRow,
  type editDeviceUserBody,
  type ErrorDef,
} from '@archway/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import { deviceUsers } from './devices.schema.ts';
import {
  custOf,
  deviceAudit,
  guarded,
  refuse,
  roleOf,
  settle,
  type ItemOutcome,
  type Scope,
} from './devices.access.ts';

/** Owner and authorized organizations add people who may use the device. */
const MANAGERS = new Set(['owner', 'authorized']);

export async function listDeviceUsers(s: Scope, deviceId: string): Promise<DeviceUserRow[]> {
  custOf(s.actor);
  const device = await repo.findDeviceById(s.db, deviceId);
  const role = device ? await roleOf(s.db, device, s.actor) : 'none';
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.users.read', device?.serial ?? deviceId),
    outcome: MANAGERS.has(role) ? 'allowed' : 'refused',
  });
  if (!device || !MANAGERS.has(role)) return refuse(DeviceUserAddErrors.numberError);
  // The owner sees everyone; an authorized organization sees the people it added.
  const rows = await repo.deviceUsersOf(s.db, device.id, role === 'owner' ? undefined : s.actor.custId!);
  const now = new Date();
  return rows.map(({ row, username, custName }) => ({
    id: row.id,
    deviceId: row.deviceId,
    userId: row.userId,
    username,
    custName,
    startTime: formatExpiry(row.startsAt)!,
    endTime: formatExpiry(row.endsAt)!,
    flag: expiryFlag(row.endsAt, now),
    createdBy: row.createdBy,
    showDelete: role === 'owner' || row.createdBy === s.actor.userId,
    actions: role === 'owner' || row.createdBy === s.actor.userId ? ['edit', 'remove'] : [],
  }));
}

export async function addDeviceUsers(s: Scope, input: z.infer<typeof addDeviceUserBody>) {
  custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.users.add', serial || null, async (tx) => {
    if (!serial) return refuse(DeviceUserAddErrors.deviceEmpty);
    const device = await repo.findDeviceBySerial(tx, serial, true);
    const role = device ? await roleOf(tx, device, s.actor) : 'none';
    if (!device || !MANAGERS.has(role)) return refuse(DeviceUserAddErrors.numberError);
    const startsAt = input.startTime ? resolveExpiry(input.startTime, s.tz) : new Date();
    const endsAt = resolveExpiry(input.endTime, s.tz);
    if (endsAt.getTime() <= Date.now()) return refuse(DeviceUserAddErrors.expired);
    if (endsAt <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    const results: ItemOutcome[] = [];
    for (const login of [...new Set(input.users)]) {
      const user = await repo.findUserByLogin(tx, login);
      if (!user) {
        results.push({ item: login, def: DeviceUserAddErrors.addError });
        continue;
      }
      const [added] = await tx
        .insert(deviceUsers)
        .values({
          deviceId: device.id,
          userId: user.id,
          startsAt,
          endsAt,
          createdBy: s.actor.userId,
          createdByCustId: s.actor.custId,
        })
        .onConflictDoNothing()
        .returning({ id: deviceUsers.id });
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

/** Only the account that added the person may change or remove the entry. */
async function ownEntry(s: Scope, tx: Tx, id: string, notFound: ErrorDef, notMine: ErrorDef) {
  const entry = await repo.findDeviceUser(tx, id);
  const device = entry && (await repo.findDeviceById(tx, entry.deviceId));
  const role = device ? await roleOf(tx, device, s.actor) : 'none';
  if (!entry || !device || role === 'none') return refuse(notFound);
  if (entry.createdBy !== s.actor.userId) return refuse(notMine);
  return { entry, device };
}

export async function editDeviceUser(s: Scope, input: z.infer<typeof editDeviceUserBody>) {
  custOf(s.actor);
  return guarded(s, 'device.users.edit', null, async (tx) => {
    const { entry, device } = await ownEntry(
      s,
      tx,
      input.id,
      DeviceUserAddErrors.invalidParameters,
      DeviceUserDeleteErrors.failed,
    );
    const startsAt = input.startTime ? resolveExpiry(input.startTime, s.tz) : entry.startsAt;
    const endsAt = resolveExpiry(input.endTime, s.tz);
    if (endsAt.getTime() <= Date.now()) return refuse(DeviceUserAddErrors.expired);
    if (endsAt <= startsAt) return refuse(DeviceUserAddErrors.invalidParameters);
    await tx.update(deviceUsers).set({ startsAt, endsAt }).where(eq(deviceUsers.id, entry.id));
    await audit(tx, s.ctx, deviceAudit(s, 'device.users.edit', device.serial, { userId: entry.userId }));
    return { code: 0 as const };
  });
}

export async function deleteDeviceUser(s: Scope, id: string) {
  custOf(s.actor);
  return guarded(s, 'device.users.delete', null, async (tx) => {
    const { entry, device } = await ownEntry(
      s,
      tx,
      id,
      DeviceUserDeleteErrors.invalidUser,
      DeviceUserDeleteErrors.failed,
    );
    await tx.delete(deviceUsers).where(eq(deviceUsers.id, entry.id));
    await audit(tx, s.ctx, deviceAudit(s, 'device.users.delete', device.serial, { userId: entry.userId }));
    return { code: 0 as const };
  });
}
