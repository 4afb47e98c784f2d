import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Whose process is it (the embedded PostgreSQL's start and orphan clean-up, platform/db/embedded.ts): alive or not,
 * when it started (a reused pid), and whether it is the postmaster of a given cluster. Never a signal sent here.
 */

/** The process exists (it may belong to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

/** When the process started (clock ticks since boot, /proc/<pid>/stat), to tell a reused pid; undefined off Linux. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The command line of a process (argv), from /proc or ps; undefined when it cannot be read. */
function commandLine(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether `pid` is the postmaster of `clusterDir` (a `postgres -D <clusterDir>` process): a stale postmaster.pid may
 * name a pid the system has since given to an unrelated process. Undefined when that cannot be told.
 */
export function isPostmasterOf(pid: number, clusterDir: string): boolean | undefined {
  const argv = commandLine(pid);
  if (!argv?.length) return undefined;
  const d = argv.indexOf('-D');
  if (path.basename(argv[0]!) !== 'postgres' || d < 0 || !argv[d + 1]) return false;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(argv[d + 1]!) === real(clusterDir);
}
