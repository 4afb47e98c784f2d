import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { BoxRole, CustStatus } from '@archway/contract';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { caseBoxes, caseFiles, cases } from './cases.schema.ts';
import { byName, byNameRaw } from '../../platform/db/collation.ts';

export type CaseRecord = typeof cases.$inferSelect;
export type CaseFileRecord = typeof caseFiles.$inferSelect;
export type BoxRecord = typeof caseBoxes.$inferSelect;

// ---- creating a case -----------------------------------------------------------------

export const findDeviceBySerial = async (db: Queryable, serial: string) =>
  (
    await db
      .select({
        id: devices.id,
        serial: devices.serial,
        ownerCustId: devices.ownerCustId,
        encryptType: devices.encryptType,
      })
      .from(devices)
      .where(eq(devices.serial, serial))
      .limit(1)
  )[0];

/**
 * The organizations a device's scans of one case type go to: live receiver entries (not expired; a borrower's
 * entry only while its lending is live), organizations whose audit did not fail, never the sender itself.
 */
export async function routeTargets(
  db: Queryable,
  deviceId: string,
  caseType: number,
  senderCustId: string,
  now: Date,
): Promise<string[]> {
  const rows = await rowsOf<{ cust_id: string }>(
    db,
    sql`select distinct r.cust_id from device_receivers r
      join customers c on c.id = r.cust_id
      join devices d on d.id = r.device_id
      where r.device_id = ${deviceId} and r.case_type = ${caseType} and r.expires_at > ${now}
        and c.status <> ${CustStatus.auditFailed} and r.cust_id <> ${senderCustId}
        and (r.created_by_cust_id is null or r.created_by_cust_id = d.owner_cust_id
          or exists (select 1 from device_auths la where la.cust_id = r.created_by_cust_id and la.device_id = r.device_id
            and la.status = 'active' and la.expires_at > ${now}))`,
  );
  return rows.map((r) => r.cust_id);
}

export const insertCase = async (db: Queryable, values: typeof cases.$inferInsert) =>
  (await db.insert(cases).values(values).returning())[0]!;

export const findCaseByUpload = async (db: Queryable, uploadId: string) =>
  (await db.select().from(cases).where(eq(cases.uploadId, uploadId)).limit(1))[0];

export const insertFiles = (db: Queryable, rows: (typeof caseFiles.$inferInsert)[]) =>
  rows.length ? db.insert(caseFiles).values(rows) : Promise.resolve();

/**
 * A case's copies, in organization order: the per-row triggers (box counts, statistics) lock shared rows of each
 * organization, and two uploads between the same organizations in opposite directions must take them in one order
 * or deadlock.
 */
export const insertBoxes = (db: Queryable, rows: (typeof caseBoxes.$inferInsert)[]) =>
  db
    .insert(caseBoxes)
    .values([...rows].sort((a, b) => (a.custId < b.custId ? -1 : a.custId > b.custId ? 1 : 0)));

// ---- the case box ---------------------------------------------------------------------

export interface BoxQuery {
  custId: string;
  recycle: boolean;
  caseType?: number | undefined;
  isSend?: boolean | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
  keyword?: string | undefined;
  notDownload?: boolean | undefined;
  downloaded?: boolean | undefined;
  sorter?: string | undefined;
  pageIndex: number;
  pageSize: number;
  /** The reader's language: patient names in its order (platform/db/collation.ts). */
  language?: string | undefined;
}

/**
 * Sort orders, each with its tie-break. The upload-time orders match the partial indexes exactly (`desc nulls last`,
 * as the index is built; `asc nulls first` is that index read backwards), so a page is read off the index.
 */
const SORTS: Record<string, string> = {
  'registTime desc': 'b.case_created_at desc nulls last, b.case_id',
  'registTime asc': 'b.case_created_at asc nulls first, b.case_id desc',
  'editTime desc': 'c.uploaded_at desc, b.case_id',
  'editTime asc': 'c.uploaded_at asc, b.case_id',
};

/** The sort order of a list: a patient-name sort in the reader's language's collation. */
function sortOf(sorter: string | undefined, language: string | undefined): string {
  if (sorter === 'patientName asc' || sorter === 'patientName desc')
    return `${byNameRaw('c.patient_name', language)} ${sorter.endsWith('desc') ? 'desc' : 'asc'}, b.case_id`;
  return SORTS[sorter ?? ''] ?? SORTS['registTime desc']!;
}

