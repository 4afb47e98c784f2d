/**
 * `npm run bench:realtime`: the realtime hub (socket.io at /hubs/notify) with 1,000 connected clients on one server
 * process (the embedded default, and an external PostgreSQL), and on the external PostgreSQL with two server
 * processes and the clients split over both (fan-out through @socket.io/postgres-adapter; the embedded engine's data
 * directory takes one process only). Each client is a lab member (100 labs × 10 members); cases are sent
 * by 100 clinics, one to each lab in turn, through `createCase` with the platform (its transaction, the receivers'
 * newCase notices, then `caseChanged` to each receiving organization after the commit). Latency: from the moment
 * the server announced the case (right after its commit) to the `caseChanged` message arriving at each of the 10 sockets
 * of its lab (the same machine's clock on both sides). Memory: the server process's RSS after connecting the
 * clients minus before, per connection (after a GC). Writes bench-results/realtime.json.
 *
 * The server processes are this file run with `--server` (like child.ts forks server.ts), so the case is created
 * inside the server under test. Environment: BENCH_ENGINES (embedded,postgres), BENCH_CLIENTS (1000), BENCH_CASES
 * (300 per run), BENCH_RATE (cases per second, 20), BENCH_DATABASE_URL.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEngines } from './engine.ts';
import { discardDataDir, stopEmbeddedOrphan } from '../src/platform/db/embedded.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const env = process.env;
const LABS = 100;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 1000);
const MEMBERS = Math.max(1, Math.round(CLIENTS / LABS));
const CASES = Number(env.BENCH_CASES ?? 300);
const RATE = Number(env.BENCH_RATE ?? 20);
const ENGINES = parseEngines(env.BENCH_ENGINES ?? 'embedded,postgres');
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const out = (s = '') => process.stdout.write(`${s}\n`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on this machine. */
const now = () => performance.timeOrigin + performance.now();

// ---- the server side (this file with --server) ------------------------------------------------------------------

interface Seeded {
  /** Per lab: its members' tokens. */
  labs: string[][];
}

