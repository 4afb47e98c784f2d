import { eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { statement } from '../../platform/db/statement.ts';
import { users } from './users.schema.ts';

/** Who signs in and who a token speaks for: the account's reads of the users table (the table is users'). */
export type UserRow = typeof users.$inferSelect;

/** By username or e-mail, case-insensitively (both have a unique index on lower()). */
export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const l = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, l), eq(sql`lower(${users.email})`, l)))
    .limit(1);
  return row;
}

/**
 * What the actor of a request needs, in one statement: the enabled user and the organization it acts for, the one
 * `custId` names if the user is a member of it, else its first membership (oldest, then by name). Organizations the
 * platform administrator disabled count like none; `cust_disabled` says the person acts for none because of that
 * (then calls needing an organization answer `cust.disabled` rather than `cust.missing`). A token issued
 * (`issuedAt`, whole seconds) before the second of `sessions_valid_from` is refused; one from that very second is
 * kept, since `iat` cannot tell before from after within it. A token of an OpenID grant (`grantId`) needs the grant
 * alive: the provider deletes it at end-session and when a spent refresh token is replayed (the platform's
 * `oidc_payloads`, read here so the check costs no second query).
 */
export async function findActorRow(
  db: Queryable,
  userId: string,
  custId: string | null,
  issuedAt: number | null = null,
  grantId: string | null = null,
) {
  const [row] = await actorRow<{
    id: string;
    username: string;
    is_admin: boolean;
    cust_id: string | null;
    cust_type: number | null;
    cust_disabled: boolean | null;
    language: string | null;
  }>(db, { userId, custId, issuedAt, grantId });
  return row;
}

/** Every request runs it: built once (platform/db/statement.ts). */
const actorRow = statement(
  ['userId', 'custId', 'issuedAt', 'grantId'],
  (p) =>
    sql`select u.id, u.username, u.is_admin, m.cust_id, m.cust_type, u.language,
        case when m.cust_id is null then exists (select 1 from memberships d join customers dc on dc.id = d.cust_id
          where d.user_id = u.id and dc.disabled_at is not null) else false end as cust_disabled from users u
      left join lateral (select m.cust_id, c.cust_type from memberships m join customers c on c.id = m.cust_id
        where m.user_id = u.id and c.disabled_at is null order by m.cust_id::text = ${p.custId} desc nulls last, m.created_at, c.name limit 1) m on true
      where u.id = ${p.userId} and not u.disabled
        and (u.sessions_valid_from is null or ${p.issuedAt}::bigint is null
          or ${p.issuedAt}::bigint >= floor(extract(epoch from u.sessions_valid_from)))
        and (${p.grantId}::text is null or exists (select 1 from oidc_payloads g where g.kind = 'Grant'
          and g.id = ${p.grantId} and (g.expires_at is null or g.expires_at > now())))`,
);

/** What the OpenID provider's claims need. */
export async function findClaimsRow(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
