import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshPostgres } from '../../testing/test-app.ts';
import { openDatabase, type Database } from './client.ts';
import { preparedOn, statement } from './statement.ts';
import { auditLog } from '../audit/audit.schema.ts';

/** Issue 35: the hot statements are built once, then only their values change. */
describe('statements built once (PostgreSQL)', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;
  beforeAll(async () => {
    pgdb = await freshPostgres();
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: '/nonexistent' });
  });
  afterAll(async () => {
    await database.close();
    await pgdb.drop();
  });

  it('a statement builds its text the first time only and answers for each call’s values', async () => {
    let builds = 0;
    const sum = statement(['a', 'b'], (p) => {
      builds++;
      return sql`select ${p.a}::int + ${p.b}::int as n, ${p.a}::int as a`;
    });
    const { db } = database;
    expect(await sum<{ n: number; a: number }>(db, { a: 1, b: 2 })).toEqual([{ n: 3, a: 1 }]);
    expect(await sum<{ n: number; a: number }>(db, { a: 40, b: 2 })).toEqual([{ n: 42, a: 40 }]);
    // Also inside a transaction, on its connection.
    await db.transaction(async (tx) => {
      expect(await sum<{ n: number }>(tx, { a: 5, b: 5 })).toEqual([{ n: 10, a: 5 }]);
    });
    expect(builds).toBe(1);
  });

  it('a prepared drizzle query is made once per database object and maps its rows as drizzle does', async () => {
    let builds = 0;
    const byAction = preparedOn((db) => {
      builds++;
      return db
        .select({ action: auditLog.action, requestId: auditLog.requestId })
        .from(auditLog)
        .where(sql`${auditLog.action} = ${sql.placeholder('action')}`)
        .prepare('statement_test_by_action');
    });
    const { db } = database;
    await db.insert(auditLog).values({ action: 'x.test', outcome: 'allowed', requestId: 'r1' });
    for (let i = 0; i < 3; i++)
      expect(await byAction(db).execute({ action: 'x.test' })).toEqual([
        { action: 'x.test', requestId: 'r1' },
      ]);
    expect(await byAction(db).execute({ action: 'none' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