const CASE_NUMBER = /^([0-9a-f]{4})-?([0-9a-f]{4})$/i;

/**
 * The ids a keyword names when it is a short case number (`XXXX-XXXX`, the first eight hex digits of the id, with or
 * without the dash, in any case; the web's `features/cases/utils/case-number.ts`): the range of UUIDs starting with
 * them, so the primary key (case_id, cust_id) finds them. Anything else names no id (docs/decisions.md).
 */
function caseNumberRange(keyword: string): { from: string; to: string } | undefined {
  const m = CASE_NUMBER.exec(keyword.trim());
  if (!m) return undefined;
  const prefix = `${m[1]}${m[2]}`.toLowerCase();
  return { from: `${prefix}-0000-0000-0000-000000000000`, to: `${prefix}-ffff-ffff-ffff-ffffffffffff` };
}

function boxFilter(q: BoxQuery): SQL {
  const parts: SQL[] = [
    sql`b.cust_id = ${q.custId}`,
    sql`b.deleted_at is null`,
    q.recycle ? sql`b.recycled_at is not null` : sql`b.recycled_at is null`,
  ];
  if (q.caseType) parts.push(sql`c.case_type = ${q.caseType}`);
  if (q.isSend !== undefined) parts.push(sql.raw(`b.role = ${q.isSend ? BoxRole.sender : BoxRole.receiver}`));
  if (q.from) parts.push(sql`b.case_created_at >= ${q.from}`);
  if (q.until) parts.push(sql`b.case_created_at < ${q.until}`);
  if (q.notDownload) parts.push(sql`b.downloaded_at is null`);
  if (q.downloaded !== undefined)
    parts.push(q.downloaded ? sql`b.downloaded_at is not null` : sql`b.downloaded_at is null`);
  // A substring of the patient, the doctor or the other party (case_boxes.search, index case_boxes_search_key); a keyword
  // that is a case number also finds the copies whose id starts with it (a range of the primary key, this
  // organization's copies only: the cust_id condition above holds for both).
  if (q.keyword) {
    // The index holds the trigrams of case_box_search_key(search) (migration 0032: bytes beyond ASCII spelled so
    // pg_trgm sees them under any LC_CTYPE); it narrows, `ilike` decides. The keyword's key is made once (a scalar
    // subquery) and its own % and _ escaped (a key has no backslash left).
    const pattern = `%${escapeLike(q.keyword)}%`;
    const key = sql`(select '%' || replace(replace(case_box_search_key(${q.keyword}::text), '%', '\\%'), '_', '\\_') || '%')`;
    const text = sql`(case_box_search_key(b.search) like ${key} and b.search ilike ${pattern})`;
    const ids = caseNumberRange(q.keyword);
    // The ids first, off the primary key's leading column (a case has a copy or three): planned generically, a
    // plain range next to `b.cust_id = …` was read off case_boxes_box, every copy of the organization (issue 35).
    parts.push(
      ids
        ? sql`(${text} or b.case_id = any(array(select r.case_id from case_boxes r
            where r.case_id between ${ids.from}::uuid and ${ids.to}::uuid)))`
        : text,
    );
  }
  return sql.join(parts, sql` and `);
}

export interface BoxRow {
  box: Pick<
    BoxRecord,
    'role' | 'processStatus' | 'downloadedAt' | 'recycleId' | 'recycledAt' | 'forwardedTo' | 'forwardedBy'
  >;
  record: CaseRecord;
  senderName: string;
}

