import { CustErrors, type DeviceRole, type ErrorDef } from '@archway/contract';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type AuditEntry, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import * as repo from './devices.repository.ts';

/** Who acts, from where, on which database: what every device service receives. */
export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
  /** The caller's IANA time zone (header X-Time-Zone; UTC when missing or unknown). */
  tz: string;
}

/** The caller's organization; device calls need one. */
export function custOf(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

export const refuse = (def: ErrorDef): never => {
  throw new AppError(def);
};

/** An audit entry about a device (object id: its serial, which outlives bindings). */
export const deviceAudit = (
  s: Scope,
  action: string,
  serial: string,
  detail?: Record<string, unknown>,
): AuditEntry => ({
  actorUserId: s.actor.userId,
  actorCustId: s.actor.custId,
  action,
  objectType: 'device',
  objectId: serial,
  outcome: 'allowed',
  detail,
});

/**
 * Runs a change in one transaction. A refusal rolls everything back and is then written to the audit log
 * outside the transaction, so refusals are recorded too.
 */
export async function guarded<T>(
  s: Scope,
  action: string,
  serial: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await s.db.transaction(fn);
  } catch (err) {
    if (err instanceof AppError) {
      await audit(s.db, s.ctx, {
        ...deviceAudit(s, action, serial ?? ''),
        objectId: serial,
        outcome: 'refused',
        detail: { code: err.def.code, key: err.def.key },
      });
    }
    throw err;
  }
}

/** The caller's role on a device: owner, authorized organization, device user, receiver, or none. */
export async function roleOf(
  db: Db | Tx,
  device: repo.DeviceRecord,
  actor: Actor,
  now = new Date(),
): Promise<DeviceRole> {
  if (!actor.custId) return 'none';
  if (device.ownerCustId === actor.custId) return 'owner';
  const r = await repo.relation(db, device.id, actor.custId, actor.userId, now);
  return r.authorized ? 'authorized' : r.user ? 'user' : r.receiver ? 'receiver' : 'none';
}

export interface ItemOutcome {
  item: string;
  def: ErrorDef | null;
}

/** Per-item outcomes; when every item failed the call fails with that item's code, or `allFailed` for several. */
export function settle(results: ItemOutcome[], allFailed: ErrorDef) {
  const outcomes = results.map((r) => ({ item: r.item, code: r.def?.code ?? 0, key: r.def?.key ?? null }));
  const failed = results.filter((r) => r.def);
  if (failed.length === results.length) {
    // The refusal still says how each item went.
    throw new AppError(results.length === 1 ? failed[0]!.def! : allFailed, undefined, { results: outcomes });
  }
  return { code: 0 as const, results: outcomes };
}
