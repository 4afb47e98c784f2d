import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type OrgRef } from '../../testing/factories.ts';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { DEEP_OFFSET, listBoxes, reversedSort, type BoxQuery } from './cases.repository.ts';

/**
 * Deep pages of the case box (issue 35): listBoxes reads a page at offset ≥ DEEP_OFFSET from the nearer end of the
 * order, walking only index keys. Every page it answers must be exactly what a plain LIMIT … OFFSET over the same
 * rows gives, in every sort, with every filter, in the box and in the bin: checked against such a query written
 * here independently, on a box with many ties (the same upload time, the same patient name) so the tie-break counts.
 */
const N = 1200;
const NAMES = ['Anna Zed', 'anna zed', 'Ärger Anna', 'apex', 'Zoë Ørsta', 'Čapek', 'Émile', 'Bob'];
const SORTS: Record<string, string> = {
  '': 'b.case_created_at desc, b.case_id asc',
  'registTime desc': 'b.case_created_at desc, b.case_id asc',
  'registTime asc': 'b.case_created_at asc, b.case_id desc',
  'editTime desc': 'c.uploaded_at desc, b.case_id asc',
  'editTime asc': 'c.uploaded_at asc, b.case_id asc',
  'patientName asc': 'c.patient_name collate "und-x-icu" asc, b.case_id asc',
  'patientName desc': 'c.patient_name collate "und-x-icu" desc, b.case_id asc',
};

type Filter = Omit<BoxQuery, 'custId' | 'recycle' | 'pageIndex' | 'pageSize' | 'sorter'>;

