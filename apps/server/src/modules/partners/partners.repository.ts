import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { BoxRole, CooperationState, CustStatus, Privacy } from '@archway/contract';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { containsLike } from '../../platform/db/like.ts';
import { customers, fieldShown } from '../orgs/orgs.schema.ts';
import { cooperations } from './partners.schema.ts';
import { byName } from '../../platform/db/collation.ts';

/** How many of the caller's latest case copies the partner list looks at (cases are the one unbounded source). */
export const RECENT_CASES = 2000;

export interface PartnerRecord {
  id: string;
  name: string;
  custType: number;
  contact: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  street: string | null;
  address: string | null;
  privacy: number;
  lendsToMe: boolean;
  lendsFromMe: boolean;
  receivesMyScans: boolean;
  sendsMeScans: boolean;
  cooperation: boolean;
  devicesLentToMe: number;
  devicesLentFromMe: number;
}

interface RawPartner extends Record<string, unknown> {
  total: number | string;
}

const bool = (v: unknown) => v === true || v === 't';

/**
 * One page of the organizations `custId` exchanges devices or cases with, and their total, in one statement. Each
 * source is an index lookup bounded by what the organization itself holds: live lendings either way
 * (`device_auths_cust_live`, `device_auths_from`), receiver entries of its devices (`devices_owner` → the receivers'
 * unique index) and of devices it borrows, entries naming it (`device_receivers_cust`), its latest copies
 * (`case_boxes_box`, at most RECENT_CASES) with the other parties by primary key, and its open cooperations.
 * `key`: a name substring where the organization may be found by name; an exact e-mail or phone where it may be
 * found by them and its privacy shows them.
 */
export async function listPartners(
  db: Queryable,
  q: {
    custId: string;
    type?: number | undefined;
    key?: string | undefined;
    pageIndex: number;
    pageSize: number;
    /** The reader's language: names in its order (platform/db/collation.ts). */
    language?: string | undefined;
  },
  now: Date,
): Promise<{ total: number; rows: PartnerRecord[] }> {
  const me = q.custId;
  const filters: SQL[] = [sql`c.id <> ${me}`];
  if (q.type) filters.push(sql`c.cust_type = ${q.type}`);
  if (q.key) {
    const like = containsLike(q.key);
    filters.push(sql`((c.search_name and c.name ilike ${like})
      or (c.search_email and ${fieldShown(Privacy.email, sql`c.privacy`)} and lower(c.email) = lower(${q.key}))
      or (c.search_phone and ${fieldShown(Privacy.phone, sql`c.privacy`)} and c.phone = ${q.key}))`);
  }
  // Literal (validated integers): statements are planned generically (platform/db/client.ts).
  const page = sql.raw(`${Math.trunc(q.pageSize)} offset ${Math.trunc((q.pageIndex - 1) * q.pageSize)}`);
  const recent = sql.raw(String(RECENT_CASES));
  const rows = await rowsOf<RawPartner>(
    db,
    sql`with recent as materialized (
        select b.case_id, b.role, b.forwarded_to, b.forwarded_by from case_boxes b
        where b.cust_id = ${me} and b.deleted_at is null and b.recycled_at is null
        order by b.case_created_at desc nulls last, b.case_id limit ${recent}
      ),
      rel(cust_id, kind, n) as (
        select a.from_cust_id, 1, count(*) from device_auths a
          where a.cust_id = ${me} and a.status = 'active' and a.expires_at > ${now} group by a.from_cust_id
        union all
        select a.cust_id, 2, count(*) from device_auths a
          where a.from_cust_id = ${me} and a.status = 'active' and a.expires_at > ${now} group by a.cust_id
        union all
        select r.cust_id, 3, 0 from devices d join device_receivers r on r.device_id = d.id
          where d.owner_cust_id = ${me} and r.expires_at > ${now}
        union all
        select r.cust_id, 3, 0 from device_auths a join device_receivers r on r.device_id = a.device_id
          where a.cust_id = ${me} and a.status = 'active' and a.expires_at > ${now}
            and r.created_by_cust_id = ${me} and r.expires_at > ${now}
        union all
        select d.owner_cust_id, 4, 0 from device_receivers r join devices d on d.id = r.device_id
          where r.cust_id = ${me} and r.expires_at > ${now}
        union all
        select o.cust_id, 3, 0 from recent b join case_boxes o on o.case_id = b.case_id
          where b.role = ${BoxRole.sender} and o.role = ${BoxRole.receiver} and o.forwarded_by is null
        union all
        select b.forwarded_to, 3, 0 from recent b where b.forwarded_to is not null
        union all
        select coalesce(b.forwarded_by, k.sender_cust_id), 4, 0 from recent b
          cross join lateral (select sender_cust_id from cases where cases.id = b.case_id) k
          where b.role = ${BoxRole.receiver}
        union all
        select p.partner_id, 5, 0 from cooperations p where p.applicant_id = ${me} and p.state = ${CooperationState.open}
        union all
        select p.applicant_id, 5, 0 from cooperations p where p.partner_id = ${me} and p.state = ${CooperationState.open}
      ),
      agg as (
        select rel.cust_id, bool_or(kind = 1) as lends_to_me, bool_or(kind = 2) as lends_from_me,
          bool_or(kind = 3) as receives_my_scans, bool_or(kind = 4) as sends_me_scans,
          bool_or(kind = 5) as cooperation,
          coalesce(sum(n) filter (where kind = 1), 0) as lent_to_me,
          coalesce(sum(n) filter (where kind = 2), 0) as lent_from_me
        from rel group by rel.cust_id
      )
      select c.id, c.name, c.cust_type, c.contact, c.email, c.phone, c.country, c.region, c.city, c.street,
        c.address, c.privacy, agg.*, count(*) over () as total
      from agg join customers c on c.id = agg.cust_id
      where ${sql.join(filters, sql` and `)}
      order by ${byName(sql.raw('c.name'), q.language)}, c.id
      limit ${page}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.pageIndex > 1) {
    // Past the last page: the total once more, without a page.
    const again = await listPartners(db, { ...q, pageIndex: 1, pageSize: 1 }, now);
    total = again.total;
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      custType: Number(r.cust_type),
      contact: (r.contact as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      country: (r.country as string | null) ?? null,
      region: (r.region as string | null) ?? null,
      city: (r.city as string | null) ?? null,
      street: (r.street as string | null) ?? null,
      address: (r.address as string | null) ?? null,
      privacy: Number(r.privacy),
      lendsToMe: bool(r.lends_to_me),
      lendsFromMe: bool(r.lends_from_me),
      receivesMyScans: bool(r.receives_my_scans),
      sendsMeScans: bool(r.sends_me_scans),
      cooperation: bool(r.cooperation),
      devicesLentToMe: Number(r.lent_to_me),
      devicesLentFromMe: Number(r.lent_from_me),
    })),
  };
}

// ---- third-party cooperation ----------------------------------------------------------------------------

export type CooperationRecord = typeof cooperations.$inferSelect;
export interface CooperationWithOther extends CooperationRecord {
  otherName: string;
  otherType: number;
}

/** An organization's status and type, or undefined. */
export const findOrg = async (db: Queryable, id: string) =>
  (
    await db
      .select({
        id: customers.id,
        name: customers.name,
        custType: customers.custType,
        status: customers.status,
      })
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1)
  )[0];

export const isVerified = (org: { status: number } | undefined) => org?.status === CustStatus.authorized;

/** A page of the organization's cooperations (both directions), live ones first, newest first; and the total. */
export async function listCooperations(
  db: Queryable,
  q: { custId: string; state?: number | undefined; pageIndex: number; pageSize: number },
): Promise<{ total: number; rows: CooperationWithOther[] }> {
  const me = q.custId;
  const state = q.state === undefined ? sql`` : sql` and p.state = ${q.state}`;
  const page = sql.raw(`${Math.trunc(q.pageSize)} offset ${Math.trunc((q.pageIndex - 1) * q.pageSize)}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with mine as (
        select p.*, p.partner_id as other_id from cooperations p where p.applicant_id = ${me}${state}
        union all
        select p.*, p.applicant_id as other_id from cooperations p where p.partner_id = ${me}${state}
      )
      select m.*, c.name as other_name, c.cust_type as other_type, count(*) over () as total
      from mine m join customers c on c.id = m.other_id
      order by (m.state = ${CooperationState.closed}), m.created_at desc, m.id
      limit ${page}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.pageIndex > 1)
    total = (await listCooperations(db, { ...q, pageIndex: 1, pageSize: 1 })).total;
  return { total, rows: rows.map(cooperationOf) };
}

