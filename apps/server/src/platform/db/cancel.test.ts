import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { testDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { until } from '../../testing/poll.ts';
import { openDatabase, rowsOf, type Database } from './client.ts';
import { QUERY_CANCELED, RequestAborted, RequestScope, runInScope } from './cancel.ts';

/** The SQLSTATE of an error, or of the error Drizzle wrapped. */
const stateOf = (err: unknown): string | undefined => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

/**
 * The pool's guards (cancel.ts) on the server's own pool (openDatabase, TEST_DATABASE_URL): a request's statement is
 * cancelled in PostgreSQL when its request is abandoned, cut by the statement timeout, and work outside a request is not.
 */
describe('statement timeout and cancellation on the pool', () => {
  /** The statement timeout of these tests: longer than any wait below needs, shorter than pg_sleep(30). */
  const TIMEOUT_MS = 20_000;
  let pgdb: TestDatabase;
  let database: Database;
  let watcher: pg.Client;

  beforeAll(async () => {
    pgdb = await testDatabase('template');
    database = await openDatabase({
      databaseUrl: pgdb.url,
      dataDir: '/nonexistent',
      statementTimeoutMs: TIMEOUT_MS,
    });
    watcher = new pg.Client({ connectionString: pgdb.url });
    await watcher.connect();
    await rowsOf(database.db, sql`create table guards_rows (x int)`);
  });
  afterAll(async () => {
    await watcher?.end();
    await database?.close();
    await pgdb?.drop();
  });

  /** Whether a statement holding `marker` is running in PostgreSQL. */
  const running = async (marker: string) =>
    (
      await watcher.query(
        `select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and pid <> pg_backend_pid()`,
        [`%${marker}%`],
      )
    ).rows[0].n > 0;

  it('cancels a running statement in PostgreSQL when its request is abandoned', async () => {
    const marker = `guards-${randomUUID()}`;
    const scope = new RequestScope();
    const query = runInScope(scope, () =>
      rowsOf(database.db, sql.raw(`select pg_sleep(30) /* ${marker} */`)),
    );
    const outcome = query.then(
      () => 'answered',
      (err: unknown) => stateOf(err),
    );
    await until(() => running(marker), { what: 'the statement to run' });
    scope.abort('abandoned');
    expect(await outcome).toBe(QUERY_CANCELED);
    // Gone from the database well before the statement timeout would have cut it.
    await until(async () => !(await running(marker)), {
      timeoutMs: TIMEOUT_MS - 5_000,
      what: 'the backend to be idle',
    });
    // The pool still works.
    expect(await rowsOf(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('rolls back the transaction whose statement was cancelled', async () => {
    const marker = `guards-${randomUUID()}`;
    const scope = new RequestScope();
    const work = runInScope(scope, () =>
      database.db.transaction(async (tx) => {
        await rowsOf(tx, sql`insert into guards_rows values (1)`);
        await rowsOf(tx, sql.raw(`select pg_sleep(30) /* ${marker} */`));
      }),
    ).then(
      () => 'committed',
      (err: unknown) => stateOf(err),
    );
    await until(() => running(marker), { what: 'the statement to run' });
    scope.abort('timeout');
    expect(await work).toBe(QUERY_CANCELED);
    expect(await rowsOf(database.db, sql`select count(*)::int as n from guards_rows`)).toEqual([{ n: 0 }]);
  });

  it('runs nothing more for a request already aborted', async () => {
    const scope = new RequestScope();
    scope.abort('abandoned');
    const err = await runInScope(scope, () => rowsOf(database.db, sql`select 1`)).catch((e: unknown) => e);
    expect(stateOf(err)).toBe(QUERY_CANCELED);
    expect(
      err instanceof RequestAborted || (err as { cause?: unknown }).cause instanceof RequestAborted,
    ).toBe(true);
  });
});

describe('the statement timeout', () => {
  const SHORT_MS = 300;
  let pgdb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    pgdb = await testDatabase('template');
    database = await openDatabase({
      databaseUrl: pgdb.url,
      dataDir: '/nonexistent',
      statementTimeoutMs: SHORT_MS,
    });
  });
  afterAll(async () => {
    await database?.close();
    await pgdb?.drop();
  });

  const timeoutOf = async () =>
    (await rowsOf<{ statement_timeout: string }>(database.db, sql`show statement_timeout`))[0]!
      .statement_timeout;

  it("cuts a request's statement, and not the work outside a request", async () => {
    const inRequest = () =>
      runInScope(new RequestScope(), () => rowsOf(database.db, sql`select pg_sleep(30)`));
    const err = await inRequest().catch((e: unknown) => e);
    expect(stateOf(err)).toBe(QUERY_CANCELED);
    expect(String((err as { cause?: Error }).cause?.message ?? err)).toMatch(/statement timeout/);
    // Outside a request (a job, a migration): a statement longer than the timeout runs to its end.
    expect(await timeoutOf()).toBe('0');
    expect(await rowsOf(database.db, sql`select pg_sleep(${(SHORT_MS * 3) / 1000})::text as slept`)).toEqual([
      { slept: '' },
    ]);
    // And the next request's statement is cut again on the same connections.
    expect(await runInScope(new RequestScope(), timeoutOf)).toBe(`${SHORT_MS}ms`);
    expect(stateOf(await inRequest().catch((e: unknown) => e))).toBe(QUERY_CANCELED);
  });
});
