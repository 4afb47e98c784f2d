/**
 * The two engines the benchmarks compare, both PostgreSQL:
 *
 *   embedded  the default of `npm start`: no DATABASE_URL, the server starts the PostgreSQL of its DATA_DIR
 *             (platform/db/embedded.ts: DATA_DIR/postgres, a Unix socket, a random password in postgres.secret);
 *   postgres  an external server (this machine's, BENCH_DATABASE_URL), a scratch database of the benchmark's own.
 *
 * Only one process may hold a data directory, so a benchmark writes its data into the embedded engine through
 * `openDatabase({ dataDir })`, closes it, and lets the server process start it. While the server holds it,
 * `embeddedUrls(dataDir)` answers the connection strings of its running PostgreSQL (from postmaster.pid and the
 * secret), so the benchmark can EXPLAIN what the server runs and count its backends' CPU on either engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** The role and database platform/db/embedded.ts creates. */
const ROLE = 'archway';
const DATABASE = 'archway';

interface Postmaster {
  pid: number;
  port: number;
  socketDir: string;
  listen: string;
}

function postmaster(dataDir: string): Postmaster | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  // Lines: pid, data directory, start time, port, first socket directory, first listen address, shmem key, status.
  const lines = readFileSync(file, 'utf8').split('\n');
  return {
    pid: Number(lines[0]),
    port: Number(lines[3]),
    socketDir: (lines[4] ?? '').trim(),
    listen: (lines[5] ?? '').trim(),
  };
}

/** The running embedded PostgreSQL of `dataDir`: its database and its maintenance database; undefined if none runs. */
export function embeddedUrls(dataDir: string): { url: string; adminUrl: string } | undefined {
  const pm = postmaster(dataDir);
  const secret = path.join(dataDir, 'postgres.secret');
  if (!pm || !existsSync(secret)) return undefined;
  const auth = `${ROLE}:${encodeURIComponent(readFileSync(secret, 'utf8').trim())}`;
  const at = (db: string) =>
    pm.socketDir
      ? `postgres://${auth}@localhost:${pm.port}/${db}?host=${encodeURIComponent(pm.socketDir)}`
      : `postgres://${auth}@${pm.listen || '127.0.0.1'}:${pm.port}/${db}`;
  return { url: at(DATABASE), adminUrl: at('postgres') };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the embedded PostgreSQL of `dataDir` if a server process that was killed (it did not close in time) left it
 * running: a fast shutdown (SIGINT), then SIGKILL after 30 s.
 */
export async function stopLeftover(dataDir: string): Promise<void> {
  const pm = postmaster(dataDir);
  if (!pm?.pid || !alive(pm.pid)) return;
  process.kill(pm.pid, 'SIGINT');
  const until = Date.now() + 30_000;
  while (alive(pm.pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (alive(pm.pid)) process.kill(pm.pid, 'SIGKILL');
}

/**
 * A connection pool with the server's settings (platform/db/client.ts: `jit=off`, generic plans), for explain.ts to
 * plan the statements as the server does. End it after use.
 */
export const serverLikePool = (url: string) =>
  new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
