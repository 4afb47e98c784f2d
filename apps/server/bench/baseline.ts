/**
 * The bare baseline for `npm run bench:api` (issue 35): what Archway ran for each call is captured from its server
 * (bench/server.ts), handed to a minimal Fastify + node-postgres server (baseline-server.ts) in its own process, and
 * both are measured alternately in closed loop: requests/s and server CPU per request, Archway / baseline.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Server } from './child.ts';
import type { BaselineCall, BaselineScript } from './baseline-server.ts';
import { agentFor, request, type Target } from './load.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

export interface BaselineServer {
  port: number;
  child: ChildProcess;
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts baseline-server.ts on `databaseUrl` with what it answers; node flags as the Archway server's (child.ts). */
export async function startBaseline(databaseUrl: string, script: BaselineScript): Promise<BaselineServer> {
  const child = fork(path.join(here, 'baseline-server.ts'), [], {
    execArgv: ['--max-semi-space-size=4', '--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off('message', on);
          child.off('exit', gone);
          resolve(m[key] as T);
        }
      };
      const gone = (code: number | null) => reject(new Error(`the baseline server exited (${code})`));
      child.on('message', on);
      child.once('exit', gone);
      child.send(message);
    });
  const port = await ask<number>({ script }, 'port');
  return {
    port,
    child,
    cpuMs: () => ask<number>({ cpu: true }, 'cpuMs'),
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

/** A call as the baseline phase sends it: request i is variant i % variants, on both servers alike. */
export interface BaselineTarget {
  target: Target;
  variants: number;
}

/** The same requests, cycling through the first `variants` of `target`'s. */
export const cycled = ({ target, variants }: BaselineTarget): Target => ({
  ...target,
  path: (i) => target.path(i % variants),
  ...(target.body ? { body: (i: number) => target.body!(i % variants) } : {}),
});

/**
 * What Archway's server runs for each variant of each call, one request at a time (captured there), as the baseline
 * server's script. Fails if a call ran no statement (the capture did not work).
 */
export async function captureScript(
  server: Server,
  token: string,
  calls: BaselineTarget[],
): Promise<BaselineScript> {
  const out: BaselineCall[] = [];
  for (const c of calls) {
    const variants: BaselineCall['variants'] = [];
    for (let i = 0; i < c.variants; i++) {
      const body = c.target.body?.(i);
      const agent = agentFor(1);
      const { result, queries } = await server.capture(() =>
        request(
          agent,
          server.port,
          c.target.method,
          c.target.path(i),
          c.target.headers ?? {},
          body === undefined ? undefined : JSON.stringify(body),
          60_000,
        ),
      );
      agent.destroy();
      if (result.status !== 200) throw new Error(`capture: ${c.target.path(i)} answered ${result.status}`);
      if (!queries.length) throw new Error(`capture: ${c.target.path(i)} ran no statement`);
      variants.push({ body: body === undefined ? '' : JSON.stringify(body), statements: queries });
    }
    const first = c.target.path(0);
    out.push({ method: c.target.method, url: first.split('?')[0]!, variants });
  }
  return { token, calls: out };
}
