import {
  AuthoriseErrors,
  ExtendErrors,
  FrequencyError,
  RecycleErrors,
  resolveExpiry,
  type authorizeBody,
  type batchAuthTimeBody,
  type editAuthBody,
  type recallAuthBody,
} from '@archway/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import { deviceAuths } from './devices.schema.ts';
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
import { presentAuth } from './devices.service.ts';

/** More authorization changes than this on one device within a minute answer -228. */
export const AUTH_FREQUENCY = { max: 20, windowMs: 60_000 } as const;

async function checkFrequency(tx: Tx, serial: string) {
  if (
    (await repo.recentDeviceActions(tx, serial, new Date(Date.now() - AUTH_FREQUENCY.windowMs))) >=
    AUTH_FREQUENCY.max
  ) {
    refuse(FrequencyError);
  }
}

export async function authorize(s: Scope, input: z.infer<typeof authorizeBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.auth', serial, async (tx) => {
    const device = await repo.findDeviceBySerial(tx, serial, true);
    if (!device) return refuse(AuthoriseErrors.numberError);
    const role = await roleOf(tx, device, s.actor);
    if (role === 'none') return refuse(AuthoriseErrors.numberError);
    if (role !== 'owner') return refuse(AuthoriseErrors.userNotAuthorised);
    if (!input.secret) refuse(AuthoriseErrors.passwordEmpty);
    if ((await repo.findRegistry(tx, serial))!.bindCode !== input.secret)
      refuse(AuthoriseErrors.wrongPassword);
    const expiresAt = resolveExpiry(input.expireTime, s.tz);
    if (expiresAt.getTime() <= Date.now()) refuse(AuthoriseErrors.parameter);
    await checkFrequency(tx, serial);

    const now = new Date();
    const results: ItemOutcome[] = [];
    for (const target of [...new Set(input.custIds)]) {
      const cust = await repo.findCustomer(tx, target);
      if (!cust) {
        results.push({ item: target, def: AuthoriseErrors.failed });
        continue;
      }
      if (cust.id === custId) {
        results.push({ item: target, def: AuthoriseErrors.parameter });
        continue;
      }
      const previous = await repo.findAuthFor(tx, device.id, cust.id);
      if (previous?.status === 'active' && previous.expiresAt > now) {
        results.push({ item: target, def: AuthoriseErrors.alreadyAuthorised });
        continue;
      }
      if (previous) {
        // A recalled or expired authorization is restored rather than duplicated.
        await tx
          .update(deviceAuths)
          .set({
            status: 'active',
            expiresAt,
            fromCustId: custId,
            createdBy: s.actor.userId,
            updatedAt: now,
          })
          .where(eq(deviceAuths.id, previous.id));
      } else {
        await tx.insert(deviceAuths).values({
          deviceId: device.id,
          custId: cust.id,
          fromCustId: custId,
          createdBy: s.actor.userId,
          expiresAt,
        });
      }
      await audit(tx, s.ctx, deviceAudit(s, 'device.auth', serial, { to: cust.id, restored: !!previous }));
      results.push({ item: target, def: null });
    }
    return settle(results, AuthoriseErrors.allFailed);
  });
}

/** An authorization the caller's organization granted or holds; anything else is "no authorisation found". */
async function visibleAuth(db: Db | Tx, s: Scope, id: string, lock = false) {
  const auth = await repo.findAuth(db, id, lock);
  const custId = s.actor.custId;
  if (!auth || (auth.fromCustId !== custId && auth.custId !== custId)) return undefined;
  return auth;
}

export async function authDetail(s: Scope, id: string) {
  custOf(s.actor);
  const auth = await visibleAuth(s.db, s, id);
  const device = auth && (await repo.findDeviceById(s.db, auth.deviceId));
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.read', device?.serial ?? id),
    outcome: device ? 'allowed' : 'refused',
  });
  if (!auth || !device) return refuse(ExtendErrors.notFound);
  const [row] = (await repo.authorizationsOf(s.db, [auth.deviceId])).filter((r) => r.auth.id === id);
  return presentAuth(row!);
}

/** Change the end of one live authorization the caller granted (the only change the authorizer may make). */
async function extendOne(tx: Tx, s: Scope, id: string, expiresAt: Date): Promise<string> {
  const auth = await visibleAuth(tx, s, id, true);
  if (!auth) return refuse(ExtendErrors.notFound);
  const device = await repo.findDeviceById(tx, auth.deviceId);
  if (!device) return refuse(ExtendErrors.numberError);
  if (auth.fromCustId !== s.actor.custId || device.ownerCustId !== s.actor.custId)
    return refuse(ExtendErrors.editFailed);
  if (auth.status !== 'active' || auth.expiresAt <= new Date())
    return refuse(ExtendErrors.invalidAuthorisation);
  if (expiresAt.getTime() <= Date.now()) return refuse(ExtendErrors.failed);
  await checkFrequency(tx, device.serial);
  await tx.update(deviceAuths).set({ expiresAt, updatedAt: new Date() }).where(eq(deviceAuths.id, auth.id));
  await audit(tx, s.ctx, deviceAudit(s, 'device.auth.extend', device.serial, { auth: auth.id, expiresAt }));
  return device.serial;
}

export async function editAuth(s: Scope, input: z.infer<typeof editAuthBody>) {
  custOf(s.actor);
  return guarded(s, 'device.auth.extend', null, async (tx) => {
    await extendOne(tx, s, input.id, resolveExpiry(input.expireTime, s.tz));
    return { code: 0 as const };
  });
}

/** Bulk extension: each authorization on its own; the call fails only when all of them did. */
export async function batchAuthTime(s: Scope, input: z.infer<typeof batchAuthTimeBody>) {
  custOf(s.actor);
  return guarded(s, 'device.auth.extend', null, async (tx) => {
    const results: ItemOutcome[] = [];
    const expiresAt = resolveExpiry(input.expireTime, s.tz);
    for (const id of [...new Set(input.ids)]) {
      try {
        await tx.transaction((sp) => extendOne(sp, s, id, expiresAt));
        results.push({ item: id, def: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ item: id, def: err.def });
      }
    }
    return settle(results, ExtendErrors.failed);
  });
}

export async function recall(s: Scope, input: z.infer<typeof recallAuthBody>) {
  custOf(s.actor);
  return guarded(s, 'device.auth.recall', null, async (tx) => {
    const auth = await visibleAuth(tx, s, input.id, true);
    if (!auth) return refuse(RecycleErrors.numberError);
    const device = await repo.findDeviceById(tx, auth.deviceId);
    if (!device) return refuse(RecycleErrors.numberError);
    if (auth.fromCustId !== s.actor.custId) return refuse(RecycleErrors.userAndDevice);
    if (device.ownerCustId !== s.actor.custId) return refuse(RecycleErrors.error);
    if (
      input.secret !== undefined &&
      (await repo.findRegistry(tx, device.serial))!.bindCode !== input.secret
    ) {
      refuse(RecycleErrors.wrongPassword);
    }
    if (auth.status === 'recalled') refuse(RecycleErrors.failed);
    if (auth.status === 'expired' || auth.expiresAt <= new Date()) refuse(RecycleErrors.other);
    await checkFrequency(tx, device.serial);
    await tx
      .update(deviceAuths)
      .set({ status: 'recalled', updatedAt: new Date() })
      .where(and(eq(deviceAuths.id, auth.id), eq(deviceAuths.status, 'active')));
    await audit(tx, s.ctx, deviceAudit(s, 'device.auth.recall', device.serial, { auth: auth.id }));
    return { code: 0 as const };
  });
}
