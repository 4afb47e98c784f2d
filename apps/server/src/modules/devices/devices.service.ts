import {
  CaseType,
  CustType,
  DeviceErrors,
  expiryFlag,
  formatExpiry,
  modelOf,
  PERMANENT_DATE,
  type AuthorizationRow,
  type DeviceRole,
  type DeviceRow,
  type bindBody,
  type deviceListBody,
  type resellBody,
  type unbindBody,
  type updateDeviceBody,
} from '@archway/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import { deviceAuths, deviceReceivers, devices, deviceUsers } from './devices.schema.ts';
import { custOf, deviceAudit, guarded, refuse, roleOf, type Scope } from './devices.access.ts';

const ALL_CASE_TYPES = [CaseType.orthodontics, CaseType.implant, CaseType.restoration];

/** A lab is a receiver of its own device for every case type. */
async function makeOwnLabReceiver(
  tx: Tx,
  s: Scope,
  deviceId: string,
  custId: string,
  custType: number | null,
) {
  if (custType !== CustType.lab) return;
  await tx
    .insert(deviceReceivers)
    .values(
      ALL_CASE_TYPES.map((caseType) => ({
        deviceId,
        caseType,
        custId,
        expiresAt: PERMANENT_DATE,
        createdBy: s.actor.userId,
        createdByCustId: custId,
      })),
    )
    .onConflictDoNothing();
}

export async function bind(s: Scope, area: string, input: z.infer<typeof bindBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.bind', serial, async (tx) => {
    if (!input.secret) refuse(DeviceErrors.passwordEmpty);
    const reg = await repo.findRegistry(tx, serial);
    if (!reg) return refuse(DeviceErrors.notFound);
    if (reg.area !== area) refuse(DeviceErrors.notInArea);
    if (reg.bindCode !== input.secret) refuse(DeviceErrors.wrongPassword);
    if (!input.name) refuse(DeviceErrors.nameEmpty);
    const [created] = await tx
      .insert(devices)
      .values({
        serial,
        name: input.name,
        memo: input.memo ?? null,
        encryptType: input.encryptType,
        scanType: input.scanType,
        ownerCustId: custId,
        boundBy: s.actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: devices.id });
    // The unique index on serial decides concurrent binds: exactly one insert wins.
    if (!created) return refuse(DeviceErrors.alreadyRegistered);
    await makeOwnLabReceiver(tx, s, created.id, custId, s.actor.custType);
    await audit(tx, s.ctx, deviceAudit(s, 'device.bind', serial, { deviceId: created.id }));
    return { code: 0 as const, id: created.id };
  });
}

/** The device the caller owns, locked for the change; others' devices answer "not found". */
async function ownedDevice(tx: Tx, s: Scope, serial: string) {
  const device = await repo.findDeviceBySerial(tx, serial, true);
  if (!device) return refuse(DeviceErrors.notFound);
  const role = await roleOf(tx, device, s.actor);
  if (role === 'none') return refuse(DeviceErrors.notFound);
  if (role !== 'owner') return refuse(DeviceErrors.userNotAuthorised);
  return device;
}

function checkSecret(secret: string, bindCode: string) {
  if (!secret) refuse(DeviceErrors.passwordEmpty);
  if (secret !== bindCode) refuse(DeviceErrors.wrongPassword);
}

export async function unbind(s: Scope, input: z.infer<typeof unbindBody>) {
  custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.unbind', serial, async (tx) => {
    const device = await ownedDevice(tx, s, serial);
    checkSecret(input.secret, (await repo.findRegistry(tx, serial))!.bindCode);
    if (await repo.hasActiveAuth(tx, device.id)) refuse(DeviceErrors.authorizedCannotUnbind);
    await tx.delete(devices).where(eq(devices.id, device.id));
    await audit(tx, s.ctx, deviceAudit(s, 'device.unbind', serial));
    return { code: 0 as const };
  });
}

export async function resell(s: Scope, input: z.infer<typeof resellBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.resell', serial, async (tx) => {
    const device = await ownedDevice(tx, s, serial);
    checkSecret(input.secret, (await repo.findRegistry(tx, serial))!.bindCode);
    const target = await repo.findCustomer(tx, input.custId);
    if (!target || target.id === custId) return refuse(DeviceErrors.parameter);
    // Ownership moves at once: the old owner's lending, users and routing go with it.
    const now = new Date();
    await tx
      .update(deviceAuths)
      .set({ status: 'recalled', updatedAt: now })
      .where(eq(deviceAuths.deviceId, device.id));
    await tx.delete(deviceUsers).where(eq(deviceUsers.deviceId, device.id));
    await tx.delete(deviceReceivers).where(eq(deviceReceivers.deviceId, device.id));
    await tx
      .update(devices)
      .set({ ownerCustId: target.id, activatedAt: now })
      .where(eq(devices.id, device.id));
    await makeOwnLabReceiver(tx, s, device.id, target.id, target.custType);
    await audit(tx, s.ctx, deviceAudit(s, 'device.resell', serial, { from: custId, to: target.id }));
    return { code: 0 as const };
  });
}

