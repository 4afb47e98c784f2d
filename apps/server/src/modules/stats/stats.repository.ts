import { eq, inArray, or, sql } from 'drizzle-orm';
import { BoxRole, CooperationState, CustType } from '@archway/contract';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { ALL_PARTNERS, statsPreferences } from './stats.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export { ALL_PARTNERS };

/** Case counts of one row of `case_stats` (or a sum of them). */
export interface Counts {
  total: number;
  orthodontics: number;
  implant: number;
  restoration: number;
  received: number;
  downloaded: number;
}

const counts = (alias: string) =>
  sql.raw(
    ['total', 'orthodontics', 'implant', 'restoration', 'received', 'downloaded']
      .map((c) => `coalesce(sum(${alias}.${c}), 0)::int as ${c}`)
      .join(', '),
  );

export interface OrgRecord {
  id: string;
  name: string;
  custType: number;
  status: number;
  timeZone: string;
  parentId: string | null;
}

export async function findOrg(db: Queryable, custId: string): Promise<OrgRecord | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      custType: customers.custType,
      status: customers.status,
      timeZone: customers.timeZone,
      parentId: customers.parentId,
    })
    .from(customers)
    .where(eq(customers.id, custId));
  return row;
}

/** An organization and those it manages (its children): the organization first, then the children by name. */
export const subjectsOf = (db: Queryable, ownId: string): Promise<OrgRecord[]> =>
  db
    .select({
      id: customers.id,
      name: customers.name,
      custType: customers.custType,
      status: customers.status,
      timeZone: customers.timeZone,
      parentId: customers.parentId,
    })
    .from(customers)
    .where(or(eq(customers.id, ownId), eq(customers.parentId, ownId)))
    .orderBy(sql`${customers.id} <> ${ownId}`, byName(customers.name));

/**
 * The organizations an organization's cases came from or went to: the distinct partners of its monthly rows, read as
 * a skip scan of the primary key (one index descent per partner, not one row per partner and month).
 */
const casePartners = (custId: string) => sql`with recursive p(id) as (
    (select s.partner_id from case_stats s
      where s.cust_id = ${custId} and s.grain = 'm' and s.partner_id > ${ALL_PARTNERS}
      order by s.partner_id limit 1)
    union all
    select (select s.partner_id from case_stats s
        where s.cust_id = ${custId} and s.grain = 'm' and s.partner_id > p.id
        order by s.partner_id limit 1)
      from p where p.id is not null
  )
  select id from p where id is not null`;

/** The organizations an organization's cases came from or went to, by name. */
export const statsPartners = (db: Queryable, custId: string) =>
  rowsOf<{ id: string; name: string; custType: number }>(
    db,
    sql`select c.id, c.name, c.cust_type as "custType" from customers c
      where c.id in (${casePartners(custId)}) order by ${byName(sql.raw('c.name'))}`,
  );

/**
 * Partner clinics and labs: the organizations the organization ever exchanged cases with, lends devices to or
 * borrows from (live), or cooperates with. (Receiver entries alone do not count: an organization with thousands of
 * devices would read all their entries on every dashboard; once a scan goes, its receiver is a case partner.)
 */
export async function partnerCounts(db: Queryable, custId: string, now: Date) {
  const [row] = await rowsOf<{ clinics: number; labs: number }>(
    db,
    sql`with rel(id) as (
        ${casePartners(custId)}
        union select a.from_cust_id from device_auths a
          where a.cust_id = ${custId} and a.status = 'active' and a.expires_at > ${now}
        union select a.cust_id from device_auths a
          where a.from_cust_id = ${custId} and a.status = 'active' and a.expires_at > ${now}
        union select p.partner_id from cooperations p where p.applicant_id = ${custId} and p.state = ${CooperationState.open}
        union select p.applicant_id from cooperations p where p.partner_id = ${custId} and p.state = ${CooperationState.open}
      )
      select (count(*) filter (where c.cust_type = ${CustType.clinic}))::int as clinics,
        (count(*) filter (where c.cust_type = ${CustType.lab}))::int as labs
      from rel join customers c on c.id = rel.id where c.id <> ${custId}`,
  );
  return row ?? { clinics: 0, labs: 0 };
}

/**
 * Joins, as `t`, today's daily row of the same partner to a monthly row `s` of today's month: subtracted, it leaves
 * the month up to yesterday (product §9).
 */
