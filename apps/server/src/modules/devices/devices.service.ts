import {
  CaseType,
  CustType,
  DeviceErrors,
  PERMANENT_DATE,
  type DeviceRow,
  type bindBody,
  type deviceListBody,
  type resellBody,
  type unbindBody,
  type updateDeviceBody,
} from '@archway/contract';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.ts';
import { audit, auditRead } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import * as authRepo from './authorizations.repository.ts';
import {
  authorizationActions,
  ownsSerial,
  deviceActions,
  accessOf,
  refuse,
  refuseUnlessOwner,
  refuseWhileLent,
  rolesFor,
} from './devices.access.ts';
import { custOf, deviceAudit, guarded, viewerOf, type Scope } from './devices.scope.ts';
import { presentDevice } from './devices.presenter.ts';
import { tellAfterCommit, tellDevice } from '../notices/device-notices.ts';
import type { NoticeRow } from '../notices/notices.service.ts';

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
  await repo.insertReceivers(
    tx,
    ALL_CASE_TYPES.map((caseType) => ({
      deviceId,
      caseType,
      custId,
      expiresAt: PERMANENT_DATE,
      createdBy: s.actor.userId,
      createdByCustId: custId,
    })),
  );
}

/** Bind a registered device to the caller's organization (the management code counts against guessing). */
export async function bind(s: Scope, area: string, input: z.infer<typeof bindBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  const told: NoticeRow[] = [];
  const result = await guarded(
    s,
    'device.bind',
    serial,
    async (tx) => {
      if (!input.secret) refuse(DeviceErrors.passwordEmpty);
      const reg = await repo.findRegistry(tx, serial);
      if (!reg) return refuse(DeviceErrors.notFound);
      if (reg.area !== area) refuse(DeviceErrors.notInArea);
      if (reg.bindCode !== input.secret) refuse(DeviceErrors.wrongPassword);
      if (!input.name) refuse(DeviceErrors.nameEmpty);
      const created = await repo.insertDevice(tx, {
        serial,
        name: input.name,
        memo: input.memo ?? null,
        encryptType: input.encryptType,
        scanType: input.scanType,
        ownerCustId: custId,
        boundBy: s.actor.userId,
      });
      // The unique index on serial decides concurrent binds: exactly one insert wins.
      if (!created) return refuse(DeviceErrors.alreadyRegistered);
      await makeOwnLabReceiver(tx, s, created.id, custId, s.actor.custType);
      await audit(tx, s.ctx, deviceAudit(s, 'device.bind', serial, { deviceId: created.id }));
      told.push(
        ...(await tellDevice(tx, s.platform, s.actor.userId, {
          kind: 'deviceBound',
          device: { id: created.id, serial, name: input.name },
          fromCustId: custId,
          toCustId: custId,
        })),
      );
      return { code: 0 as const, id: created.id };
    },
    { codeCheck: !!input.secret },
  );
  tellAfterCommit(s.platform, told);
  return result;
}

/**
 * The device the caller owns, locked for the change, with the caller's access; others' devices answer "not found"
 * (devices.access `refuseUnlessOwner`). Whether a lent device may change is each caller's next check.
 */
async function ownedDevice(tx: Tx, s: Scope, serial: string) {
  const device = await repo.findDeviceBySerial(tx, serial, { lock: true });
  if (!device) return refuse(DeviceErrors.notFound);
  const access = await accessOf(tx, device, s.actor);
  refuseUnlessOwner(access);
  return { device, access };
}

async function checkSecret(tx: Tx, secret: string, serial: string) {
  if (!secret) refuse(DeviceErrors.passwordEmpty);
  if (secret !== (await repo.findRegistry(tx, serial))!.bindCode) refuse(DeviceErrors.wrongPassword);
}

export async function unbind(s: Scope, input: z.infer<typeof unbindBody>) {
  custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(
    s,
    'device.unbind',
    serial,
    async (tx) => {
      const { device, access } = await ownedDevice(tx, s, serial);
      await checkSecret(tx, input.secret, serial);
      // Lent: its own documented refusal (§8.5 "cannot unbind during authorization"), after the code.
      refuseWhileLent(access, DeviceErrors.authorizedCannotUnbind);
      await repo.deleteDevice(tx, device.id);
      await audit(tx, s.ctx, deviceAudit(s, 'device.unbind', serial));
      return { code: 0 as const };
    },
    { codeCheck: !!input.secret && (await ownsSerial(s.db, s.actor, serial)) },
  );
}

