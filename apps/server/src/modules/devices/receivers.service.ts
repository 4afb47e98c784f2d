import {
  CustStatus,
  FrequencyError,
  Privacy,
  ReceiverAddErrors,
  ReceiverDeleteErrors,
  formatExpiry,
  PERMANENT_DATE,
  resolveExpiry,
  type addReceiverBody,
  type deleteReceiverBody,
  type receiverPageBody,
  type ReceiverRow,
  type ReceiverSearchResult,
} from '@archway/contract';
import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../platform/audit/audit.ts';
import { customers } from '../orgs/orgs.schema.ts';
import * as repo from './devices.repository.ts';
import { deviceReceivers } from './devices.schema.ts';
import { custOf, deviceAudit, guarded, refuse, roleOf, type Scope } from './devices.access.ts';

/** A set privacy bit hides that field from other organizations. */
const visible = (value: string | null, privacy: number, bit: number, own: boolean) =>
  own || (privacy & bit) === 0 ? value : null;

/** Owner and authorized organizations manage a device's data routing. */
const ROUTERS = new Set(['owner', 'authorized']);

async function routedDevice(s: Scope, idOrSerial: string) {
  const device = /^[0-9a-f-]{36}$/i.test(idOrSerial)
    ? await repo.findDeviceById(s.db, idOrSerial)
    : await repo.findDeviceBySerial(s.db, idOrSerial.toUpperCase());
  const role = device ? await roleOf(s.db, device, s.actor) : 'none';
  return { device, role };
}

type ReceiverJoin = Awaited<ReturnType<typeof repo.receiversOf>>[number];

function presentReceiver(s: Scope, { row, cust }: ReceiverJoin, now: Date): ReceiverRow {
  const own = cust.id === s.actor.custId;
  return {
    id: row.id,
    custId: cust.id,
    custName: cust.name,
    custType: cust.custType,
    phone: visible(cust.phone, cust.privacy, Privacy.phone, own),
    email: visible(cust.email, cust.privacy, Privacy.email, own),
    privacy: cust.privacy,
    caseType: row.caseType,
    siginUserId: row.createdBy,
    // -1: the receiver can no longer receive (its audit failed or the routing expired); the web app removes it.
    allowStatus: cust.status === CustStatus.auditFailed || row.expiresAt <= now ? -1 : 1,
    expireTime: formatExpiry(row.expiresAt)!,
    showDelete: row.createdBy === s.actor.userId,
  };
}

export async function listReceivers(s: Scope, idOrSerial: string): Promise<ReceiverRow[]> {
  custOf(s.actor);
  const { device, role } = await routedDevice(s, idOrSerial);
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.receivers.read', device?.serial ?? idOrSerial),
    outcome: device && ROUTERS.has(role) ? 'allowed' : 'refused',
  });
  if (!device || !ROUTERS.has(role)) return refuse(ReceiverAddErrors.numberError);
  const now = new Date();
  return (await repo.receiversOf(s.db, device.id)).map((r) => presentReceiver(s, r, now));
}

/** Receiver records across every device the organization routes, newest first by default. */
export async function receiverPage(s: Scope, input: z.infer<typeof receiverPageBody>) {
  const custId = custOf(s.actor);
  const { total, rows } = await repo.receiverPage(s.db, custId, {
    ...input,
    ascending: input.sorter === 'registTime asc',
  });
  await audit(s.db, s.ctx, {
    ...deviceAudit(s, 'device.receivers.read', ''),
    objectId: null,
    detail: { count: rows.length },
  });
  const now = new Date();
  return {
    records: rows.map((r) => ({
      ...presentReceiver(s, r, now),
      deviceId: r.row.deviceId,
      number: r.serial,
      registTime: formatExpiry(r.row.createdAt)!,
    })),
    totalRecords: total,
    pageSize: input.pageSize,
    pageIndex: input.pageIndex,
  };
}