async function serverMain() {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const app = await buildApp(loadConfig(process.env));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const send = (m: unknown) => process.send!(m);
  let clinics: { device: { serial: string }; owner: { userId: string; custId: string } }[] = [];
  // When each case's caseChanged left the server: right after its transaction committed (createCase announces).
  const announced = new Map<string, number>();
  const realtime = app.platform.realtime;
  const toOrg = realtime.toOrg.bind(realtime);
  realtime.toOrg = (custId, event, data) => {
    if (event === 'caseChanged' && !announced.has((data as { id: string }).id))
      announced.set((data as { id: string }).id, now());
    toOrg(custId, event, data);
  };

  process.on('message', (m: { seed?: boolean; send?: { i: number }; gc?: boolean; close?: boolean }) => {
    void (async () => {
      if (m.seed) {
        const { factories } = await import('../src/testing/factories.ts');
        const { CustType } = await import('@archway/contract');
        const f = factories(app);
        const labs: string[][] = [];
        const run = randomUUID().slice(0, 8);
        clinics = [];
        for (let i = 0; i < LABS; i++) {
          const lab = await f.org({ custType: CustType.lab, name: `Bench lab ${i} ${run}` });
          const tokens = [lab.owner.headers.authorization.slice(7)];
          for (let k = 1; k < MEMBERS; k++) tokens.push((await f.user(lab)).headers.authorization.slice(7));
          labs.push(tokens);
          const clinic = await f.org({ name: `Bench clinic ${i} ${run}` });
          const device = await f.device(clinic);
          await f.receiver(device, lab);
          clinics.push({ device, owner: clinic.owner });
        }
        send({ seeded: { labs } satisfies Seeded });
      } else if (m.send) {
        const { createCase } = await import('../src/modules/cases/cases.service.ts');
        const { actorFor } = await import('../src/modules/users/users.service.ts');
        const { sampleArchPly } = await import('../src/modules/cases/sample-scan.ts');
        const c = clinics[Math.abs(m.send.i) % clinics.length]!;
        const { db, storage } = app.platform;
        const key = `cases/${randomUUID()}`;
        const stored = await storage.put(key, sampleArchPly({ seed: Math.abs(m.send.i) }));
        const actor = await actorFor(db, c.owner.userId, c.owner.custId);
        const started = now();
        const { id } = await createCase(
          db,
          actor!,
          {},
          {
            deviceSerial: c.device.serial,
            order: { caseType: 3, patientName: `Bench ${m.send.i}` },
            files: [{ key, name: 'upper.ply', size: stored.size, sha256: stored.sha256, format: 'ply' }],
            crypto: false,
          },
          app.platform,
        );
        const committedAt = announced.get(id) ?? now();
        announced.delete(id);
        send({ sent: { i: m.send.i, id, committedAt, txMs: committedAt - started } });
      } else if (m.gc) {
        (globalThis as { gc?: () => void }).gc?.();
        await sleep(200);
        send({ rss: process.memoryUsage().rss });
      } else if (m.close) {
        await app.close();
        process.exit(0);
      }
    })().catch((err: unknown) => {
      process.stderr.write(`bench server: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    });
  });
  send({ port: typeof address === 'object' && address ? address.port : 0 });
}

// ---- the driver ----------------------------------------------------------------------------------------------------

interface Child {
  port: number;
  child: ChildProcess;
  ask<T>(message: unknown, key: string): Promise<T>;
  stop(): Promise<void>;
}

async function startChild(childEnv: Record<string, string | undefined>): Promise<Child> {
  const child = fork(new URL(import.meta.url).pathname, ['--server'], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        DATABASE_URL: undefined,
        PUBLIC_URL: 'http://127.0.0.1',
        ARCHWAY_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Preview images would compete with the hub for the CPU: no scan workers in the bench.
        SCAN_THREADS: '0',
        ...childEnv,
      }).filter(([, v]) => v !== undefined),
    ) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // Many cases are in flight at once, each waiting for its answer.
  child.setMaxListeners(0);
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
    ask,
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

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const fmt = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(2) : x.toFixed(1)) : '–');

interface RunResult {
  label: string;
  processes: number;
  clients: number;
  connectMs: number;
  cases: number;
  expected: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  remoteP50?: number;
  remoteP99?: number;
  txP50: number;
  rssPerConnectionKb: number[];
}

async function run(label: string, servers: Child[]): Promise<RunResult> {
  const [first] = servers;
  const seeded = await first!.ask<Seeded>({ seed: true }, 'seeded');
  const before = await Promise.all(servers.map((s) => s.ask<number>({ gc: true }, 'rss')));

  // Clients: member k of lab i on server (i*MEMBERS + k) % processes.
  const arrivals = new Map<string, { at: number; remote: boolean }[]>();
  const sockets: Socket[] = [];
  const t0 = now();
  await Promise.all(
    seeded.labs.flatMap((tokens, i) =>
      tokens.map((token, k) => {
        const which = (i * MEMBERS + k) % servers.length;
        const s = connect(`http://127.0.0.1:${servers[which]!.port}`, {
          path: '/hubs/notify',
          transports: ['websocket'],
          auth: { token },
          forceNew: true,
          reconnection: false,
        });
        sockets.push(s);
        s.on('caseChanged', (m: { id: string }) => {
          const at = now();
          const list = arrivals.get(m.id) ?? [];
          list.push({ at, remote: which !== 0 });
          arrivals.set(m.id, list);
        });
        return new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
      }),
    ),
  );
  const connectMs = now() - t0;
  await sleep(2000);
  const after = await Promise.all(servers.map((s) => s.ask<number>({ gc: true }, 'rss')));
  const perServer = servers.map((_, j) => sockets.filter((_s, n) => n % servers.length === j).length);
  const rssPerConnectionKb = after.map((a, j) => (a - before[j]!) / 1024 / perServer[j]!);

  // A few unmeasured cases first (JIT, pools), then the measured ones at a fixed rate from the first process.
  for (let i = 0; i < 10; i++) await first!.ask({ send: { i: -1 - i } }, 'sent');
  await sleep(1000);
  arrivals.clear();
  const sent: { id: string; committedAt: number; txMs: number }[] = [];
  const start = now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < CASES; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    pending.push(
      first!.ask<{ id: string; committedAt: number; txMs: number }>({ send: { i } }, 'sent').then((r) => {
        sent.push(r);
      }),
    );
  }
  await Promise.all(pending);
  await sleep(2000);

  const local: number[] = [];
  const remote: number[] = [];
  for (const c of sent)
    for (const a of arrivals.get(c.id) ?? []) (a.remote ? remote : local).push(a.at - c.committedAt);
  const all = [...local, ...remote];
  for (const s of sockets) s.disconnect();
  return {
    label,
    processes: servers.length,
    clients: sockets.length,
    connectMs,
    cases: sent.length,
    expected: sent.length * MEMBERS,
    received: all.length,
    p50: pct(all, 50),
    p99: pct(all, 99),
    max: Math.max(...all),
    ...(servers.length > 1 ? { remoteP50: pct(remote, 50), remoteP99: pct(remote, 99) } : {}),
    txP50: pct(
      sent.map((s) => s.txMs),
      50,
    ),
    rssPerConnectionKb,
  };
}