const todaysRow = (today: string) => sql`left join case_stats t on t.cust_id = s.cust_id and t.grain = 'd'
  and t.partner_id = s.partner_id and t.device_serial = '' and t.period = ${today}::date
  and s.period = date_trunc('month', ${today}::date)::date`;

/** Daily rows from `from` to `to` (inclusive, 'YYYY-MM-DD'): only days with cases. */
export const dailyRows = (db: Queryable, custId: string, partnerId: string, from: string, to: string) =>
  rowsOf<Counts & { day: string }>(
    db,
    sql`select s.period::text as day, ${counts('s')} from case_stats s
      where s.cust_id = ${custId} and s.grain = 'd' and s.partner_id = ${partnerId} and s.device_serial = ''
        and s.period between ${from}::date and ${to}::date
      group by s.period order by s.period`,
  );

/** The first day with cases ('YYYY-MM-DD'), or null. */
export async function firstDay(db: Queryable, custId: string, partnerId: string): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(
    db,
    sql`select min(s.period)::text as day from case_stats s
      where s.cust_id = ${custId} and s.grain = 'd' and s.partner_id = ${partnerId} and s.device_serial = ''`,
  );
  return row?.day ?? null;
}

/**
 * Monthly rows between two months (their first days, inclusive), today's cases taken out of today's month (the
 * figures go up to yesterday).
 */
export const monthRows = (
  db: Queryable,
  q: { custId: string; partnerId: string; from: string; to: string; today: string },
) =>
  rowsOf<Counts & { month: string }>(
    db,
    sql`select to_char(s.period, 'YYYY-MM') as month,
        ${sql.raw(
          ['total', 'orthodontics', 'implant', 'restoration', 'received', 'downloaded']
            .map((c) => `(s.${c} - coalesce(t.${c}, 0))::int as ${c}`)
            .join(', '),
        )}
      from case_stats s ${todaysRow(q.today)}
      where s.cust_id = ${q.custId} and s.grain = 'm' and s.partner_id = ${q.partnerId} and s.device_serial = ''
        and s.period between ${q.from}::date and ${q.to}::date
      order by s.period`,
  );

/** Cases by scanner between two months, most first; the name where the organization owns the scanner. */
export const deviceTotals = (
  db: Queryable,
  q: { custId: string; partnerId: string; from: string; to: string },
) =>
  rowsOf<{ serial: string; name: string | null; total: number }>(
    db,
    sql`select s.device_serial as serial, d.name, sum(s.total)::int as total
      from case_stats s left join devices d on d.serial = s.device_serial and d.owner_cust_id = s.cust_id
      where s.cust_id = ${q.custId} and s.grain = 'm' and s.partner_id = ${q.partnerId} and s.device_serial <> ''
        and s.period between ${q.from}::date and ${q.to}::date
      group by s.device_serial, d.name order by 3 desc, 1 limit 50`,
  );

// ---- the statistics table ---------------------------------------------------------------------------

export interface PartnerMonth {
  partnerId: string;
  /** 'YYYY-MM'. */
  month: string;
  total: number;
  ortho: number;
  restoration: number;
  implant: number;
}

/**
 * Every monthly partner row of the organization up to `to` (a month's first day), today's cases taken out of today's
 * month: an index-only scan of `case_stats_partner_months` (partners × months rows, never the by-scanner rows).
 */
export const partnerMonths = (
  db: Queryable,
  q: { custId: string; partnerId?: string | undefined; to: string; today: string },
) =>
  rowsOf<PartnerMonth>(
    db,
    sql`select s.partner_id as "partnerId", to_char(s.period, 'YYYY-MM') as month,
        (s.total - coalesce(t.total, 0))::int as total, (s.orthodontics - coalesce(t.orthodontics, 0))::int as ortho,
        (s.restoration - coalesce(t.restoration, 0))::int as restoration,
        (s.implant - coalesce(t.implant, 0))::int as implant
      from case_stats s ${todaysRow(q.today)}
      where s.cust_id = ${q.custId} and s.grain = 'm' and s.device_serial = ''
        and s.partner_id <> ${ALL_PARTNERS} and s.period <= ${q.to}::date
        ${q.partnerId ? sql`and s.partner_id = ${q.partnerId}` : sql``}`,
  );

/** Organizations' names by id. */
export async function namesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- what needs attention -----------------------------------------------------------------------------