describe.each(engines)('case box deep pages (%s)', (engine) => {
  let t: TestApp;
  let db: Queryable;
  let a: OrgRef;
  let b: OrgRef;
  const base = new Date('2026-06-01T12:00:00Z');
  const FILTERS: Record<string, Filter> = {
    none: {},
    keyword: { keyword: 'anna' },
    'case type': { caseType: 2 },
    sent: { isSend: true },
    received: { isSend: false },
    'date range': { from: new Date(base.getTime() - 30 * 3_600_000), until: base },
    'not downloaded': { notDownload: true },
    downloaded: { downloaded: true },
    'type and keyword': { caseType: 1, keyword: 'a' },
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    db = t.app.platform.db;
    const f = factories(t.app);
    a = await f.org({ custType: CustType.lab, name: 'Deep Lab' });
    b = await f.org({ name: 'Deep Clinic' });
    const names = `array[${NAMES.map((n) => `'${n}'`).join(',')}]`;
    // Upload times in steps of an hour with many ties (i mod 40), edit times in minutes (i mod 17).
    await db.execute(
      sql.raw(`insert into cases (id, sender_cust_id, device_serial, case_type, patient_name, doctor, created_at, uploaded_at)
        select md5('deep' || i)::uuid, case when i % 3 = 0 then '${b.custId}'::uuid else '${a.custId}'::uuid end,
          'DEEP', 1 + i % 3, (${names})[1 + i % ${NAMES.length}], 'Dr ' || (i % 5),
          '${base.toISOString()}'::timestamptz - (i % 40) * interval '1 hour',
          '${base.toISOString()}'::timestamptz - (i % 17) * interval '1 minute'
        from generate_series(1, ${N}) i`),
    );
    // Each case in both boxes: the sender's copy (role 1) and the receiver's (role 2); the search text by trigger.
    await db.execute(
      sql.raw(`insert into case_boxes (case_id, cust_id, role, case_created_at, process_status, downloaded_at)
        select c.id, o.cust_id, case when o.cust_id = c.sender_cust_id then 1 else 2 end, c.created_at,
          case when o.cust_id = c.sender_cust_id then null else 1 end,
          case when (hashtext(c.id::text) % 5) = 0 then now() end
        from cases c cross join (values ('${a.custId}'::uuid), ('${b.custId}'::uuid)) o(cust_id)
        where c.device_serial = 'DEEP'
        order by o.cust_id`),
    );
    // Some copies in the bin, some emptied from it (never listed).
    await db.execute(
      sql.raw(`update case_boxes set recycled_at = now(), recycle_id = gen_random_uuid()
        where cust_id = '${a.custId}' and hashtext(case_id::text) % 4 = 0`),
    );
    await db.execute(
      sql.raw(`update case_boxes set deleted_at = now()
        where cust_id = '${a.custId}' and hashtext(case_id::text) % 11 = 0`),
    );
  });
  afterAll(() => t.close());

  /** The plain offset query: what every page must equal. */
  async function reference(recycle: boolean, f: Filter, sorter: string, pageIndex: number, pageSize: number) {
    const where = [
      sql`b.cust_id = ${a.custId}`,
      sql`b.deleted_at is null`,
      recycle ? sql`b.recycled_at is not null` : sql`b.recycled_at is null`,
    ];
    if (f.keyword) where.push(sql`b.search ilike ${`%${f.keyword}%`}`);
    if (f.caseType) where.push(sql`c.case_type = ${f.caseType}`);
    if (f.isSend !== undefined) where.push(sql`b.role = ${f.isSend ? 1 : 2}`);
    if (f.from) where.push(sql`b.case_created_at >= ${f.from}`);
    if (f.until) where.push(sql`b.case_created_at < ${f.until}`);
    if (f.notDownload) where.push(sql`b.downloaded_at is null`);
    if (f.downloaded !== undefined)
      where.push(f.downloaded ? sql`b.downloaded_at is not null` : sql`b.downloaded_at is null`);
    const cond = sql.join(where, sql` and `);
    const ids = await rowsOf<{ id: string }>(
      db,
      sql`select b.case_id as id from case_boxes b join cases c on c.id = b.case_id where ${cond}
        order by ${sql.raw(SORTS[sorter]!)} limit ${pageSize} offset ${(pageIndex - 1) * pageSize}`,
    );
    const [n] = await rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from case_boxes b join cases c on c.id = b.case_id where ${cond}`,
    );
    return { ids: ids.map((r) => r.id), total: Number(n!.n) };
  }

  /** A small deterministic generator (mulberry32): the same pages on every run. */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('reverses each order exactly', () => {
    expect(reversedSort('b.case_created_at desc nulls last, b.case_id')).toBe(
      'b.case_created_at asc nulls first, b.case_id desc nulls first',
    );
    expect(reversedSort('c.patient_name collate "de-x-icu" asc, b.case_id desc')).toBe(
      'c.patient_name collate "de-x-icu" desc nulls first, b.case_id asc nulls last',
    );
  });

  for (const recycle of [false, true])
    for (const [filterName, filter] of Object.entries(FILTERS))
      it(`${recycle ? 'the bin' : 'the box'}, ${filterName}: every page equals the offset query, in every sort`, async () => {
        const next = random(recycle ? 7 : 3);
        for (const sorter of Object.keys(SORTS)) {
          const pageSize = [7, 10, 15][Math.floor(next() * 3)]!;
          const { total } = await reference(recycle, filter, sorter, 1, pageSize);
          const last = Math.max(1, Math.ceil(total / pageSize));
          const deepFirst = Math.floor(DEEP_OFFSET / pageSize) + 1;
          const pages = new Set([1, 2, deepFirst - 1, deepFirst, deepFirst + 1, last - 1, last, last + 1]);
          pages.add(Math.ceil(last / 2));
          for (let k = 0; k < 4; k++) pages.add(1 + Math.floor(next() * (last + 1)));
          for (const pageIndex of [...pages].filter((p) => p >= 1)) {
            const want = await reference(recycle, filter, sorter, pageIndex, pageSize);
            const got = await listBoxes(db, {
              custId: a.custId,
              recycle,
              ...filter,
              ...(sorter ? { sorter } : {}),
              pageIndex,
              pageSize,
            });
            const where = `${sorter || 'default'} page ${pageIndex} of ${last} (size ${pageSize})`;
            expect(
              got.rows.map((r) => r.record.id),
              where,
            ).toEqual(want.ids);
            expect(got.total, where).toBe(want.total);
          }
        }
      });

  it('a deep page of the whole box takes its total from the kept count, and it is right', async () => {
    const [n] = await rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from case_boxes where cust_id = ${a.custId} and deleted_at is null and recycled_at is null`,
    );
    const got = await listBoxes(db, { custId: a.custId, recycle: false, pageIndex: 20, pageSize: 10 });
    expect(got.total).toBe(Number(n!.n));
    expect(got.rows.length).toBe(Math.max(0, Math.min(10, Number(n!.n) - 190)));
  });
});