async function scratch(name: string) {
  const { scratchDatabase } = await import('./scratch-db.ts');
  return scratchDatabase(ADMIN_URL, name);
}

async function main() {
  const hardStop = setTimeout(() => {
    out('bench:realtime: hard limit reached (9 minutes)');
    process.exit(2);
  }, 540_000);
  hardStop.unref();
  const results: RunResult[] = [];
  for (const engine of ENGINES) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-bench-rt-'));
    const db = engine === 'postgres' ? await scratch('archway_bench_realtime') : undefined;
    try {
      const childEnv = { DATA_DIR: dataDir, ...(db ? { DATABASE_URL: db.url } : {}) };
      const one = await startChild(childEnv);
      try {
        results.push(await run(`${engine}, 1 process`, [one]));
        out(JSON.stringify(results.at(-1)));
      } finally {
        await one.stop();
        // A server killed because it did not close in time leaves the embedded PostgreSQL running.
        await stopEmbeddedOrphan(dataDir);
      }
      if (engine === 'postgres') {
        // Fresh data for the two-process run (the first run's cases and notices stay; they do not matter).
        const a = await startChild(childEnv);
        const b = await startChild(childEnv);
        try {
          results.push(await run(`${engine}, 2 processes`, [a, b]));
          out(JSON.stringify(results.at(-1)));
        } finally {
          await Promise.all([a.stop(), b.stop()]);
        }
      }
    } finally {
      await db?.drop();
      await discardDataDir(dataDir);
    }
  }

  out(
    `\nbench:realtime — ${CLIENTS} clients (${LABS} labs × ${MEMBERS}), ${CASES} cases at ${RATE}/s, ` +
      `latency from the announce right after the case's commit to caseChanged at each receiving socket`,
  );
  out(
    '| run | clients | connect all (ms) | arrivals | p50 (ms) | p99 (ms) | max (ms) | other process p50/p99 | case tx p50 (ms) | RSS / connection (KB) |',
  );
  out('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    out(
      `| ${r.label} | ${r.clients} | ${Math.round(r.connectMs)} | ${r.received}/${r.expected} | ${fmt(r.p50)} | ` +
        `${fmt(r.p99)} | ${fmt(r.max)} | ${r.remoteP50 === undefined ? '–' : `${fmt(r.remoteP50)} / ${fmt(r.remoteP99!)}`} | ` +
        `${fmt(r.txP50)} | ${r.rssPerConnectionKb.map((k) => k.toFixed(1)).join(' / ')} |`,
    );
  const dir = path.join(repo, 'bench-results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'realtime.json');
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
}

if (process.argv.includes('--server')) {
  serverMain().catch((err: unknown) => {
    process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
