import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { preparingClient } from './preparing-client.ts';

/** One interface over both engines: PGlite (embedded) and PostgreSQL (scale-out). */
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
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Rows of a raw query, on both drivers (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Named statements one connection keeps (a few per route; the rest run unnamed). */
const PREPARED_PER_CONNECTION = 500;

const migrationsFolder = new URL('../../migrations', import.meta.url).pathname;
/** Any constant: every process that starts waits on the same lock while one migrates. */
const MIGRATION_LOCK = 72_616_873;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // jit=off: the API's queries are small and indexed; JIT compilation (on by default since PostgreSQL 12) would
    // only add tens of milliseconds when the planner's estimate crosses jit_above_cost.
    // Every parameterized statement is prepared (preparing-client.ts) and planned once, generically: its plan must
    // not depend on the values (`npm run bench:api` EXPLAINs the statements exactly as the server runs them).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
      Client: preparingClient(PREPARED_PER_CONNECTION),
    });
    // An idle connection closed by the server (restart, failover) must not crash the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db: drizzlePg(pool) as unknown as Db, engine: 'postgres', close: () => pool.end() };
  }
  const dir = path.resolve(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // pg_trgm and btree_gin: the case box's keyword search (migrations 0011, 0015).
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}
