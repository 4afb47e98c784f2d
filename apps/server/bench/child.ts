/**
 * The server under test as a child process (`server.ts`), for every benchmark: started with the given environment
 * on 127.0.0.1 at a random port, asked over IPC for the SQL one call runs or its CPU time, stopped cleanly.
 *
 * It runs what `npm start` runs: the compiled server (apps/server/build.mjs, built first when its sources changed;
 * `server.ts` itself is compiled with it as dist/bench-server.js), no TypeScript loader. From sources through tsx
 * instead when BENCH_SERVER_SRC names another checkout's `apps/server/src/` (an earlier commit, built or not) or
 * BENCH_SERVER_MODE=sources (to measure what the loader costs).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Captured } from './explain.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const serverDir = path.resolve(here, '..');

/** The script the child runs and its node flags: the compiled bench server (built if stale), or server.ts via tsx. */
function benchScript(env: Record<string, string | undefined>): { file: string; execArgv: string[] } {
  const src = env.BENCH_SERVER_SRC;
  const own = !src || path.resolve(src) === path.join(serverDir, 'src');
  if (!own || env.BENCH_SERVER_MODE === 'sources')
    return { file: path.join(here, 'server.ts'), execArgv: ['--import', 'tsx'] };
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
  return { file: path.join(serverDir, 'dist/bench-server.js'), execArgv: ['--enable-source-maps'] };
}
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export interface Server {
  port: number;
  child: ChildProcess;
  capture<T>(during: () => Promise<T>): Promise<{ result: T; queries: Captured[] }>;
  /** CPU time (user + system) the server process has used so far, in ms. */
  cpuMs(): Promise<number>;
  /** The server process's resident memory now, in bytes (Linux /proc). */
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra node flags for the server (e.g. a CPU profile). */
  execArgv?: string[];
}

/** Starts the server with the parent's environment, `env` over it (undefined removes a variable). */
export async function startServer(
  env: Record<string, string | undefined>,
  opts: StartOptions = {},
): Promise<Server> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined,
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    ARCHWAY_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const script = benchScript(childEnv);
  const child = fork(script.file, [], {
    // The young generation `npm start` gives the server (apps/server/package.json): 4 MB semi-spaces.
    execArgv: ['--max-semi-space-size=4', ...script.execArgv, ...(opts.execArgv ?? [])],
    env: Object.fromEntries(Object.entries(childEnv).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    child.on('message', (m: { port?: number }) => {
      if (m.port) {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
  });
  /** Sends `message` and resolves with the value under `key` of the first reply that has it. */
  const ask = <T>(message: unknown, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off('message', on);
          resolve(m[key] as T);
        }
      };
      child.on('message', on);
      child.send(message as object);
    });
  return {
    port,
    child,
    cpuMs: () => ask<number>({ cpu: true }, 'cpuMs'),
    async rssBytes() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    },
    async capture(during) {
      child.send({ capture: true });
      await sleep(50);
      const result = await during();
      return { result, queries: await ask<Captured[]>({ capture: false }, 'captured') };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ close: true });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