interface RawBoxRow {
  id: string;
  role: number;
  process_status: number | null;
  downloaded_at: Date | string | null;
  recycle_id: string | null;
  recycled_at: Date | string | null;
  forwarded_to: string | null;
  forwarded_by: string | null;
  sender_name: string;
  total: number | string;
  [column: string]: unknown;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** Maps a raw `cases` row (snake_case) to the record Drizzle would give. */
function caseOf(r: Record<string, unknown>): CaseRecord {
  return {
    id: r.id as string,
    senderCustId: r.sender_cust_id as string,
    senderUserId: (r.sender_user_id as string | null) ?? null,
    deviceId: (r.device_id as string | null) ?? null,
    deviceSerial: r.device_serial as string,
    caseType: Number(r.case_type),
    status: Number(r.status),
    crypto: Number(r.crypto),
    ext: r.ext as string,
    patientName: r.patient_name as string,
    sex: (r.sex as string | null) ?? null,
    age: r.age === null || r.age === undefined ? null : Number(r.age),
    doctor: r.doctor as string,
    clinic: r.clinic as string,
    phone: r.phone as string,
    dueDate: (r.due_date as string | null) ?? null,
    remark: r.remark as string,
    teeth: (typeof r.teeth === 'string' ? JSON.parse(r.teeth) : r.teeth) as number[],
    upperJaw: r.upper_jaw === true || r.upper_jaw === 't',
    lowerJaw: r.lower_jaw === true || r.lower_jaw === 't',
    designRequirement: r.design_requirement as string,
    material: r.material as string,
    toothColor: r.tooth_color as string,
    implantType: r.implant_type as string,
    restorationType: r.restoration_type as string,
    softwareVersion: r.software_version as string,
    downloadCount: Number(r.download_count),
    uploadId: (r.upload_id as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    uploadedAt: new Date(r.uploaded_at as string),
    editedAt: date(r.edited_at),
    thumbnailKey: (r.thumbnail_key as string | null) ?? null,
  };
}

/**
 * From this offset on a page is a deep one: listBoxes first knows the total (the kept count for the whole box or bin,
 * else one count of what the filter selects) and reads the page from the nearer end of the order.
 */
export const DEEP_OFFSET = 100;

/** The same order read backwards: every key's direction and nulls placement turned (the tie-break included). */
export function reversedSort(sort: string): string {
  return sort
    .split(', ')
    .map((key) => {
      const m = /^(.*?)(?:\s+(asc|desc))?(?:\s+nulls\s+(first|last))?$/i.exec(key.trim())!;
      const desc = (m[2] ?? 'asc').toLowerCase() === 'desc';
      // PostgreSQL's default: nulls last ascending, first descending; the reversed key takes the opposite.
      const nullsFirst = m[3] ? m[3].toLowerCase() === 'first' : desc;
      return `${m[1]} ${desc ? 'asc' : 'desc'} nulls ${nullsFirst ? 'last' : 'first'}`;
    })
    .join(', ');
}

/**
 * One page of an organization's copies and their total. Without a filter on the case itself (type) or a sort by its
 * fields, the page comes straight off the box's partial index (`case_boxes_box` or `case_boxes_bin`, in upload
 * order); only the page's rows are joined to their case and sender by primary key. The unfiltered total is kept by a
 * trigger (case_box_counts); a filtered one is counted. With a keyword, the copies it matches are found once (index
 * `case_boxes_search_key`), and both the page and the total come from them.
 *
 * Deep pages (docs/decisions.md, "The case box at a million"): the call keeps the spec's pageIndex/pageSize, and a
 * page at offset ≥ DEEP_OFFSET is read from the nearer end of the order — the last page is the first rows of the
 * reversed order — so no page walks more than half of what the filter selects; the walk reads only the index's keys
 * (an index-only scan of (cust_id, case_created_at, case_id)) and the page's rows are joined by primary key after.
 * The rows are exactly those an offset would give: every order ends in the case id, so it is total and its reverse
 * is its exact mirror.
 */
export async function listBoxes(db: Queryable, q: BoxQuery): Promise<{ total: number; rows: BoxRow[] }> {
  const sort = sortOf(q.sorter, q.language);
  const needsCase = Boolean(q.caseType || sort.startsWith('c.'));
  const from = needsCase
    ? sql`case_boxes b join cases c on c.id = b.case_id join customers sc on sc.id = c.sender_cust_id`
    : sql`case_boxes b`;
  const filter = boxFilter(q);
  const columns = sql`b.case_id, b.role, b.process_status, b.downloaded_at, b.recycle_id, b.recycled_at,
    b.forwarded_to, b.forwarded_by, b.case_created_at${needsCase ? sql`, c.uploaded_at, c.patient_name` : sql``}`;
  // The whole box or bin: its total is kept by a trigger (case_box_counts); any filter counts what it selects.
  const unfiltered =
    !q.caseType &&
    q.isSend === undefined &&
    !q.from &&
    !q.until &&
    !q.notDownload &&
    q.downloaded === undefined &&
    !q.keyword;
  const countSql = unfiltered
    ? sql`coalesce((select n from case_box_counts where cust_id = ${q.custId} and bin = ${q.recycle}), 0)`
    : sql`(select count(*) from ${from} where ${filter})`;
  const pageSize = Math.trunc(q.pageSize);
  const offset = Math.trunc((q.pageIndex - 1) * q.pageSize);
  let known: number | undefined;
  let limit = pageSize;
  let skip = offset;
  let order = sort;
  if (offset >= DEEP_OFFSET) {
    const [c] = await rowsOf<{ n: number | string }>(db, sql`select ${countSql} as n`);
    known = Number(c?.n ?? 0);
    if (offset >= known) return { total: known, rows: [] };
    limit = Math.min(pageSize, known - offset);
    const fromEnd = known - offset - limit;
    if (fromEnd < offset) {
      skip = fromEnd;
      order = reversedSort(sort);
    }
  }
  // Literal, not parameters: statements are planned generically (platform/db/client.ts), and only a known limit
  // lets PostgreSQL read the page off the index instead of sorting the whole box. Both are validated integers.
  const page = sql.raw(`${limit} offset ${skip}`);
  const totalSql = known !== undefined ? sql.raw(String(known)) : null;
  let matches = sql``;
  let pageSql: SQL;
  if (q.keyword) {
    matches = sql`with m as materialized (select ${columns} from ${from} where ${filter}) `;
    pageSql = sql`select * from m b order by ${sql.raw(order.replace(/\bc\./g, 'b.'))} limit ${page}`;
  } else if (!needsCase && skip >= DEEP_OFFSET) {
    // A deep walk reads the index's keys only; the page's copies are then read by primary key.
    pageSql = sql`select ${columns} from (select b.case_id from case_boxes b where ${filter}
        order by ${sql.raw(order)} limit ${page}) k
      join case_boxes b on b.case_id = k.case_id and b.cust_id = ${q.custId}`;
  } else {
    pageSql = sql`select ${columns} from ${from} where ${filter} order by ${sql.raw(order)} limit ${page}`;
  }
  const rows = await rowsOf<RawBoxRow>(
    db,
    sql`${matches}select c.*, b.role, b.process_status, b.downloaded_at, b.recycle_id, b.recycled_at,
        b.forwarded_to, b.forwarded_by, sc.name as sender_name, ${totalSql ?? (q.keyword ? sql`(select count(*) from m)` : countSql)} as total
      from (${pageSql}) b
      cross join lateral (select * from cases where cases.id = b.case_id limit 1) c
      cross join lateral (select name from customers where customers.id = c.sender_cust_id limit 1) sc
      order by ${sql.raw(sort)}`,
  );
  let total = known ?? Number(rows[0]?.total ?? 0);
  if (!rows.length && q.pageIndex > 1 && known === undefined) {
    const [c] = await rowsOf<{ n: number | string }>(db, sql`select ${countSql} as n`);
    total = Number(c?.n ?? 0);
  }
  return { total, rows: rows.map(boxRowOf) };
}

const boxRowOf = (r: RawBoxRow): BoxRow => ({
  box: {
    role: Number(r.role),
    processStatus: r.process_status === null ? null : Number(r.process_status),
    downloadedAt: date(r.downloaded_at),
    recycleId: r.recycle_id,
    recycledAt: date(r.recycled_at),
    forwardedTo: r.forwarded_to ?? null,
    forwardedBy: r.forwarded_by ?? null,
  },
  record: caseOf(r),
  senderName: r.sender_name,
});

/** The caller's copy of a case (not emptied from its bin), or undefined: another organization's case is "missing". */
export async function findBox(
  db: Queryable,
  caseId: string,
  custId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<BoxRow | undefined> {
  const [row] = await rowsOf<RawBoxRow>(
    db,
    sql`select c.*, b.role, b.process_status, b.downloaded_at, b.recycle_id, b.recycled_at, b.forwarded_to,
        b.forwarded_by, sc.name as sender_name, 0 as total
      from case_boxes b join cases c on c.id = b.case_id join customers sc on sc.id = c.sender_cust_id
      where b.case_id = ${caseId} and b.cust_id = ${custId} and b.deleted_at is null
      ${lock ? sql`for update of b` : sql``}`,
  );
  return row ? boxRowOf(row) : undefined;
}

/** The organization's copies of these cases (not emptied from its bin), in one statement; other cases are absent. */
export async function findBoxes(db: Queryable, caseIds: string[], custId: string): Promise<BoxRow[]> {
  if (!caseIds.length) return [];
  const rows = await rowsOf<RawBoxRow>(
    db,
    sql`select c.*, b.role, b.process_status, b.downloaded_at, b.recycle_id, b.recycled_at, b.forwarded_to,
        b.forwarded_by, sc.name as sender_name, 0 as total
      from case_boxes b join cases c on c.id = b.case_id join customers sc on sc.id = c.sender_cust_id
      where b.case_id in (${sql.join(
        caseIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and b.cust_id = ${custId} and b.deleted_at is null`,
  );
  return rows.map(boxRowOf);
}

/** The organization's copies in its bin (not emptied yet), in one statement. */
export async function binnedBoxes(db: Queryable, custId: string): Promise<BoxRow[]> {
  const rows = await rowsOf<RawBoxRow>(
    db,
    sql`select c.*, b.role, b.process_status, b.downloaded_at, b.recycle_id, b.recycled_at, b.forwarded_to,
        b.forwarded_by, sc.name as sender_name, 0 as total
      from case_boxes b join cases c on c.id = b.case_id join customers sc on sc.id = c.sender_cust_id
      where b.cust_id = ${custId} and b.recycled_at is not null and b.deleted_at is null
      for update of b`,
  );
  return rows.map(boxRowOf);
}

/** An organization's review status (cases.access `requireCertified`), or undefined when there is none. */
export const orgStatus = async (db: Queryable, custId: string): Promise<number | undefined> =>
  (await db.select({ status: customers.status }).from(customers).where(eq(customers.id, custId)))[0]?.status;

export interface Party {
  caseId: string;
  custId: string;
  custName: string;
  role: number;
  processStatus: number | null;
  downloadedAt: Date | null;
  /** Third-party cooperation: the lab's copy names the third party, the third party's names the lab. */
  forwardedTo: string | null;
  forwardedBy: string | null;
}

/** Every organization holding a copy of these cases (emptied copies too: a copy in a bin still downloaded). */
export async function partiesOf(db: Queryable, caseIds: string[]): Promise<Party[]> {
  if (!caseIds.length) return [];
  return db
    .select({
      caseId: caseBoxes.caseId,
      custId: caseBoxes.custId,
      custName: customers.name,
      role: caseBoxes.role,
      processStatus: caseBoxes.processStatus,
      downloadedAt: caseBoxes.downloadedAt,
      forwardedTo: caseBoxes.forwardedTo,
      forwardedBy: caseBoxes.forwardedBy,
    })
    .from(caseBoxes)
    .innerJoin(customers, eq(customers.id, caseBoxes.custId))
    .where(inArray(caseBoxes.caseId, caseIds))
    .orderBy(caseBoxes.role, byName(customers.name));
}

export const filesOf = (db: Queryable, caseId: string) =>
  db
    .select()
    .from(caseFiles)
    .where(eq(caseFiles.caseId, caseId))
    .orderBy(caseFiles.createdAt, caseFiles.name);

export const findFile = async (db: Queryable, caseId: string, fileId: string) =>
  (
    await db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.id, fileId)))
      .limit(1)
  )[0];

