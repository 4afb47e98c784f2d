import { and, count, eq, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { preparedOn, statement } from '../../platform/db/statement.ts';
import { customers } from '../orgs/orgs.schema.ts';
import {
  deviceAuths,
  deviceChanges,
  deviceCodeAttempts,
  deviceReceivers,
  deviceRegistry,
  devices,
  deviceUsers,
} from './devices.schema.ts';
import { byNameRaw } from '../../platform/db/collation.ts';

export type DeviceRecord = typeof devices.$inferSelect;
export type CustomerRecord = typeof customers.$inferSelect;

// ---- lookups ------------------------------------------------------------------

export const findRegistry = async (db: Queryable, serial: string) =>
  (await db.select().from(deviceRegistry).where(eq(deviceRegistry.serial, serial)).limit(1))[0];

/** `lock`: the row is locked for the change (`for update`), in a transaction. */
export interface Lookup {
  lock?: boolean;
}

export const findDeviceBySerial = async (db: Queryable, serial: string, { lock = false }: Lookup = {}) => {
  const q = db.select().from(devices).where(eq(devices.serial, serial)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

export const findDeviceById = async (db: Queryable, id: string, { lock = false }: Lookup = {}) => {
  const q = db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
};

/** `/user/current` reads it on every call: built and prepared once (platform/db/statement.ts). */
const customerById = preparedOn((db) =>
  db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('customers_find_by_id'),
);

export const findCustomer = async (db: Queryable, id: string): Promise<CustomerRecord | undefined> =>
  (await customerById(db).execute({ id }))[0];

export async function deviceWithOwner(db: Queryable, id: string) {
  const [row] = await db
    .select({ device: devices, ownerName: customers.name })
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.ownerCustId))
    .where(eq(devices.id, id));
  return row;
}

// ---- changes of a device ----------------------------------------------------

export async function insertDevice(db: Queryable, values: typeof devices.$inferInsert) {
  const [created] = await db
    .insert(devices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: devices.id });
  return created;
}

export const deleteDevice = (db: Queryable, id: string) => db.delete(devices).where(eq(devices.id, id));

export const updateDevice = (
  db: Queryable,
  id: string,
  values: Pick<DeviceRecord, 'name' | 'memo' | 'encryptType' | 'scanType'>,
) => db.update(devices).set(values).where(eq(devices.id, id));

/** Ownership moves at once: every authorization is recalled, every device user and receiver removed. */
export async function transferDevice(db: Queryable, id: string, toCustId: string, now: Date) {
  await db
    .update(deviceAuths)
    .set({ status: 'recalled', updatedAt: now })
    .where(eq(deviceAuths.deviceId, id));
  await db.delete(deviceUsers).where(eq(deviceUsers.deviceId, id));
  await db.delete(deviceReceivers).where(eq(deviceReceivers.deviceId, id));
  await db.update(devices).set({ ownerCustId: toCustId, activatedAt: now }).where(eq(devices.id, id));
}

/** Receiver rows for the given case types, ignoring ones that exist. */
export const insertReceivers = (db: Queryable, rows: (typeof deviceReceivers.$inferInsert)[]) =>
  db
    .insert(deviceReceivers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: deviceReceivers.id, caseType: deviceReceivers.caseType });

// ---- entries a borrower added end with its lending -----------------------------

/**
 * An entry (device user or receiver, aliased `alias`) counts only while whoever added it may: the owner's
 * entries (and entries without a recorded organization) always, a borrowing organization's only while its
 * authorization of that device is live. The sweep and recall delete the others; this keeps reads true meanwhile.
 * (A scalar sub-select rather than EXISTS: PostgreSQL may turn an EXISTS under OR into a hashed sub-plan that
 * reads all of device_auths; this one is always a per-row lookup on device_auths_cust_live.)
 */
export const entryLive = (alias: string, ownerExpr: SQL, now: Date | Placeholder) => {
  const a = sql.raw(alias);
  return sql`(${a}.created_by_cust_id is null or ${a}.created_by_cust_id = ${ownerExpr} or coalesce((select true from device_auths la where la.cust_id = ${a}.created_by_cust_id and la.device_id = ${a}.device_id and la.status = 'active' and la.expires_at > ${now} limit 1), false))`;
};

// ---- the device lists ----------------------------------------------------------

export type DeviceScope = 'manageable' | 'usable' | 'all';

export interface ListQuery {
  custId: string;
  userId: string;
  scope: DeviceScope;
  keyword?: string | undefined;
  lent?: 'toMe' | 'byMe' | undefined;
  sorter?: string | undefined;
  pageIndex: number;
  pageSize: number;
  now: Date;
  /** The reader's language: device names in its order (platform/db/collation.ts). */
  language?: string | undefined;
}

