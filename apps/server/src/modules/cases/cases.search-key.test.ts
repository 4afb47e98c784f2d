import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type OrgRef } from '../../testing/factories.ts';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { listBoxes } from './cases.repository.ts';
import { containsLike } from '../../platform/db/like.ts';

/**
 * The keyword in every script (issue 35, migration 0032): the index narrows by the trigrams of
 * case_box_search_key(search), `ilike` decides, so the matches are exactly those of a plain `ilike` — for German,
 * Cyrillic, Chinese and accented names, in any case, and never through the key's own spelling ("q43…").
 */
const NAMES = [
  'Back\\slash Qq',
  'Anna Müller',
  'MÜLLER Jonas',
  'Иван Иванов',
  'ИВАНОВА Ольга',
  '王小明',
  'Åsa Ørsta',
  'Zoë Straße',
  'q438 Test',
];
const KEYWORDS = [
  '\\',
  'k\\s',
  'qq',
  'mül',
  'MÜLLER',
  'иван',
  'ИВАНОВ',
  '小明',
  'åsa',
  'ØRSTA',
  'straße',
  'q43',
  'q438',
  'ë',
  'll',
  '50%',
  'a_b',
];

describe.each(engines)('case box keyword in every script (%s)', (engine) => {
  let t: TestApp;
  let db: Queryable;
  let org: OrgRef;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    db = t.app.platform.db;
    org = await factories(t.app).org({ name: 'Key Lab' });
    const names = `array[${NAMES.map((n) => `'${n}'`).join(',')}]`;
    await db.execute(
      sql.raw(`insert into cases (id, sender_cust_id, device_serial, case_type, patient_name, doctor)
        select md5('key' || i)::uuid, '${org.custId}', 'KEY', 1, (${names})[1 + i % ${NAMES.length}], ''
        from generate_series(1, 80) i`),
    );
    await db.execute(
      sql.raw(`insert into case_boxes (case_id, cust_id, role, case_created_at)
        select id, sender_cust_id, 1, created_at from cases where device_serial = 'KEY'`),
    );
  });
  afterAll(() => t.close());

  it('finds what a plain ilike finds, no more and no less', async () => {
    for (const keyword of KEYWORDS) {
      const like = containsLike(keyword);
      const want = await rowsOf<{ id: string }>(
        db,
        sql`select case_id as id from case_boxes where cust_id = ${org.custId} and search ilike ${like}
          order by case_created_at desc, case_id`,
      );
      const got = await listBoxes(db, {
        custId: org.custId,
        recycle: false,
        keyword,
        pageIndex: 1,
        pageSize: 100,
      });
      expect(
        got.rows.map((r) => r.record.id),
        keyword,
      ).toEqual(want.map((r) => r.id));
      expect(got.total, keyword).toBe(want.length);
    }
    const found = async (keyword: string) =>
      (await listBoxes(db, { custId: org.custId, recycle: false, keyword, pageIndex: 1, pageSize: 100 }))
        .total;
    expect(await found('mül')).toBeGreaterThan(0);
    expect(await found('ИВАН')).toBeGreaterThan(0);
    expect(await found('小明')).toBeGreaterThan(0);
    expect(await found('q43')).toBeGreaterThan(0); // "q438 Test" itself, never the key of a Cyrillic name
    expect(await found('q320')).toBe(0);
    expect(await found('\\')).toBeGreaterThan(0);
  });

  it('spells every letter beyond ASCII so pg_trgm sees it', async () => {
    const [row] = await rowsOf<{ key: string; trgm: string[] }>(
      db,
      sql`select case_box_search_key('Anna MÜLLER') as key, show_trgm(case_box_search_key('Иванов')) as trgm`,
    );
    expect(row!.key).toBe('anna mq303q274ller');
    expect(row!.trgm.length).toBeGreaterThan(5);
  });
});
