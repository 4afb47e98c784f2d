import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { importPgliteDataDir } from './pglite-import.ts';
import { poolConnection, scopedPool } from './cancel.ts';
import { stopWithProcess } from '../lifecycle.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { sourcePath } from '../server-root.ts';

/** PostgreSQL through node-postgres: the embedded server of DATA_DIR, or the one DATABASE_URL names. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Repositories accept either the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  /** The connection string in use (the embedded server's when DATABASE_URL is unset): realtime and uploads share it. */
  url: string;
  /** The embedded server of DATA_DIR is running (and stops with close()). */
  embedded: boolean;
  close(): Promise<void>;
}

/** Rows of a raw query. */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Named statements one connection keeps (a few per route; the rest run unnamed). */
const PREPARED_PER_CONNECTION = 500;

const migrationsFolder = sourcePath('migrations');

/**
 * The newest migration this code carries (its journal's `when`, which drizzle records as `created_at`) and the newest
 * the database has applied (null: none, or no migrations table): readiness wants them equal.
 */
export async function migrationState(db: Queryable): Promise<{ expected: number; applied: number | null }> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  const expected = Math.max(0, ...journal.entries.map((e) => e.when));
  const [row] = await rowsOf<{ applied: string | null }>(
    db,
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then null
                    else (select max(created_at)::text from drizzle.__drizzle_migrations) end as applied`,
  );
  return { expected, applied: row?.applied == null ? null : Number(row.applied) };
}
/** Any constant: every process that starts waits on the same lock while one migrates. */
const MIGRATION_LOCK = 72_616_873;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (err: Error) => void;
  log?: { info(msg: string): void; warn(msg: string): void };
  /** The app's metrics: the pool's use and the statements refused (platform/metrics). */
  metrics?: Metrics;
  /**
   * A request's statements are cut after this long (DB_STATEMENT_TIMEOUT_MS; 0 or unset: never); statements outside
   * a request (migrations, jobs, imports) are not (platform/db/cancel.ts).
   */
  statementTimeoutMs?: number;
}

/** The pool's connections at most. */
const POOL_MAX = 10;

/**
 * Without DATABASE_URL, starts the embedded PostgreSQL of DATA_DIR (and imports, once, an embedded database of an
 * earlier version); then connects and migrates.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return connect(opts.databaseUrl, opts, false, async () => undefined);
  const embedded = await startEmbeddedPostgres({
    dataDir: opts.dataDir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  try {
    const database = await connect(embedded.url, opts, true, () => embedded.stop());
    await importPgliteDataDir({ dataDir: opts.dataDir, db: database.db, log: opts.log }).catch(
      async (err) => {
        await database.close();
        throw err;
      },
    );
    return database;
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

async function connect(
  url: string,
  opts: OpenOptions,
  embedded: boolean,
  after: () => Promise<void>,
): Promise<Database> {
  // jit=off: the API's queries are small and indexed; JIT compilation (on by default since PostgreSQL 12) would
  // only add tens of milliseconds when the planner's estimate crosses jit_above_cost.
  // Every parameterized statement is prepared (preparing-client.ts) and planned once, generically: its plan must
  // not depend on the values (`npm run bench:api` EXPLAINs the statements exactly as the server runs them).
  // statement_timeout: each connection starts with the requests' (DB_STATEMENT_TIMEOUT_MS); a statement outside a
  // request switches its connection to none first, and a request's statements are cancelled when the request is
  // abandoned or times out (cancel.ts). The pool's waits end with their request too (scopedPool).
  const timeoutMs = opts.statementTimeoutMs ?? 0;
  const metrics = opts.metrics;
  const pool = new (scopedPool(pg.Pool))({
    connectionString: url,
    max: POOL_MAX,
    options: `-c jit=off -c plan_cache_mode=force_generic_plan${timeoutMs ? ` -c statement_timeout=${timeoutMs}` : ''}`,
    // One class, one `query` per statement: prepared under its text's name, timeout and cancellation, errors counted.
    Client: poolConnection({
      statementTimeoutMs: timeoutMs,
      preparedPerConnection: PREPARED_PER_CONNECTION,
      ...(metrics ? { onError: (err: unknown) => metrics.queryError(err) } : {}),
    }),
  });
  metrics?.source('dbPool', () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: POOL_MAX,
  }));
  // An idle connection closed by the server (restart, failover) must not crash the process; once we stop, the
  // server closing our connections is expected, not news.
  let ended: Promise<void> | undefined;
  const end = () => (ended ??= pool.end());
  pool.on('error', (err) => {
    if (!ended) opts.onIdleError?.(err);
  });
  // A checked-out connection between two statements has no pool listener: the server ending it (an administrator,
  // a failover) would be an uncaught exception. Its next query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // A stop during start-up (server.ts) ends the pool before the embedded server stops.
  const unregister = stopWithProcess(end);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  } catch (err) {
    unregister();
    await end();
    throw err;
  }
  return {
    db: drizzlePg(pool) as unknown as Db,
    url,
    embedded,
    close: async () => {
      unregister();
      await end();
      await after();
    },
  };
}
