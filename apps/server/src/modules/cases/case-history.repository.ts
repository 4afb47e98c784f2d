import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { byName } from '../../platform/db/collation.ts';

/**
 * What a case's history is read from (case-history.service): the case and its copies (cases, case_boxes), the names
 * of the people and organizations (users, customers) and the audit log's allowed entries about the case. Nothing
 * here decides who sees what (cases.access `historyVisible`).
 */

/** The audit actions the history shows (case-history.presenter maps each to its kind); reads are not among them. */
export const HISTORY_ACTIONS = [
  'case.download',
  'case.downloaded',
  'case.archive',
  'case.convert',
  'case.model',
  'case.progress',
  'case.cancel',
  'case.comment',
  'case.forward',
  'case.report.share',
  'case.report.shared.read',
  'case.report.revoke',
  'case.recycle',
  'case.restore',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** An allowed audit entry about the case, with its actor's names. */
export interface AuditEvent {
  id: number;
  at: Date;
  action: HistoryAction;
  userId: string | null;
  userName: string | null;
  custId: string | null;
  custName: string | null;
  detail: Record<string, unknown>;
  /** `case.forward`: the name of the organization in `detail.to`. */
  toName: string | null;
}

/**
 * The newest `limit` allowed entries of these actions about the case (index `audit_object`), newest first, with
 * the acting person's and organization's names.
 */
export async function auditEventsOf(db: Queryable, caseId: string, limit: number): Promise<AuditEvent[]> {
  const rows = await rowsOf<{
    id: number | string;
    at: Date | string;
    action: HistoryAction;
    user_id: string | null;
    user_name: string | null;
    cust_id: string | null;
    cust_name: string | null;
    detail: Record<string, unknown> | string | null;
    to_name: string | null;
  }>(
    db,
    sql`select a.id, a.at, a.action, a.actor_user_id as user_id, u.username as user_name, a.actor_cust_id as cust_id, c.name as cust_name,
        a.detail, t.name as to_name
      from audit_log a
      left join users u on u.id = a.actor_user_id
      left join customers c on c.id = a.actor_cust_id
      left join customers t on a.action = 'case.forward' and t.id::text = a.detail->>'to'
      where a.object_type = 'case' and a.object_id = ${caseId} and a.outcome = 'allowed'
        and a.action in (${sql.join(
          HISTORY_ACTIONS.map((a) => sql`${a}`),
          sql`, `,
        )})
      order by a.at desc, a.id desc
      limit ${sql.raw(String(Math.trunc(limit)))}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    action: r.action,
    userId: r.user_id,
    userName: r.user_name,
    custId: r.cust_id,
    custName: r.cust_name,
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) ?? {},
    toName: r.to_name,
  }));
}

/** A person's display name (the username), for the case's upload; null for nobody. */
export async function personName(db: Queryable, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [r] = await rowsOf<{ username: string }>(db, sql`select username from users where id = ${userId}`);
  return r?.username ?? null;
}

/** A copy of the case, with its organization's name. */
export interface HistoryCopy {
  custId: string;
  custName: string;
  role: number;
  forwardedTo: string | null;
  forwardedBy: string | null;
  /** A forwarded copy: when the lab forwarded it, and that audit entry's id (null for a routed copy). */
  forwardedAt: Date | null;
  forwardId: number | null;
}

/**
 * Every copy of the case (emptied ones too: what an organization did stays its history) with its organization's
 * name; a copy a lab forwarded comes with the moment of that forward (its first allowed `case.forward` entry).
 */
export async function copiesOfCase(db: Queryable, caseId: string): Promise<HistoryCopy[]> {
  const rows = await rowsOf<{
    cust_id: string;
    cust_name: string;
    role: number | string;
    forwarded_to: string | null;
    forwarded_by: string | null;
    forwarded_at: Date | string | null;
    forward_id: number | string | null;
  }>(
    db,
    sql`select b.cust_id, c.name as cust_name, b.role, b.forwarded_to, b.forwarded_by, f.at as forwarded_at,
        f.id as forward_id
      from case_boxes b
      join customers c on c.id = b.cust_id
      left join lateral (
        select a.at, a.id from audit_log a
        where b.forwarded_by is not null and a.object_type = 'case' and a.object_id = ${caseId}
          and a.action = 'case.forward' and a.outcome = 'allowed' and a.detail->>'to' = b.cust_id::text
        order by a.id limit 1
      ) f on true
      where b.case_id = ${caseId}
      order by b.role, ${byName(sql.raw('c.name'))}`,
  );
  return rows.map((r) => ({
    custId: r.cust_id,
    custName: r.cust_name,
    role: Number(r.role),
    forwardedTo: r.forwarded_to,
    forwardedBy: r.forwarded_by,
    forwardedAt: r.forwarded_at === null ? null : new Date(r.forwarded_at),
    forwardId: r.forward_id === null ? null : Number(r.forward_id),
  }));
}