const SORTS: Record<string, string> = {
  'activationTime desc': 'd.activated_at desc',
  'activationTime asc': 'd.activated_at asc',
  'registTime desc': 'd.activated_at desc',
  'registTime asc': 'd.activated_at asc',
  'number asc': 'd.serial asc',
  'number desc': 'd.serial desc',
};

/** The columns a candidate row carries (enough to filter and order before the page is joined). */
const CANDIDATE_COLUMNS = 'id, serial, name, owner_cust_id, activated_at';
const CANDIDATE = sql.raw(CANDIDATE_COLUMNS);
/** One device by primary key, as a per-row lookup (LIMIT keeps PostgreSQL from turning it into a hash join). */
const deviceOf = (idExpr: string) =>
  sql.raw(
    `cross join lateral (select ${CANDIDATE_COLUMNS} from devices where devices.id = ${idExpr} limit 1) x`,
  );

/** The values of a device list statement, filled into its placeholders. */
type ListParam = 'custId' | 'userId' | 'now' | 'keyword' | 'reach' | 'pageSize' | 'offset';
type P = Record<ListParam, Placeholder<ListParam>>;

/**
 * The devices an organization (and its signed-in user) relates to WITHOUT owning them, set-based: a UNION of index
 * lookups — live authorization (device_auths_cust_live), live device-user window of the user (device_users_user),
 * receiver (device_receivers_cust) — each joined to its device by primary key, owned ones left out (receiver rows
 * of owned devices by an anti-join before that lookup). Null for `manageable` (owned only). Never a scan of `devices`.
 */
function relatedNotOwned(scope: DeviceScope, p: P): SQL | null {
  const { custId, userId, now } = p;
  if (scope === 'manageable') return null;
  const cols = sql.raw('x.id, x.serial, x.name, x.owner_cust_id, x.activated_at');
  const notMine = sql`x.owner_cust_id <> ${custId}`;
  const borrowed = sql`select ${cols} from device_auths a ${deviceOf('a.device_id')} where a.cust_id = ${custId} and a.status = 'active' and a.expires_at > ${now} and ${notMine}`;
  const using = sql`select ${cols} from device_users u ${deviceOf('u.device_id')} where u.user_id = ${userId} and u.starts_at <= ${now} and u.ends_at > ${now} and ${notMine} and ${entryLive('u', sql`x.owner_cust_id`, now)}`;
  if (scope === 'usable') return sql`${borrowed} union ${using}`;
  // A lab receives its own devices' scans: those rows are dropped by an anti-join before any per-row lookup.
  const receiving = sql`select ${cols} from device_receivers r ${deviceOf('r.device_id')} where r.cust_id = ${custId} and not exists (select 1 from devices o where o.id = r.device_id and o.owner_cust_id = ${custId}) and ${entryLive('r', sql`x.owner_cust_id`, now)}`;
  return sql`${borrowed} union ${using} union ${receiving}`;
}

/** Whether an authorization row of device `d` matches (per-row lookup, see entryLive). */
const anyAuth = (cond: SQL) =>
  sql`coalesce((select true from device_auths x where x.device_id = d.id and ${cond} limit 1), false)`;

/** The shape of a device list statement: what decides its text (the values do not). */
interface ListShape {
  scope: DeviceScope;
  keyword: boolean;
  lent: 'toMe' | 'byMe' | undefined;
  sorter: string | undefined;
  language: string | undefined;
}

function listFilter(shape: ListShape, p: P): SQL {
  const parts: SQL[] = [sql`true`];
  if (shape.keyword) parts.push(sql`(d.serial ilike ${p.keyword} or d.name ilike ${p.keyword})`);
  if (shape.lent === 'toMe') parts.push(anyAuth(sql`x.cust_id = ${p.custId}`));
  if (shape.lent === 'byMe')
    parts.push(sql`d.owner_cust_id = ${p.custId} and ${anyAuth(sql`x.from_cust_id = ${p.custId}`)}`);
  return sql.join(parts, sql` and `);
}

interface ListedRow {
  id: string;
  serial: string;
  name: string;
  memo: string | null;
  encrypt_type: number;
  scan_type: string;
  owner_cust_id: string;
  bound_by: string | null;
  activated_at: Date | string;
  owner_name: string;
}

type Run = ReturnType<typeof statement<ListParam>>;
const LIST_PARAMS: ListParam[] = ['custId', 'userId', 'now', 'keyword', 'reach', 'pageSize', 'offset'];