export const expiringAuthorizations = (db: Queryable, custId: string, now: Date, until: Date) =>
  rowsOf<{
    id: string;
    deviceId: string;
    deviceName: string;
    serial: string;
    custName: string;
    lent: 'in' | 'out';
    expiresAt: Date | string;
  }>(
    db,
    sql`select a.id, d.id as "deviceId", d.name as "deviceName", d.serial, c.name as "custName",
        case when a.cust_id = ${custId} then 'in' else 'out' end as lent, a.expires_at as "expiresAt"
      from device_auths a join devices d on d.id = a.device_id
        join customers c on c.id = case when a.cust_id = ${custId} then a.from_cust_id else a.cust_id end
      where (a.cust_id = ${custId} or a.from_cust_id = ${custId}) and a.status = 'active'
        and a.expires_at > ${now} and a.expires_at <= ${until}
      order by a.expires_at, d.serial limit 10`,
  );

/** Devices the organization owns or borrows (live) without a live receiver: the first few and how many. */
export async function devicesWithoutReceiver(db: Queryable, custId: string, now: Date) {
  const rows = await rowsOf<{ id: string; name: string; serial: string; n: number }>(
    db,
    sql`with mine as (
        select d.id from devices d where d.owner_cust_id = ${custId}
        union select a.device_id from device_auths a
          where a.cust_id = ${custId} and a.status = 'active' and a.expires_at > ${now}
      )
      select d.id, d.name, d.serial, (count(*) over ())::int as n
      from mine join devices d on d.id = mine.id
      where not exists (select 1 from device_receivers r where r.device_id = d.id and r.expires_at > ${now})
      order by ${byName(sql.raw('d.name'))}, d.serial limit 5`,
  );
  return { devices: rows.map(({ id, name, serial }) => ({ id, name, serial })), count: rows[0]?.n ?? 0 };
}

/** Devices the organization owns, and those lent to it (live). */
export async function deviceCounts(db: Queryable, custId: string, now: Date) {
  const [row] = await rowsOf<{ owned: number; borrowed: number }>(
    db,
    sql`select (select count(*) from devices where owner_cust_id = ${custId})::int as owned,
      (select count(*) from device_auths where cust_id = ${custId} and status = 'active'
        and expires_at > ${now})::int as borrowed`,
  );
  return row ?? { owned: 0, borrowed: 0 };
}

/** The organization's latest live copies with the party each came from. */
export const recentCopies = (db: Queryable, custId: string, limit: number) =>
  rowsOf<{
    caseId: string;
    patientName: string;
    caseType: number;
    fromName: string | null;
    createdAt: Date | string;
    role: BoxRole;
    downloadedAt: Date | string | null;
    ext: string | null;
    thumbnailKey: string | null;
  }>(
    db,
    sql`select b.case_id as "caseId", k.patient_name as "patientName", k.case_type as "caseType",
        case when b.role = ${BoxRole.receiver} then f.name end as "fromName", b.case_created_at as "createdAt", b.role,
        b.downloaded_at as "downloadedAt", k.ext, k.thumbnail_key as "thumbnailKey"
      from case_boxes b join cases k on k.id = b.case_id
        left join customers f on f.id = coalesce(b.forwarded_by, k.sender_cust_id)
      where b.cust_id = ${custId} and b.deleted_at is null and b.recycled_at is null
      order by b.case_created_at desc nulls last, b.case_id limit ${sql.raw(String(Math.trunc(limit)))}`,
  );

// ---- settings -----------------------------------------------------------------------------------------

export async function preferencesOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ abnormal: statsPreferences.abnormal, difference: statsPreferences.difference })
    .from(statsPreferences)
    .where(eq(statsPreferences.userId, userId));
  return row ?? { abnormal: null, difference: null };
}

export const savePreferences = (
  db: Queryable,
  userId: string,
  p: { abnormal: number | null; difference: number | null },
) =>
  db
    .insert(statsPreferences)
    .values({ userId, ...p })
    .onConflictDoUpdate({ target: statsPreferences.userId, set: p });

/**
 * Recomputes the statistics rows of one organization (or all, `custId` null) from its case copies (the SQL
 * function of migration 0022, the same rules as the triggers). Uploads wait until the transaction commits.
 */
export async function rebuildCaseStats(db: Queryable, custId: string | null) {
  await db.execute(sql`select case_stats_rebuild(${custId}::uuid)`);
}