// ---- changes --------------------------------------------------------------------------

const box = (caseId: string, custId: string) =>
  and(eq(caseBoxes.caseId, caseId), eq(caseBoxes.custId, custId));

export const setProcessStatus = (db: Queryable, caseId: string, custId: string, status: number) =>
  db.update(caseBoxes).set({ processStatus: status }).where(box(caseId, custId));

export const setCaseStatus = (db: Queryable, caseId: string, status: number) =>
  db.update(cases).set({ status }).where(eq(cases.id, caseId));

/** Marks this organization's copy downloaded and counts the download. */
export async function markDownloaded(db: Queryable, caseId: string, custId: string, now: Date) {
  await db.update(caseBoxes).set({ downloadedAt: now }).where(box(caseId, custId));
  await db
    .update(cases)
    .set({ downloadCount: sql`${cases.downloadCount} + 1` })
    .where(eq(cases.id, caseId));
}

export const recycleBox = (db: Queryable, caseId: string, custId: string, recycleId: string, now: Date) =>
  db
    .update(caseBoxes)
    .set({ recycleId, recycledAt: now })
    .where(and(box(caseId, custId), isNull(caseBoxes.recycledAt), isNull(caseBoxes.deletedAt)))
    .returning({ caseId: caseBoxes.caseId });

