import type { FastifyRequest } from 'fastify';
import {
  AuthoriseErrors,
  CodeAttemptsError,
  CustErrors,
  DeviceErrors,
  FrequencyError,
  RecycleErrors,
  timeZoneOf,
  type ErrorDef,
} from '@archway/contract';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type AuditEntry, type RequestContext } from '../../platform/audit/audit.ts';
import { requestContext, requireActor, type Actor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as repo from './devices.repository.ts';
import { refuse, type Viewer } from './devices.access.ts';

/**
 * The request plumbing every device service receives (who acts, from where, on which database), the audit entries
 * about a device, one change in one audited transaction (`guarded`), the management-code and -228 frequency limits,
 * and calls on several items. Who may do what is decided in devices.access.ts; this only carries it to a call.
 */

/** Who acts, from where, on which database: what every device service receives. */
export interface Scope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
  /** The caller's IANA time zone (header X-Time-Zone; UTC when missing or unknown). */
  tz: string;
  /** Notices and mail about what the call changes (requests carry it). */
  platform?: Platform;
}

export const scopeOf = (db: Db, req: FastifyRequest): Scope => ({
  db,
  platform: req.server.platform,
  ctx: requestContext(req),
  actor: requireActor(req),
  tz: timeZoneOf(req.headers['x-time-zone']),
});

/** The caller's organization; device calls need one (the routes declare `member`, this is the service's own check). */
export function custOf(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

export const viewerOf = (s: Scope): Viewer => ({ userId: s.actor.userId, custId: custOf(s.actor) });

/** An audit entry about a device (object id: its serial, which outlives bindings). */
export const deviceAudit = (
  s: Scope,
  action: string,
  serial: string | null,
  detail?: Record<string, unknown>,
): AuditEntry => ({
  actorUserId: s.actor.userId,
  actorCustId: s.actor.custId,
  action,
  objectType: 'device',
  objectId: serial || null,
  outcome: 'allowed',
  detail,
});

// ---- management-code attempts ----------------------------------------------------------

/** Wrong management codes allowed per serial and per organization within the window. */
export const CODE_ATTEMPTS = { max: 10, windowMs: 3600_000 } as const;

const WRONG_CODE = new Set([
  DeviceErrors.wrongPassword.key,
  AuthoriseErrors.wrongPassword.key,
  RecycleErrors.wrongPassword.key,
]);

/**
 * Reserves one code attempt BEFORE the code is compared, then counts: so concurrent guesses each see the
 * others and cannot pass the limit together. Past the limit the code is not compared at all.
 */
async function reserveCodeAttempt(s: Scope, serial: string): Promise<string> {
  const id = await repo.reserveCodeAttempt(s.db, serial, s.actor.custId);
  const since = new Date(Date.now() - CODE_ATTEMPTS.windowMs);
  const { bySerial, byCust } = await repo.countCodeAttempts(s.db, serial, s.actor.custId, since);
  if (bySerial > CODE_ATTEMPTS.max || byCust > CODE_ATTEMPTS.max) {
    await repo.dropCodeAttempt(s.db, id);
    throw new AppError(CodeAttemptsError);
  }
  return id;
}

// ---- one change = one transaction, refusals audited ---------------------------------------

/**
 * Runs a change in one transaction. A refusal rolls everything back and is then written to the audit log
 * outside the transaction, so refusals are recorded too. With `codeCheck`, one management-code attempt is
 * reserved first (see reserveCodeAttempt); it stays counted only when the answer is a wrong code.
 */
export async function guarded<T>(
  s: Scope,
  action: string,
  serial: string | null,
  fn: (tx: Tx) => Promise<T>,
  { codeCheck = false }: { codeCheck?: boolean } = {},
): Promise<T> {
  let attempt: string | undefined;
  try {
    if (codeCheck && serial) attempt = await reserveCodeAttempt(s, serial);
    const result = await s.db.transaction(fn);
    if (attempt) await repo.dropCodeAttempt(s.db, attempt);
    return result;
  } catch (err) {
    const wrongCode = err instanceof AppError && WRONG_CODE.has(err.def.key);
    if (attempt && !wrongCode) await repo.dropCodeAttempt(s.db, attempt);
    if (err instanceof AppError) {
      await audit(s.db, s.ctx, {
        ...deviceAudit(s, action, serial),
        outcome: 'refused',
        detail: { code: err.def.code, key: err.def.key },
      });
    }
    throw err;
  }
}

// ---- the -228 frequency rule ----------------------------------------------------------------

/** Successful authorization changes of one device (only its owner makes them) allowed per minute. */
export const AUTH_FREQUENCY = { max: 20, windowMs: 60_000 } as const;
/** Successful receiver changes (add or delete) of one device by one organization allowed per minute. */
export const RECEIVER_FREQUENCY = { max: 20, windowMs: 60_000 } as const;

/**
 * Refuses with -228 when the device had too many successful changes of this kind in the window. Call it with
 * the device row locked, and `countChange` in the same transaction once the change succeeded: refused attempts
 * never count, and receiver changes are counted per organization, so nobody can freeze the owner's changes.
 */
export async function checkFrequency(tx: Tx, deviceId: string, kind: 'auth' | 'receiver', custId: string) {
  const rule = kind === 'auth' ? AUTH_FREQUENCY : RECEIVER_FREQUENCY;
  const since = new Date(Date.now() - rule.windowMs);
  const n = await repo.countChanges(tx, deviceId, kind, since, kind === 'receiver' ? custId : undefined);
  if (n >= rule.max) refuse(FrequencyError);
}

export const countChange = (tx: Tx, deviceId: string, kind: 'auth' | 'receiver', custId: string) =>
  repo.recordChange(tx, deviceId, custId, kind);

// ---- several items in one call --------------------------------------------------------------

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
