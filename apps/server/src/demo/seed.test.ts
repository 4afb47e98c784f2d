import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../modules/users/users.schema.ts';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
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