const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

const cooperationOf = (r: Record<string, unknown>): CooperationWithOther => ({
  id: r.id as string,
  applicantId: r.applicant_id as string,
  partnerId: r.partner_id as string,
  state: Number(r.state),
  createdBy: (r.created_by as string | null) ?? null,
  createdAt: new Date(r.created_at as string),
  decidedAt: time(r.decided_at),
  closedAt: time(r.closed_at),
  closedBy: (r.closed_by as string | null) ?? null,
  otherName: r.other_name as string,
  otherType: Number(r.other_type),
});

/** One cooperation of the organization (either side), locked when asked; another's answers undefined. */
export async function findCooperation(
  db: Queryable,
  id: string,
  custId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CooperationWithOther | undefined> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.*, c.name as other_name, c.cust_type as other_type from cooperations p
      join customers c on c.id = case when p.applicant_id = ${custId} then p.partner_id else p.applicant_id end
      where p.id = ${id} and (p.applicant_id = ${custId} or p.partner_id = ${custId})
      ${lock ? sql`for update of p` : sql``}`,
  );
  return row ? cooperationOf(row) : undefined;
}

export const insertCooperation = async (
  db: Queryable,
  values: { applicantId: string; partnerId: string; createdBy: string },
) => (await db.insert(cooperations).values(values).returning({ id: cooperations.id }))[0]!.id;

/** Decides an application (only while it is one); returns whether it changed. */
export async function decideCooperation(db: Queryable, id: string, accept: boolean, by: string, now: Date) {
  const rows = await db
    .update(cooperations)
    .set(
      accept
        ? { state: CooperationState.open, decidedAt: now }
        : { state: CooperationState.closed, decidedAt: now, closedAt: now, closedBy: by },
    )
    .where(and(eq(cooperations.id, id), eq(cooperations.state, CooperationState.applied)))
    .returning({ id: cooperations.id });
  return rows.length > 0;
}

/** Closes a live cooperation; returns whether it changed. */
export async function closeCooperation(db: Queryable, id: string, by: string, now: Date) {
  const rows = await db
    .update(cooperations)
    .set({ state: CooperationState.closed, closedAt: now, closedBy: by })
    .where(
      and(
        eq(cooperations.id, id),
        or(eq(cooperations.state, CooperationState.applied), eq(cooperations.state, CooperationState.open)),
      ),
    )
    .returning({ id: cooperations.id });
  return rows.length > 0;
}

/** Whether the two organizations have an open cooperation (either side applied). */
export async function hasOpenCooperation(db: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ id: cooperations.id })
    .from(cooperations)
    .where(
      and(
        eq(cooperations.state, CooperationState.open),
        or(
          and(eq(cooperations.applicantId, a), eq(cooperations.partnerId, b)),
          and(eq(cooperations.applicantId, b), eq(cooperations.partnerId, a)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
