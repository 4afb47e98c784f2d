import { stringify } from 'csv-stringify/sync';
import type { AuditLogRow } from '@archway/contract';
import { defuse } from '../stats/stats.presenter.ts';

/** One audit row as the console shows it: the row with its actor's username and organization name. */
export function presentAuditRow(r: {
  log: {
    id: number;
    at: Date;
    actorUserId: string | null;
    actorCustId: string | null;
    action: string;
    objectType: string | null;
    objectId: string | null;
    outcome: 'allowed' | 'refused';
    ip: string | null;
    requestId: string | null;
    detail: Record<string, unknown> | null;
  };
  username: string | null;
  custName: string | null;
}): AuditLogRow {
  const { log } = r;
  return {
    id: log.id,
    at: log.at.toISOString(),
    actorUserId: log.actorUserId,
    actorUsername: r.username,
    actorCustId: log.actorCustId,
    actorCustName: r.custName,
    action: log.action,
    objectType: log.objectType,
    objectId: log.objectId,
    outcome: log.outcome,
    ip: log.ip,
    requestId: log.requestId,
    detail: log.detail && typeof log.detail === 'object' ? log.detail : null,
  };
}

/** The export's columns: stable English names (scripts read them), in this order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_user_id',
  'actor_username',
  'actor_cust_id',
  'actor_cust_name',
  'action',
  'object_type',
  'object_id',
  'outcome',
  'ip',
  'request_id',
  'detail',
] as const;

/** The file's first bytes: the UTF-8 byte-order mark (spreadsheet programs then read accents) and the headings. */
export const auditCsvHead = (): string => `\ufeff${stringify([[...AUDIT_CSV_COLUMNS]])}`;

/**
 * Rows as CSV lines. Every text cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a `'`
 * (the statistics export's rule); `detail` is its JSON; times are ISO instants (UTC).
 */
export function auditCsvRows(rows: AuditLogRow[]): string {
  if (!rows.length) return '';
  const text = (v: string | null) => (v === null ? '' : defuse(v));
  return stringify(
    rows.map((r) => [
      r.id,
      r.at,
      text(r.actorUserId),
      text(r.actorUsername),
      text(r.actorCustId),
      text(r.actorCustName),
      text(r.action),
      text(r.objectType),
      text(r.objectId),
      r.outcome,
      text(r.ip),
      text(r.requestId),
      r.detail ? defuse(JSON.stringify(r.detail)) : '',
    ]),
  );
}

/** The last line of an export cut at the cap: it says so in the first column, with the time it stopped at. */
export const auditCsvCapped = (cap: number, lastAt: string): string =>
  stringify([
    [
      `# Export stopped after ${cap} rows: rows older than ${lastAt} also match and were left out. Narrow the filters (a shorter time range) to export them.`,
    ],
  ]);
