import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { testDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { until } from '../../testing/poll.ts';
import { PgLocker } from './pg-locker.ts';

/** tus's lock on PostgreSQL: sessions kept between locks, each given back clean (no lock, no LISTEN). */
describe('the upload lock keeps its sessions', () => {
  let database: TestDatabase;
  let watcher: pg.Client;
  beforeAll(async () => {
    database = await testDatabase('empty');
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
  });
  afterAll(async () => {
    await watcher.end();
    await database.drop();
  });

  const advisoryLocks = async () =>
    Number(
      (
        await watcher.query<{ n: string }>(
          // This test's database only: pg_locks is the whole server's, where other tests' uploads lock too.
          "select count(*) as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
        )
      ).rows[0]!.n,
    );
  const sessions = async () =>
    Number(
      (
        await watcher.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows[0]!.n,
    );

  it('reuses one session for lock after lock, releasing the lock each time; close() ends it', async () => {
    const locker = new PgLocker(database.url);
    const other = new PgLocker(database.url);
    const never = new AbortController().signal;
    for (let i = 0; i < 5; i++) {
      const lock = locker.newLock('upload-1');
      await lock.lock(never, async () => undefined);
      expect(await advisoryLocks()).toBe(1);
      await lock.unlock();
      expect(await advisoryLocks()).toBe(0);
      expect(locker.idleSessions).toBe(1);
    }
    expect(await sessions()).toBe(1);
    // Released for real: another process's locker gets it at once.
    const theirs = other.newLock('upload-1');
    await theirs.lock(never, async () => undefined);
    await theirs.unlock();
    await Promise.all([locker.close(), other.close()]);
    await until(async () => (await sessions()) === 0);
  });

  it('asks the holder to let go, and the waiter gets the lock once it has', async () => {
    const locker = new PgLocker(database.url, { retryMs: 10 });
    const never = new AbortController().signal;
    const held = locker.newLock('upload-2');
    let asked = 0;
    await held.lock(never, async () => {
      asked++;
      await held.unlock();
    });
    const waiter = locker.newLock('upload-2');
    await waiter.lock(never, async () => undefined);
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(await advisoryLocks()).toBe(1);
    await waiter.unlock();
    expect(await advisoryLocks()).toBe(0);
    // Two sessions were in use at once; both are kept, neither holds anything.
    expect(locker.idleSessions).toBe(2);
    await locker.close();
  });

  it('takes a new session when a kept one was lost (the database restarted, the connection killed)', async () => {
    const locker = new PgLocker(database.url);
    const never = new AbortController().signal;
    const first = locker.newLock('upload-3');
    await first.lock(never, async () => undefined);
    await first.unlock();
    await watcher.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const second = locker.newLock('upload-3');
    await second.lock(never, async () => undefined);
    expect(await advisoryLocks()).toBe(1);
    await second.unlock();
    await locker.close();
  });
});
