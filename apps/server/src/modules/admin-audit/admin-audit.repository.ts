import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';

/**
 * The audit log's filters as the service resolved them. Lists (`actions`, `objectTypes`) come from a prefix or an
 * object id given without its type: they are matched with `= ANY(…)` so the indexes lead (see `distinctValues`).
 */
export interface AuditLogWhere {
  custId?: string;
  userId?: string;
  objectType?: string;
  objectTypes?: string[];
  objectId?: string;
  action?: string;
  actions?: string[];
  outcome?: 'allowed' | 'refused';
  from?: Date;
  to?: Date;
}

function conditions(w: AuditLogWhere, before: number | undefined): SQL | undefined {
  return and(
    w.custId !== undefined ? eq(auditLog.actorCustId, w.custId) : undefined,
    w.userId !== undefined ? eq(auditLog.actorUserId, w.userId) : undefined,
    w.objectType !== undefined ? eq(auditLog.objectType, w.objectType) : undefined,
    w.objectTypes !== undefined ? inArray(auditLog.objectType, w.objectTypes) : undefined,
    w.objectId !== undefined ? eq(auditLog.objectId, w.objectId) : undefined,
    w.action !== undefined ? eq(auditLog.action, w.action) : undefined,
    w.actions !== undefined ? inArray(auditLog.action, w.actions) : undefined,
    w.outcome !== undefined ? eq(auditLog.outcome, w.outcome) : undefined,
    w.from !== undefined ? gte(auditLog.at, w.from) : undefined,
    w.to !== undefined ? lt(auditLog.at, w.to) : undefined,
    before !== undefined ? lt(auditLog.id, before) : undefined,
  );
}

/**
 * Up to `limit` rows older than `before` (by id, newest first), each with its actor's username and organization
 * name: one query per page. The names are scalar subqueries (a primary-key lookup each), which PostgreSQL evaluates
 * after the LIMIT, for the page's rows only: the page is chosen from `audit_log`'s indexes alone (see ARCHITECTURE).
 */
export function auditPage(db: Queryable, w: AuditLogWhere, before: number | undefined, limit: number) {
  return db
    .select({
      log: auditLog,
      username: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${auditLog.actorUserId})`,
      custName: sql<
        string | null
      >`(select ${customers.name} from ${customers} where ${customers.id} = ${auditLog.actorCustId})`,
    })
    .from(auditLog)
    .where(conditions(w, before))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
export type AuditPageRow = Awaited<ReturnType<typeof auditPage>>[number];

/**
 * The distinct values of `action` or `object_type`, read as a skip scan of their index (`audit_action_id`,
 * `audit_object`): one index descent per value, however many rows the log holds. A few dozen values in practice.
 */
export async function distinctValues(db: Queryable, column: 'action' | 'object_type'): Promise<string[]> {
  const c = sql.identifier(column);
  const rows = await rowsOf<{ v: string }>(
    db,
    sql`with recursive d(v) as (
        (select ${c} from audit_log where ${c} is not null order by ${c} limit 1)
        union all
        select (select ${c} from audit_log where ${c} > d.v order by ${c} limit 1) from d where d.v is not null
      )
      select v from d where v is not null`,
  );
  return rows.map((r) => r.v);
}

/** A user's id by username, any letter case (the `users_username_lower` index). */
export async function userIdByName(db: Queryable, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row?.id;
}
