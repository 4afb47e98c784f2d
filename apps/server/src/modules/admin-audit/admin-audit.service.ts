import { Readable } from 'node:stream';
import {
  AuditLogErrors,
  AuditLogLimits,
  type AuditLogExportQuery,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogQuery,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './admin-audit.repository.ts';
import { auditCsvCapped, auditCsvHead, auditCsvRows, presentAuditRow } from './audit-log.presenter.ts';

/** The administrator reading or exporting the audit log. */
export interface AuditScope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
}

/** Rows one export query reads (by key, one chunk of the file at a time). */
const EXPORT_CHUNK = 1000;
/** The largest id a cursor may carry (ids are bigserial, read as JavaScript numbers). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An ISO instant with a zone: date, time to the minute at least, Z or ±hh:mm. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return AuditLogLimits.defaultLimit;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= AuditLogLimits.maxLimit)) throw new AppError(AuditLogErrors.limit, 'limit');
  return n;
}

function parseCursor(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_ID)) throw new AppError(AuditLogErrors.cursor, 'before');
  return n;
}

function parseInstant(raw: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const at = INSTANT.test(raw) ? new Date(raw) : undefined;
  // A real instant between year 1 and 9999 (Date accepts 2026-02-31; the round trip of the day catches it).
  if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999 || !sameDay(raw, at))
    throw new AppError(AuditLogErrors.date, field);
  return at;
}

/** The written calendar date exists (Date rolls 2026-02-31 over to March). */
function sameDay(raw: string, at: Date): boolean {
  const [y, m, d] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d && !Number.isNaN(at.getTime());
}

/** The filters the caller gave (for the audit entry of the read or export). */
const given = (q: AuditLogFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      cust: q.cust,
      user: q.user,
      objectType: q.objectType,
      objectId: q.objectId,
      action: q.action,
      outcome: q.outcome,
      from: q.from,
      to: q.to,
    }).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );

/**
 * The filters as conditions the indexes serve. A user given by name is looked up (unknown: nothing matches); an
 * action ending in `.` or `*` is a prefix, turned into the list of logged actions it covers; an object id without a
 * type is matched under every logged type (so the `(object_type, object_id)` index still leads). `null`: nothing
 * can match.
 */
async function resolve(db: Db, q: AuditLogFilters): Promise<repo.AuditLogWhere | null> {
  const from = parseInstant(q.from, 'from');
  const to = parseInstant(q.to, 'to');
  if (from && to && from.getTime() >= to.getTime()) throw new AppError(AuditLogErrors.range, 'from');
  const where: repo.AuditLogWhere = {};
  if (from) where.from = from;
  if (to) where.to = to;
  if (q.cust) where.custId = q.cust.toLowerCase();
  if (q.outcome) where.outcome = q.outcome;
  if (q.user) {
    const id = UUID.test(q.user) ? q.user.toLowerCase() : await repo.userIdByName(db, q.user);
    if (!id) return null;
    where.userId = id;
  }
  if (q.action) {
    const prefix = q.action.endsWith('*') ? q.action.slice(0, -1) : q.action.endsWith('.') ? q.action : null;
    if (prefix === null) where.action = q.action;
    else {
      if (!prefix || prefix.includes('*')) throw new AppError(AuditLogErrors.parameter, 'action');
      const actions = (await repo.distinctValues(db, 'action')).filter((a) => a.startsWith(prefix));
      if (!actions.length) return null;
      where.actions = actions;
    }
  }
  if (q.objectType) where.objectType = q.objectType;
  if (q.objectId) {
    where.objectId = q.objectId;
    if (!q.objectType) {
      const types = await repo.distinctValues(db, 'object_type');
      if (!types.length) return null;
      where.objectTypes = types;
    }
  }
  return where;
}

/** A refused read or export is on record too (who tried what), outside any transaction. */
async function refused(s: AuditScope, action: string, err: unknown, q: AuditLogFilters) {
  if (err instanceof AppError)
    await audit(s.db, s.ctx, {
      actorUserId: s.actor.userId,
      actorCustId: s.actor.custId,
      action,
      objectType: 'auditLog',
      outcome: 'refused',
      detail: { filters: given(q), code: err.def.code, key: err.def.key },
    });
}

/**
 * `GET /api2/admin/audit`: one page, newest first, `limit` rows (≤ 200) older than `before`; `next` is the id to
 * pass as `before` for the next page (null on the last). The read is itself audited (`audit.read`).
 */
export async function list(s: AuditScope, q: AuditLogQuery): Promise<AuditLogPage> {
  let page: AuditLogPage;
  try {
    const limit = parseLimit(q.limit);
    const before = parseCursor(q.before);
    const where = await resolve(s.db, q);
    const rows = where ? await repo.auditPage(s.db, where, before, limit + 1) : [];
    const shown = rows.slice(0, limit).map(presentAuditRow);
    page = { rows: shown, next: rows.length > limit ? shown.at(-1)!.id : null };
  } catch (err) {
    await refused(s, 'audit.read', err, q);
    throw err;
  }
  await audit(s.db, s.ctx, {
    actorUserId: s.actor.userId,
    actorCustId: s.actor.custId,
    action: 'audit.read',
    objectType: 'auditLog',
    outcome: 'allowed',
    detail: {
      filters: given(q),
      ...(q.before ? { before: q.before } : {}),
      rows: page.rows.length,
    },
  });
  return page;
}

/**
 * `GET /api2/admin/audit/export`: every matching row, newest first, as CSV streamed in chunks read by key (memory
 * stays one chunk), at most `AuditLogLimits.exportCap` rows (then a last line says the file was cut). Refusals
 * (bad dates …) come before the first byte, as the JSON envelope. The export is itself audited (`audit.export`).
 */
export async function exportCsv(
  s: AuditScope,
  q: AuditLogExportQuery,
  opts: { now?: Date; cap?: number } = {},
): Promise<{ name: string; stream: Readable }> {
  const cap = opts.cap ?? AuditLogLimits.exportCap;
  const now = opts.now ?? new Date();
  let where: repo.AuditLogWhere | null;
  try {
    where = await resolve(s.db, q);
  } catch (err) {
    await refused(s, 'audit.export', err, q);
    throw err;
  }
  await audit(s.db, s.ctx, {
    actorUserId: s.actor.userId,
    actorCustId: s.actor.custId,
    action: 'audit.export',
    objectType: 'auditLog',
    outcome: 'allowed',
    detail: { filters: given(q), format: q.format, cap },
  });
  const { db } = s;
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(auditCsvHead(), 'utf8');
    if (!where) return;
    let before: number | undefined;
    let written = 0;
    for (;;) {
      const want = Math.min(EXPORT_CHUNK, cap - written);
      // One row more than wanted says whether anything is left.
      const batch = await repo.auditPage(db, where, before, want + 1);
      const rows = batch.slice(0, want).map(presentAuditRow);
      if (rows.length) yield Buffer.from(auditCsvRows(rows), 'utf8');
      written += rows.length;
      if (batch.length <= want) return;
      const last = rows.at(-1)!;
      before = last.id;
      if (written >= cap) {
        yield Buffer.from(auditCsvCapped(cap, last.at), 'utf8');
        return;
      }
    }
  }
  return { name: `audit-log-${now.toISOString().slice(0, 10)}.csv`, stream: Readable.from(chunks()) };
}