/** The page statement and the count statement of one shape, built from placeholders (issue 35: once per shape). */
function listStatements(shape: ListShape): { page: Run; count: Run } {
  const orderOf = (alias: string) =>
    sql.raw(
      `${
        shape.sorter === 'name asc' || shape.sorter === 'name desc'
          ? `${byNameRaw(`${alias}.name`, shape.language)} ${shape.sorter.slice(5)}`
          : (SORTS[shape.sorter ?? ''] ?? SORTS['activationTime desc']!).replaceAll('d.', `${alias}.`)
      }, ${alias}.serial asc`,
    );
  const parts = (p: P) => {
    const filter = listFilter(shape, p);
    const related = relatedNotOwned(shape.scope, p);
    const withOther = related ? sql`with other as (${related}) ` : sql``;
    const ownedCount = sql`(select count(*) from devices d where owner_cust_id = ${p.custId} and ${filter})`;
    const total = related ? sql`${ownedCount} + (select count(*) from other d where ${filter})` : ownedCount;
    return { filter, related, withOther, total };
  };
  return {
    page: statement(LIST_PARAMS, (p) => {
      const { filter, related, withOther, total } = parts(p);
      const owned = sql`(select ${CANDIDATE} from devices d where owner_cust_id = ${p.custId} and ${filter} order by ${orderOf('d')} limit ${p.reach})`;
      const merged = related ? sql`${owned} union all (select * from other d where ${filter})` : owned;
      // The page and the total in one statement (one round trip); the total is an InitPlan, computed once.
      return sql`${withOther}select d.id, d.serial, d.name, d.memo, d.encrypt_type, d.scan_type, d.owner_cust_id, d.bound_by,
             d.activated_at, c.name as owner_name, ${total} as total
      from (select p.id from (${merged}) p order by ${orderOf('p')} limit ${p.pageSize} offset ${p.offset}) page
      cross join lateral (select * from devices where devices.id = page.id limit 1) d
      cross join lateral (select name from customers where customers.id = d.owner_cust_id limit 1) c
      order by ${orderOf('d')}`;
    }),
    count: statement(LIST_PARAMS, (p) => {
      const { withOther, total } = parts(p);
      return sql`${withOther}select ${total} as n`;
    }),
  };
}

/** Built statements by shape (a few dozen in use; bounded all the same). */
const listByShape = new Map<string, ReturnType<typeof listStatements>>();
const LIST_SHAPES_KEPT = 1000;

function listStatementsFor(shape: ListShape) {
  const key = `${shape.scope}|${shape.keyword ? 1 : 0}|${shape.lent ?? ''}|${shape.sorter ?? ''}|${shape.language ?? ''}`;
  let made = listByShape.get(key);
  if (!made) {
    if (listByShape.size >= LIST_SHAPES_KEPT) listByShape.clear();
    listByShape.set(key, (made = listStatements(shape)));
  }
  return made;
}

/**
 * One page of the device list, bounded by the page, not by the organization: the owned devices come straight off
 * `devices_owner_activated` in the list's order, only the first pageIndex × pageSize of them (no sort of thousands
 * of rows), merged with the few related devices owned by others; only the page's rows are joined to their device
 * and owner (by primary key). The total is an index-only count of the owned devices plus the related ones (with a
 * keyword or `lent` filter, a count of the filtered rows), in the same statement as the page. The statement's text
 * depends only on the list's shape (scope, filters, sort, language): built once per shape, its values filled in.
 */
export async function listDevices(db: Queryable, q: ListQuery) {
  const { page, count } = listStatementsFor({
    scope: q.scope,
    keyword: Boolean(q.keyword),
    lent: q.lent,
    sorter: q.sorter,
    language: q.language,
  });
  const values: Record<ListParam, unknown> = {
    custId: q.custId,
    userId: q.userId,
    now: q.now,
    keyword: q.keyword ? `%${escapeLike(q.keyword)}%` : null,
    reach: q.pageIndex * q.pageSize,
    pageSize: q.pageSize,
    offset: (q.pageIndex - 1) * q.pageSize,
  };
  const rows = await page<ListedRow & { total: number | string }>(db, values);
  // An empty page past the first says nothing of the total: then it is counted alone.
  const counted =
    rows[0]?.total ?? (q.pageIndex > 1 ? (await count<{ n: number | string }>(db, values))[0]?.n : 0);
  return {
    total: Number(counted ?? 0),
    rows: rows.map((r) => ({
      device: {
        id: r.id,
        serial: r.serial,
        name: r.name,
        memo: r.memo,
        encryptType: r.encrypt_type,
        scanType: r.scan_type,
        ownerCustId: r.owner_cust_id,
        boundBy: r.bound_by,
        activatedAt: new Date(r.activated_at),
      } satisfies DeviceRecord,
      ownerName: r.owner_name,
    })),
  };
}

// ---- roles for a page of devices, in one query -----------------------------------