/**
 * Transfer: ownership moves at once; the sender's users and routing (and past authorizations) go with it. A lent
 * device is not transferred (the borrower's lending would end silently): the owner recalls first.
 */
export async function resell(s: Scope, input: z.infer<typeof resellBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  const told: NoticeRow[] = [];
  const result = await guarded(
    s,
    'device.resell',
    serial,
    async (tx) => {
      const { device, access } = await ownedDevice(tx, s, serial);
      refuseWhileLent(access);
      await checkSecret(tx, input.secret, serial);
      const target = await repo.findCustomer(tx, input.custId);
      if (!target || target.id === custId) return refuse(DeviceErrors.parameter);
      await repo.transferDevice(tx, device.id, target.id, new Date());
      await makeOwnLabReceiver(tx, s, device.id, target.id, target.custType);
      await audit(tx, s.ctx, deviceAudit(s, 'device.resell', serial, { from: custId, to: target.id }));
      told.push(
        ...(await tellDevice(tx, s.platform, s.actor.userId, {
          kind: 'deviceTransferred',
          device: { id: device.id, serial, name: device.name },
          fromCustId: custId,
          toCustId: target.id,
        })),
      );
      return { code: 0 as const };
    },
    { codeCheck: !!input.secret && (await ownsSerial(s.db, s.actor, serial)) },
  );
  tellAfterCommit(s.platform, told);
  return result;
}

export async function update(s: Scope, input: z.infer<typeof updateDeviceBody>) {
  custOf(s.actor);
  return guarded(s, 'device.update', null, async (tx) => {
    const found = await repo.findDeviceById(tx, input.id, { lock: true });
    if (!found) return refuse(DeviceErrors.notFound);
    const { device, access } = await ownedDevice(tx, s, found.serial);
    refuseWhileLent(access);
    if (!input.name) refuse(DeviceErrors.nameEmpty);
    await repo.updateDevice(tx, device.id, {
      name: input.name,
      memo: input.memo ?? null,
      encryptType: input.encryptType,
      scanType: input.scanType,
    });
    await audit(tx, s.ctx, deviceAudit(s, 'device.update', device.serial));
    return { code: 0 as const };
  });
}

// ---- reading ----------------------------------------------------------------

/** Rows with roles (one query) and visible authorizations (one query) → response rows. */
async function present(
  s: Scope,
  rows: { device: repo.DeviceRecord; ownerName: string }[],
): Promise<DeviceRow[]> {
  const now = new Date();
  const viewer = viewerOf(s);
  const devices = rows.map((r) => r.device);
  const [roles, auths] = await Promise.all([
    rolesFor(s.db, s.actor, devices, now),
    authRepo.visibleAuthorizations(
      s.db,
      devices.map((d) => d.id),
      viewer.custId,
    ),
  ]);
  return rows.map(({ device, ownerName }) => {
    const access = roles.get(device.id)!;
    const seen = auths
      .filter((a) => a.deviceId === device.id)
      .map((a) => ({ ...a, actions: authorizationActions(a, device.ownerCustId, viewer, now) }));
    return presentDevice(
      device,
      ownerName,
      {
        role: access.role,
        actions: deviceActions(access),
        auths: seen,
        viewer,
        userEndsAt: access.userEndsAt,
      },
      now,
    );
  });
}

/**
 * A device list: the devices the organization owns (manageable), may use (usable) or relates to in any way
 * (all). Lists are not patient data: no audit row per request.
 */
export async function list(s: Scope, scope: repo.DeviceScope, input: z.infer<typeof deviceListBody>) {
  const custId = custOf(s.actor);
  const { total, rows } = await repo.listDevices(s.db, {
    custId,
    userId: s.actor.userId,
    scope,
    keyword: input.keyword,
    lent: input.lent,
    sorter: input.sorter,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    now: new Date(),
    language: s.actor.language,
  });
  return {
    records: await present(s, rows),
    totalRecords: total,
    pageSize: input.pageSize,
    pageIndex: input.pageIndex,
  };
}

/** One device, for anyone with a role on it (audited); others get "not found". */
export async function detail(s: Scope, id: string) {
  custOf(s.actor);
  const row = await repo.deviceWithOwner(s.db, id);
  const visible = row && deviceActions(await accessOf(s.db, row.device, s.actor)).includes('detail');
  await auditRead(s.db, s.ctx, {
    ...deviceAudit(s, 'device.read', row?.device.serial ?? id),
    outcome: visible ? 'allowed' : 'refused',
  });
  if (!row || !visible) return refuse(DeviceErrors.notFound);
  return (await present(s, [row]))[0]!;
}
