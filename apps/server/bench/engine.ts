/**
 * The two engines the benchmarks compare, both PostgreSQL:
 *
 *   embedded  the default of `npm start`: no DATABASE_URL, the server starts the PostgreSQL of its DATA_DIR
 *             (platform/db/embedded.ts: DATA_DIR/postgres, a Unix socket, a random password in postgres.secret);
 *   postgres  an external server (this machine's, BENCH_DATABASE_URL), a scratch database of the benchmark's own.
 *
 * Only one process may hold a data directory, so a benchmark writes its data into the embedded engine through
 * `openDatabase({ dataDir })`, closes it, and lets the server process start it. While the server holds it,
 * `runningEmbedded(dataDir)` (platform/db/embedded.ts) answers the connection strings of its running PostgreSQL, so
 * the benchmark can EXPLAIN what the server runs and count its backends' CPU on either engine, and
 * `stopEmbeddedOrphan(dataDir)` stops one a killed server left behind.
 */
import pg from 'pg';

export type Engine = 'embedded' | 'postgres';

export function parseEngines(value: string): Engine[] {
  const engines = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of engines)
    if (e !== 'embedded' && e !== 'postgres')
      throw new Error(`unknown engine "${e}" in BENCH_ENGINES (embedded, postgres)`);
  return engines as Engine[];
}

/**
 * A connection pool with the server's settings (platform/db/client.ts: `jit=off`, generic plans), for explain.ts to
 * plan the statements as the server does. End it after use.
 */
export const serverLikePool = (url: string) =>
  new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