export interface Relation {
  ownerCustId: string;
  authorized: boolean;
  /** The end of the user's live device-user window, if any. */
  userEndsAt: Date | null;
  receiver: boolean;
  /** The device has a live authorization (to anybody). */
  lent: boolean;
}

/** Every device list runs it for its page: built once (platform/db/statement.ts); the page's ids as one array. */
const relationRows = statement(
  ['ids', 'custId', 'userId', 'now'],
  (p) =>
    sql`select d.id, d.owner_cust_id,
      exists (select 1 from device_auths l where l.device_id = d.id and l.status = 'active' and l.expires_at > ${p.now}) as lent,
      exists (select 1 from device_auths a where a.device_id = d.id and a.cust_id = ${p.custId} and a.status = 'active' and a.expires_at > ${p.now}) as authorized,
      (select max(u.ends_at) from device_users u where u.device_id = d.id and u.user_id = ${p.userId} and u.starts_at <= ${p.now} and u.ends_at > ${p.now} and ${entryLive('u', sql`d.owner_cust_id`, p.now)}) as user_ends_at,
      exists (select 1 from device_receivers r where r.device_id = d.id and r.cust_id = ${p.custId} and ${entryLive('r', sql`d.owner_cust_id`, p.now)}) as receiver
    from devices d where d.id = any(${p.ids}::uuid[])`,
);

/**
 * How one organization (and its user) relates to each of the given devices, and whether each is lent: one query
 * for the whole page.
 */
export async function relations(
  db: Queryable,
  deviceIds: string[],
  custId: string,
  userId: string,
  now: Date,
): Promise<Map<string, Relation>> {
  const result = new Map<string, Relation>();
  if (!deviceIds.length) return result;
  const rows = await relationRows<{
    id: string;
    owner_cust_id: string;
    authorized: boolean;
    user_ends_at: Date | string | null;
    receiver: boolean;
    lent: boolean;
  }>(db, { ids: deviceIds, custId, userId, now });
  for (const r of rows) {
    result.set(r.id, {
      ownerCustId: r.owner_cust_id,
      authorized: r.authorized === true || (r.authorized as unknown) === 't',
      userEndsAt: r.user_ends_at ? new Date(r.user_ends_at) : null,
      receiver: r.receiver === true || (r.receiver as unknown) === 't',
      lent: r.lent === true || (r.lent as unknown) === 't',
    });
  }
  return result;
}

// ---- management-code attempts ----------------------------------------------------

/** Reserves one attempt before the code is compared; returns its id. */
export async function reserveCodeAttempt(db: Queryable, serial: string, custId: string | null) {
  const [row] = await db
    .insert(deviceCodeAttempts)
    .values({ serial, custId })
    .returning({ id: deviceCodeAttempts.id });
  return row!.id;
}

export const dropCodeAttempt = (db: Queryable, id: string) =>
  db.delete(deviceCodeAttempts).where(eq(deviceCodeAttempts.id, id));

/** Attempts (reserved or failed) since `since`: for the serial, and from the organization. */
export async function countCodeAttempts(db: Queryable, serial: string, custId: string | null, since: Date) {
  const [bySerial] = await db
    .select({ n: count() })
    .from(deviceCodeAttempts)
    .where(and(eq(deviceCodeAttempts.serial, serial), gt(deviceCodeAttempts.at, since)));
  const [byCust] = custId
    ? await db
        .select({ n: count() })
        .from(deviceCodeAttempts)
        .where(and(eq(deviceCodeAttempts.custId, custId), gt(deviceCodeAttempts.at, since)))
    : [{ n: 0 }];
  return { bySerial: bySerial?.n ?? 0, byCust: byCust?.n ?? 0 };
}

// ---- the -228 frequency counter ---------------------------------------------------

export const recordChange = (db: Queryable, deviceId: string, custId: string, kind: 'auth' | 'receiver') =>
  db.insert(deviceChanges).values({ deviceId, custId, kind });

/** Successful changes of a kind on a device since `since` (receiver changes: by one organization). */
export async function countChanges(
  db: Queryable,
  deviceId: string,
  kind: 'auth' | 'receiver',
  since: Date,
  custId?: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(deviceChanges)
    .where(
      and(
        eq(deviceChanges.deviceId, deviceId),
        eq(deviceChanges.kind, kind),
        gt(deviceChanges.at, since),
        custId ? eq(deviceChanges.custId, custId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Counter rows nobody counts any more. */
export async function pruneCounters(db: Queryable, before: Date) {
  await db.delete(deviceChanges).where(lt(deviceChanges.at, before));
  await db.delete(deviceCodeAttempts).where(lt(deviceCodeAttempts.at, before));
}