export async function update(s: Scope, input: z.infer<typeof updateDeviceBody>) {
  custOf(s.actor);
  return guarded(s, 'device.update', null, async (tx) => {
    const found = await repo.findDeviceById(tx, input.id, true);
    if (!found) return refuse(DeviceErrors.notFound);
    const device = await ownedDevice(tx, s, found.serial);
    if (!input.name) refuse(DeviceErrors.nameEmpty);
    await tx
      .update(devices)
      .set({
        name: input.name,
        memo: input.memo ?? null,
        encryptType: input.encryptType,
        scanType: input.scanType,
      })
      .where(eq(devices.id, device.id));
    await audit(tx, s.ctx, deviceAudit(s, 'device.update', device.serial));
    return { code: 0 as const };
  });
}

// ---- reading ----------------------------------------------------------------

export function presentAuth(
  r: Awaited<ReturnType<typeof repo.authorizationsOf>>[number],
  now = new Date(),
): AuthorizationRow {
  const status = r.auth.status === 'active' && r.auth.expiresAt <= now ? 'expired' : r.auth.status;
  return {
    id: r.auth.id,
    deviceId: r.auth.deviceId,
    number: r.serial,
    custId: r.auth.custId,
    custName: r.custName,
    fromCustId: r.auth.fromCustId,
    fromCustName: r.fromCustName,
    expireTime: formatExpiry(r.auth.expiresAt)!,
    status,
    flag: status === 'active' ? expiryFlag(r.auth.expiresAt, now) : 'expired',
    createdBy: r.auth.createdBy,
    createdAt: r.auth.createdAt.toISOString(),
    actions: [],
  };
}

async function present(
  db: Db,
  s: Scope,
  rows: { device: repo.DeviceRecord; ownerName: string }[],
): Promise<DeviceRow[]> {
  const now = new Date();
  const custId = s.actor.custId!;
  const auths = await repo.authorizationsOf(
    db,
    rows.map((r) => r.device.id),
  );
  return Promise.all(
    rows.map(async ({ device, ownerName }) => {
      const role: DeviceRole = await roleOf(db, device, s.actor, now);
      // The owner sees every authorization of its device; others only their own.
      const mine = auths
        .filter((a) => a.auth.deviceId === device.id && (role === 'owner' || a.auth.custId === custId))
        .map((a) => presentAuth(a, now));
      const own = mine.find((a) => a.custId === custId && a.status === 'active');
      const expiresAt =
        role === 'authorized' && own ? new Date(`${own.expireTime.replace(' ', 'T')}Z`) : PERMANENT_DATE;
      return {
        id: device.id,
        number: device.serial,
        name: device.name,
        model: modelOf(device.serial),
        memo: device.memo,
        encryptType: device.encryptType,
        scanType: device.scanType,
        activationTime: formatExpiry(device.activatedAt)!,
        ownerCustId: device.ownerCustId,
        ownerCustName: ownerName,
        role,
        expireTime: formatExpiry(expiresAt)!,
        flag: expiryFlag(expiresAt, now),
        authorizations: mine,
        actions: [],
      };
    }),
  );
}

export async function list(s: Scope, scope: repo.DeviceScope, input: z.infer<typeof deviceListBody>) {
  const custId = custOf(s.actor);
  const { total, rows } = await repo.listDevices(
    s.db,
    and(
      repo.scopeCondition(scope, custId, s.actor.userId),
      input.lent ? repo.lentCondition(input.lent, custId) : undefined,
    )!,
    input.keyword,
    input,
  );
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, `device.list.${scope}`, ''),
    objectId: null,
    detail: { count: rows.length },
  });
  return {
    records: await present(s.db, s, rows),
    totalRecords: total,
    pageSize: input.pageSize,
    pageIndex: input.pageIndex,
  };
}

export async function detail(s: Scope, id: string) {
  custOf(s.actor);
  const row = await repo.deviceWithOwner(s.db, id);
  const visible = row && (await roleOf(s.db, row.device, s.actor)) !== 'none';
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.read', row?.device.serial ?? id),
    outcome: visible ? 'allowed' : 'refused',
  });
  if (!row || !visible) return refuse(DeviceErrors.notFound);
  return (await present(s.db, s, [row]))[0]!;
}
