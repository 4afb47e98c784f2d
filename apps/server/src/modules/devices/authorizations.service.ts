import {
  AuthoriseErrors,
  ExtendErrors,
  RecycleErrors,
  resolveExpiry,
  type authorizeBody,
  type batchAuthTimeBody,
  type editAuthBody,
  type recallAuthBody,
} from '@archway/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, auditRead } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import type { Lookup } from './devices.repository.ts';
import * as authRepo from './authorizations.repository.ts';
import {
  accessOf,
  changeTimeRefusal,
  ownsSerial,
  authorizationActions,
  refuse,
  refuseUnlessOwner,
  seesAuthorization,
} from './devices.access.ts';
import {
  checkFrequency,
  countChange,
  custOf,
  deviceAudit,
  guarded,
  settle,
  viewerOf,
  type ItemOutcome,
  type Scope,
} from './devices.scope.ts';
import { presentAuth } from './devices.presenter.ts';
import { tellAfterCommit, tellDevice } from '../notices/device-notices.ts';
import type { NoticeRow } from '../notices/notices.service.ts';

export { AUTH_FREQUENCY } from './devices.scope.ts';

/** Lend a device to organizations until a time; a recalled or expired authorization is restored. */
export async function authorize(s: Scope, input: z.infer<typeof authorizeBody>) {
  const custId = custOf(s.actor);
  const serial = input.number.toUpperCase();
  const told: NoticeRow[] = [];
  const result = await guarded(
    s,
    'device.auth',
    serial,
    async (tx) => {
      const device = await repo.findDeviceBySerial(tx, serial, { lock: true });
      if (!device) return refuse(AuthoriseErrors.numberError);
      // Lending (also to further organizations while lent, and restoring a row) is the owner's: deviceActions 'authorize'.
      refuseUnlessOwner(await accessOf(tx, device, s.actor), {
        notFound: AuthoriseErrors.numberError,
        notOwner: AuthoriseErrors.userNotAuthorised,
      });
      if (!input.secret) refuse(AuthoriseErrors.passwordEmpty);
      if ((await repo.findRegistry(tx, serial))!.bindCode !== input.secret)
        refuse(AuthoriseErrors.wrongPassword);
      const expiresAt = resolveExpiry(input.expireTime, s.tz);
      if (expiresAt.getTime() <= Date.now()) refuse(AuthoriseErrors.parameter);
      await checkFrequency(tx, device.id, 'auth', custId);

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
        const previous = await authRepo.findAuthFor(tx, device.id, cust.id);
        if (previous?.status === 'active' && previous.expiresAt > now) {
          results.push({ item: target, def: AuthoriseErrors.alreadyAuthorised });
          continue;
        }
        if (previous?.status === 'active') {
          // Past its time but not yet swept: end it completely first, then restore.
          await authRepo.endLending(tx, device.id, cust.id);
        }
        if (previous) {
          await authRepo.restoreAuth(tx, previous.id, {
            expiresAt,
            fromCustId: custId,
            createdBy: s.actor.userId,
            now,
          });
        } else {
          await authRepo.insertAuth(tx, {
            deviceId: device.id,
            custId: cust.id,
            fromCustId: custId,
            createdBy: s.actor.userId,
            expiresAt,
          });
        }
        await audit(tx, s.ctx, deviceAudit(s, 'device.auth', serial, { to: cust.id, restored: !!previous }));
        told.push(
          ...(await tellDevice(tx, s.platform, s.actor.userId, {
            kind: 'deviceLent',
            device: { id: device.id, serial: device.serial, name: device.name },
            fromCustId: custId,
            toCustId: cust.id,
            authId: previous?.id,
            expiresAt,
          })),
        );
        results.push({ item: target, def: null });
      }
      const outcome = settle(results, AuthoriseErrors.allFailed);
      await countChange(tx, device.id, 'auth', custId);
      return outcome;
    },
    { codeCheck: !!input.secret && (await ownsSerial(s.db, s.actor, serial)) },
  );
  tellAfterCommit(s.platform, told);
  return result;
}

/** An authorization the caller's organization granted or holds (devices.access `seesAuthorization`); else undefined. */
async function visibleAuth(db: Db | Tx, s: Scope, id: string, lookup: Lookup = {}) {
  const auth = await authRepo.findAuth(db, id, lookup);
  return auth && seesAuthorization(auth, s.actor.custId) ? auth : undefined;
}