export const restoreBox = (db: Queryable, caseId: string, custId: string, recycleId: string) =>
  db
    .update(caseBoxes)
    .set({ recycleId: null, recycledAt: null })
    .where(and(box(caseId, custId), eq(caseBoxes.recycleId, recycleId), isNull(caseBoxes.deletedAt)))
    .returning({ caseId: caseBoxes.caseId });

/** Empties these copies from the organization's bin (cases.access decides which); returns the cases touched. */
export async function purgeBoxes(db: Queryable, custId: string, caseIds: readonly string[], now: Date) {
  if (!caseIds.length) return [];
  const rows = await db
    .update(caseBoxes)
    .set({ deletedAt: now })
    .where(
      and(
        eq(caseBoxes.custId, custId),
        inArray(caseBoxes.caseId, [...caseIds]),
        isNotNull(caseBoxes.recycledAt),
        isNull(caseBoxes.deletedAt),
      ),
    )
    .returning({ caseId: caseBoxes.caseId });
  return rows.map((r) => r.caseId);
}

/**
 * Deletes the cases no organization keeps any more (every copy emptied) and returns their files' storage keys,
 * for the caller to remove from storage once the transaction has committed.
 */
export async function dropAbandoned(db: Queryable, caseIds: string[]): Promise<string[]> {
  if (!caseIds.length) return [];
  const gone = await rowsOf<{ id: string }>(
    db,
    sql`select c.id from cases c where c.id in (${sql.join(
      caseIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and not exists (select 1 from case_boxes b where b.case_id = c.id and b.deleted_at is null) for update`,
  );
  if (!gone.length) return [];
  const ids = gone.map((g) => g.id);
  const keys = await db
    .select({ key: caseFiles.storageKey })
    .from(caseFiles)
    .where(inArray(caseFiles.caseId, ids));
  const thumbnails = await db
    .select({ key: cases.thumbnailKey })
    .from(cases)
    .where(and(inArray(cases.id, ids), isNotNull(cases.thumbnailKey)));
  await db.delete(cases).where(inArray(cases.id, ids));
  return [...keys, ...thumbnails].map((k) => k.key!);
}

