import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../modules/users/users.schema.ts';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { createTestApp, engines, signIn, type TestApp } from '../testing/test-app.ts';
import { cases } from '../modules/cases/cases.schema.ts';
import { DEMO_CASES, seedDemoCases } from './seed-cases.ts';
import { seedDemo } from './seed.ts';

describe.each(engines)('demo data (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('creates the demo organizations and users once, however often it runs', async () => {
    const db = t.app.platform.db;
    await Promise.all([seedDemo(db), seedDemo(db)]);
    await seedDemo(db);
    const [[u], [c], [m]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(memberships),
    ]);
    expect(u!.n).toBe(6);
    expect(c!.n).toBe(5);
    expect(m!.n).toBe(5);
  });
});

describe.each(engines)('demo cases (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO_CASES: 'true' });
  });
  afterAll(() => t.close());

  it('sends Demo Lab a few dozen cases over 120 days, every type, one encrypted, once however often it runs', async () => {
    const { db, storage } = t.app.platform;
    await Promise.all([seedDemoCases(db, storage), seedDemoCases(db, storage)]);
    const [[c]] = await Promise.all([db.select({ n: count() }).from(cases)]);
    expect(c!.n).toBe(DEMO_CASES);
    const lab = await signIn(t.app, 'lab');
    const res = await t.app.inject({
      method: 'POST',
      url: '/getpaging',
      headers: lab,
      payload: { pageSize: 100 },
    });
    const rows = res.json().data.records as {
      caseType: number;
      crypto: number;
      isPreview: boolean;
      time: string;
    }[];
    expect(rows).toHaveLength(DEMO_CASES);
    expect(new Set(rows.map((r) => r.caseType))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((r) => r.crypto === 1)).toHaveLength(1);
    // Some are past the 90-day preview window.
    expect(rows.some((r) => r.isPreview) && rows.some((r) => !r.isPreview)).toBe(true);
    let stored = 0;
    for await (const _ of storage.list('cases/')) stored++;
    // Both jaws of every plain case, one file of the encrypted one; nothing left over from the losing run.
    expect(stored).toBe(2 * DEMO_CASES - 1);
  });
});