/** One authorization, to the organization that granted or holds it (audited). */
export async function authDetail(s: Scope, id: string) {
  custOf(s.actor);
  const auth = await visibleAuth(s.db, s, id);
  const row = auth && (await authRepo.authorizationRow(s.db, id));
  await auditRead(s.db, s.ctx, {
    ...deviceAudit(s, 'device.read', row?.serial ?? id),
    outcome: row ? 'allowed' : 'refused',
  });
  if (!row) return refuse(ExtendErrors.notFound);
  return presentAuth({
    ...row,
    actions: authorizationActions(row, row.ownerCustId, viewerOf(s), new Date()),
  });
}

/**
 * Change the end of one live authorization the caller granted (the only change the authorizer may make).
 * Shortening it shortens what the borrower gave others (device users, receivers) to the new end.
 */
async function extendOne(tx: Tx, s: Scope, id: string, expiresAt: Date): Promise<string> {
  const auth = await visibleAuth(tx, s, id, { lock: true });
  if (!auth) return refuse(ExtendErrors.notFound);
  const device = await repo.findDeviceById(tx, auth.deviceId, { lock: true });
  if (!device) return refuse(ExtendErrors.numberError);
  const refusal = changeTimeRefusal(auth, device.ownerCustId, viewerOf(s), new Date());
  if (refusal) return refuse(refusal);
  if (expiresAt.getTime() <= Date.now()) return refuse(ExtendErrors.failed);
  await checkFrequency(tx, device.id, 'auth', device.ownerCustId);
  await authRepo.setAuthExpiry(tx, auth.id, expiresAt);
  await authRepo.clampLending(tx, device.id, auth.custId, expiresAt);
  await countChange(tx, device.id, 'auth', device.ownerCustId);
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

/** Recall an authorization: the lending ends completely (the borrower's device users and receivers go too). */
export async function recall(s: Scope, input: z.infer<typeof recallAuthBody>) {
  custOf(s.actor);
  const pre = await authRepo.findAuth(s.db, input.id);
  const preDevice = pre && (await repo.findDeviceById(s.db, pre.deviceId));
  const serial = preDevice?.ownerCustId === s.actor.custId ? preDevice.serial : null;
  const told: NoticeRow[] = [];
  const result = await guarded(
    s,
    'device.auth.recall',
    serial,
    async (tx) => {
      const auth = await visibleAuth(tx, s, input.id, { lock: true });
      if (!auth) return refuse(RecycleErrors.numberError);
      const device = await repo.findDeviceById(tx, auth.deviceId, { lock: true });
      if (!device) return refuse(RecycleErrors.numberError);
      const actions = authorizationActions(auth, device.ownerCustId, viewerOf(s), new Date());
      if (!actions.length)
        refuse(auth.fromCustId !== s.actor.custId ? RecycleErrors.userAndDevice : RecycleErrors.error);
      if (
        input.secret !== undefined &&
        (await repo.findRegistry(tx, device.serial))!.bindCode !== input.secret
      ) {
        refuse(RecycleErrors.wrongPassword);
      }
      // Offered 'restore' instead: already recalled, or past its time.
      if (!actions.includes('recall'))
        refuse(auth.status === 'recalled' ? RecycleErrors.failed : RecycleErrors.other);
      await checkFrequency(tx, device.id, 'auth', device.ownerCustId);
      await authRepo.recallAuth(tx, auth.id);
      const ended = await authRepo.endLending(tx, device.id, auth.custId);
      await countChange(tx, device.id, 'auth', device.ownerCustId);
      await audit(tx, s.ctx, deviceAudit(s, 'device.auth.recall', device.serial, { auth: auth.id, ended }));
      told.push(
        ...(await tellDevice(tx, s.platform, s.actor.userId, {
          kind: 'deviceRecalled',
          device: { id: device.id, serial: device.serial, name: device.name },
          fromCustId: device.ownerCustId,
          toCustId: auth.custId,
          authId: auth.id,
        })),
      );
      return { code: 0 as const };
    },
    { codeCheck: serial !== null && input.secret !== undefined },
  );
  tellAfterCommit(s.platform, told);
  return result;
}
