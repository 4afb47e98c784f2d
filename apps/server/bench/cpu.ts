/**
 * CPU time per request: of the server process (child.ts) and of the PostgreSQL backends connected to its database
 * (Linux /proc, same machine). The figure the machine's other load does not distort.
 */
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { Server } from './child.ts';
import { openLoop, type RunResult, type Target } from './load.ts';

/**
 * CPU time (ms) of the PostgreSQL backends connected to `databaseUrl`'s database, by pid, found through `adminUrl`.
 * Empty when unavailable (another machine, no access). For the embedded engine: its URLs from `runningEmbedded`.
 */
export async function backendCpu(
  adminUrl: string,
  databaseUrl: string | undefined,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!databaseUrl || !existsSync('/proc/self/stat')) return out;
  const name = new URL(databaseUrl).pathname.slice(1);
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100/s).
        out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
      } catch {
        // the backend ended meanwhile
      }
    }
  } catch {
    // no access: leave empty
  } finally {
    await c.end().catch(() => undefined);
  }
  return out;
}

export interface Measured extends RunResult {
  cpuMsPerRequest: CpuPerRequest;
}

export interface CpuPerRequest {
  /** CPU per request the server received, ms: the server process, and PostgreSQL's backends (null: unknown). */
  server: number;
  database: number | null;
}

/**
 * Runs `run` and answers its result with the CPU it cost per request: `requests(result)` is how many requests the
 * server received.
 */
export async function withCpu<T>(
  server: Pick<Server, 'cpuMs'>,
  db: { adminUrl: string; databaseUrl: string | undefined },
  run: () => Promise<T>,
  requests: (result: T) => number,
): Promise<{ result: T; cpuMsPerRequest: CpuPerRequest }> {
  const [s0, d0] = [await server.cpuMs(), await backendCpu(db.adminUrl, db.databaseUrl)];
  const result = await run();
  const [s1, d1] = [await server.cpuMs(), await backendCpu(db.adminUrl, db.databaseUrl)];
  let database = 0;
  for (const [pid, ms] of d1) database += ms - (d0.get(pid) ?? 0);
  const n = Math.max(1, requests(result));
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    result,
    cpuMsPerRequest: {
      server: round((s1 - s0) / n),
      database: db.databaseUrl && d1.size ? round(database / n) : null,
    },
  };
}

/** Runs the open loop and measures what it cost in CPU. */
export async function measuredLoop(
  server: Server,
  db: { adminUrl: string; databaseUrl: string | undefined },
  target: Target,
  opts: { rate: number; durationS: number },
  /** Runs before the closing CPU reading (e.g. waits until an overloaded server has worked off its backlog). */
  after?: () => Promise<unknown>,
): Promise<Measured> {
  const { result, cpuMsPerRequest } = await withCpu(
    server,
    db,
    async () => {
      const r = await openLoop(server.port, target, opts);
      await after?.();
      return r;
    },
    // Every request the server received costs CPU, also those the client stopped waiting for.
    (r) => r.sent - (r.errorKinds['client saturated'] ?? 0),
  );
  return { ...result, cpuMsPerRequest };
}