export async function addReceiver(s: Scope, input: z.infer<typeof addReceiverBody>) {
  custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.receivers.add', serial || null, async (tx) => {
    if (!serial) return refuse(ReceiverAddErrors.deviceEmpty);
    const device = await repo.findDeviceBySerial(tx, serial, true);
    const role = device ? await roleOf(tx, device, s.actor) : 'none';
    if (!device || role === 'none') return refuse(ReceiverAddErrors.numberError);
    if (!ROUTERS.has(role)) return refuse(ReceiverAddErrors.notAllowed);
    if ((await repo.recentDeviceActions(tx, serial, new Date(Date.now() - 60_000))) >= 60)
      refuse(FrequencyError);
    const target = await repo.findCustomer(tx, input.custId);
    if (!target) return refuse(ReceiverAddErrors.addError);
    if (target.status === CustStatus.auditFailed) return refuse(ReceiverAddErrors.allFailed);
    const added = await tx
      .insert(deviceReceivers)
      .values(
        [...new Set(input.caseType)].map((caseType) => ({
          deviceId: device.id,
          caseType,
          custId: target.id,
          memo: input.memo ?? null,
          expiresAt: input.expireTime ? resolveExpiry(input.expireTime, s.tz) : PERMANENT_DATE,
          createdBy: s.actor.userId,
          createdByCustId: s.actor.custId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: deviceReceivers.id, caseType: deviceReceivers.caseType });
    if (!added.length) return refuse(ReceiverAddErrors.sameTransferExists);
    await audit(
      tx,
      s.ctx,
      deviceAudit(s, 'device.receivers.add', serial, {
        custId: target.id,
        caseTypes: added.map((a) => a.caseType),
      }),
    );
    return { code: 0 as const, added: added.map((a) => a.caseType) };
  });
}

export async function deleteReceivers(s: Scope, input: z.infer<typeof deleteReceiverBody>) {
  custOf(s.actor);
  const serial = input.number.toUpperCase();
  return guarded(s, 'device.receivers.delete', serial, async (tx) => {
    if (!input.deleteid.length) return refuse(ReceiverDeleteErrors.invalidParameters);
    const device = await repo.findDeviceBySerial(tx, serial, true);
    const role = device ? await roleOf(tx, device, s.actor) : 'none';
    if (!device || role === 'none') return refuse(ReceiverDeleteErrors.parameter);
    const rows = await tx
      .select()
      .from(deviceReceivers)
      .where(
        and(
          eq(deviceReceivers.deviceId, device.id),
          eq(deviceReceivers.custId, input.custId),
          inArray(deviceReceivers.id, input.deleteid),
        ),
      );
    if (rows.length !== new Set(input.deleteid).size) return refuse(ReceiverDeleteErrors.noTransfer);
    // Only the account that added an entry may delete it; nothing is deleted otherwise.
    if (rows.some((r) => r.createdBy !== s.actor.userId)) return refuse(ReceiverDeleteErrors.notSigner);
    if (!ROUTERS.has(role)) return refuse(ReceiverDeleteErrors.failed);
    await tx.delete(deviceReceivers).where(inArray(deviceReceivers.id, input.deleteid));
    await audit(
      tx,
      s.ctx,
      deviceAudit(s, 'device.receivers.delete', serial, { custId: input.custId, ids: input.deleteid }),
    );
    return { code: 0 as const };
  });
}

/**
 * Receiver search: by name always, by e-mail or phone (exact) only where the organization's privacy
 * bit for that field is clear. Hidden fields are never returned. At most `max` (≤ 10) results.
 */
export async function searchReceivers(s: Scope, key: string, max: number): Promise<ReceiverSearchResult[]> {
  const custId = custOf(s.actor);
  if (!key) return [];
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await s.db
    .select()
    .from(customers)
    .where(
      and(
        ne(customers.status, CustStatus.auditFailed),
        or(
          ilike(customers.name, `%${escaped}%`),
          and(
            sql`(${customers.privacy} & ${Privacy.email}) = 0`,
            sql`lower(${customers.email}) = ${key.toLowerCase()}`,
          ),
          and(sql`(${customers.privacy} & ${Privacy.phone}) = 0`, eq(customers.phone, key)),
        ),
      ),
    )
    .orderBy(customers.name)
    .limit(max);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    custType: c.custType,
    avatar: null,
    phone: visible(c.phone, c.privacy, Privacy.phone, c.id === custId),
    email: visible(c.email, c.privacy, Privacy.email, c.id === custId),
    privacy: c.privacy,
    showAdd: c.id !== custId,
  }));
}