/** Which of these storage keys a case file or a case's preview image names. */
export async function knownStorageKeys(db: Queryable, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  // One after the other: the clean-up asks inside its claiming transaction, one connection, one query at a time.
  const files = await db
    .select({ key: caseFiles.storageKey })
    .from(caseFiles)
    .where(inArray(caseFiles.storageKey, keys));
  const thumbnails = await db
    .select({ key: cases.thumbnailKey })
    .from(cases)
    .where(inArray(cases.thumbnailKey, keys));
  return [...files, ...thumbnails].map((r) => r.key!);
}

// ---- a case's files as the scan jobs read and write them (scans module, through case-files.service) ----------

/** The files a conversion or a preview image reads: the case's own scans, not earlier conversions' results. */
export const originalFiles = (db: Queryable, caseId: string) =>
  db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), isNull(caseFiles.convertedFrom)))
    .orderBy(caseFiles.createdAt, caseFiles.name);

/** The files a conversion wrote, newest conversion first. */
export const convertedFiles = (db: Queryable, caseId: string, type: string) =>
  db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.conversionType, type)))
    .orderBy(caseFiles.name);

export const fileById = async (db: Queryable, id: string) =>
  (await db.select().from(caseFiles).where(eq(caseFiles.id, id)).limit(1))[0];

/** One job by its id. */
/** Replaces the files of the case's earlier conversion to `type` by `files`; answers the old ones' storage keys. */
export async function replaceConverted(
  db: Queryable,
  caseId: string,
  type: string,
  files: (typeof caseFiles.$inferInsert)[],
): Promise<string[]> {
  const old = await db
    .delete(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.conversionType, type)))
    .returning({ key: caseFiles.storageKey });
  if (files.length) await db.insert(caseFiles).values(files);
  return old.map((o) => o.key);
}

/** Sets the case's preview image; answers the one it replaces (to remove from storage). */
export async function setThumbnail(db: Queryable, caseId: string, key: string): Promise<string | null> {
  const [before] = await rowsOf<{ key: string | null }>(
    db,
    sql`select thumbnail_key as key from cases where id = ${caseId} for update`,
  );
  await db.update(cases).set({ thumbnailKey: key }).where(eq(cases.id, caseId));
  return before?.key ?? null;
}

/** The organizations that hold a copy of the case (box or bin, not emptied): whose open lists show its image. */
export const caseHolders = async (db: Queryable, caseId: string): Promise<string[]> =>
  (
    await db
      .select({ custId: caseBoxes.custId })
      .from(caseBoxes)
      .where(and(eq(caseBoxes.caseId, caseId), isNull(caseBoxes.deletedAt)))
  ).map((r) => r.custId);
