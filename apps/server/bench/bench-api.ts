/**
 * `npm run bench:api`: the embedded default (no DATABASE_URL: the server starts the PostgreSQL of its data directory)
 * against an external PostgreSQL on the same machine, in one run, on the same generated data: 20,000 bound devices
 * over 200 organizations (data.ts) and BENCH_CASES cases (cases-data.ts; the largest organization's box holds about a
 * fifth of them). Both servers run side by side (each in its own process, server.ts); the calls
 *
 *   device list        POST /api2/device/scan/auths, pages 1–3 of 15, the largest organization
 *   case box           POST /getpaging, pages 1–3 of 15, the largest organization's box
 *   case box, keyword  POST /getpaging with a patient's whole name (first and family name)
 *   current user       GET /user/current
 *
 * are measured on both engines, alternately, so that the machine's other load falls on both alike:
 *   1. explain: EXPLAIN (ANALYZE, BUFFERS) of every read each call runs, on each engine (explain.ts),
 *   2. closed: 10 connections, each sending its next request when the previous one is answered: requests/s, p50,
 *      p99, CPU per request; BENCH_CLOSED_S seconds per engine and call, in BENCH_CLOSED_RUNS runs in the order
 *      embedded, external, external, embedded, embedded, external … (short runs, so a burst of the machine's other
 *      load falls on both engines),
 *   3. fixed: open loop at a fixed rate per call (load.ts: no coordinated omission): p50, p99, errors, CPU,
 *   4. cost (opt-in): each call at 20/s, CPU per request; step (opt-in): rising rates until p99 ≥ 100 ms,
 *   5. assets: `/v5/` assets alone and during a sign-in flood, on the first engine (they do not touch the database).
 * Then the table, with the embedded/external ratio of closed-loop throughput per call (aim: 0.8 or better), and
 * bench-results/api.json. It stops by itself (BENCH_DEADLINE_S, default 570 s): the measurement times shrink to fit
 * what the data generation left. Environment: see README.md.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  DEVICES,
  LARGEST_ORG_OWNER,
  ORGS,
  PASSWORD,
  floodAccounts,
  generate,
  type DataShape,
} from './data.ts';
import { caseStatements, custId, FAMILY, FIRST } from './cases-data.ts';
import { startServer as startChild, type Server } from './child.ts';
import { scratchDatabase } from './scratch-db.ts';
import { explainAll, type PlanReport } from './explain.ts';
import {
  agentFor,
  closedLoop,
  mergeClosed,
  openLoop,
  request,
  type ClosedResult,
  type ClosedRun,
  type RunResult,
  type Target,
} from './load.ts';
import { withCpu, type CpuPerRequest, type Measured } from './cpu.ts';
import { captureScript, cycled, startBaseline, type BaselineTarget } from './baseline.ts';
import { parseEngines, serverLikePool, type Engine } from './engine.ts';
import { discardDataDir, runningEmbedded, stopEmbeddedOrphan } from '../src/platform/db/embedded.ts';

const env = process.env;
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const src = env.BENCH_SERVER_SRC ?? path.resolve(here, '../src') + '/';
const QUICK = env.BENCH_QUICK === '1';
const ENGINES = parseEngines(env.BENCH_ENGINES ?? 'embedded,postgres');
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CASES = Number(env.BENCH_CASES ?? 100_000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
/** Seconds per closed-loop run; each engine runs twice per call (A B B A). */
/** Seconds of closed loop per engine and call, in CLOSED_RUNS runs (A B B A A B B A …). */
const CLOSED_S = Number(env.BENCH_CLOSED_S ?? (QUICK ? 4 : 16));
const CLOSED_RUNS = Math.max(1, Number(env.BENCH_CLOSED_RUNS ?? (QUICK ? 4 : 8)));
const FIXED_S = Number(env.BENCH_FIXED_S ?? (QUICK ? 3 : 10));
const WARM_S = Number(env.BENCH_WARM_S ?? (QUICK ? 1 : 3));
const STEP_S = Number(env.BENCH_STEP_S ?? (QUICK ? 3 : 10));
const FLOOD_S = Number(env.BENCH_FLOOD_S ?? (QUICK ? 3 : 8));
const COST_S = Number(env.BENCH_COST_S ?? (QUICK ? 3 : 6));
const COST_RATE = 20;
/** How long an overloaded server may work off its backlog before it is restarted, s. */
const DRAIN_S = Number(env.BENCH_DRAIN_S ?? 20);
const RATES = [200, 400, 800, 1200, 1600, 2000, 2500, 3000, 4000];
const P99_LIMIT_MS = 100;
const AIM = 0.8;
const WEB_DIST = path.resolve(env.BENCH_WEB_DIST ?? path.join(repo, 'apps/web/dist'));
const OUT = path.resolve(env.BENCH_OUT ?? path.join(repo, 'bench-results/api.json'));
/** Which parts run: explain, closed, fixed, cost, step, assets (default all but cost and step). */
const PARTS = new Set(
  (env.BENCH_PARTS ?? 'baseline,explain,closed,fixed,assets').split(',').map((p) => p.trim()),
);
/** Seconds of closed loop per server and call against the bare baseline, in BASELINE_RUNS runs (A B B A …). */
const BASELINE_S = Number(env.BENCH_BASELINE_S ?? (QUICK ? 6 : 20));
const BASELINE_RUNS = Math.max(2, Number(env.BENCH_BASELINE_RUNS ?? (QUICK ? 4 : 10)));
/** Archway's aims against the bare baseline (issue 35): requests/s at least, server CPU per request at most. */
const BASELINE_AIM = { rps: 0.7, cpu: 1.4 };
/** The whole benchmark stops (and cleans up) after this long, whatever happens. */
const DEADLINE_MS = Number(env.BENCH_DEADLINE_S ?? 570) * 1000;

const out = (s = '') => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : Math.round(x).toString()) : '–');
const load1 = () => Math.round(os.loadavg()[0]! * 10) / 10;
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const engineName = (e: Engine) => (e === 'embedded' ? 'embedded' : 'external');

// ---- the data, per engine ---------------------------------------------------------------------------------------

interface CaseShape {
  cases: number;
  /** The largest organization's box (not the bin): what the case box calls page through. */
  largestBox: number;
  copies: number;
}

interface PreparedDb {
  engine: Engine;
  dataDir: string;
  /** The external server's scratch database (undefined: embedded). */
  databaseUrl?: string;
  shape: DataShape;
  cases: CaseShape;
  generateS: number;
  drop(): Promise<void>;
}

/**
 * Writes the data into the engine: the embedded one through openDatabase({ dataDir }) (which starts the data
 * directory's PostgreSQL and migrates it), closed again so that the server process can take the directory.
 */
async function prepare(engine: Engine, cleanups: (() => Promise<void>)[]): Promise<PreparedDb> {
  const { openDatabase } = (await import(
    `${src}platform/db/client.ts`
  )) as typeof import('../src/platform/db/client.ts');
  const { hashPassword } = (await import(`${src}platform/identity/passwords.ts`)) as {
    hashPassword: (p: string) => Promise<string>;
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), `archway-bench-${engine}-`));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (engine === 'postgres') {
    const scratch = await scratchDatabase(ADMIN_URL, `archway_bench_${process.pid}`);
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  const drop = async () => {
    await stopEmbeddedOrphan(dataDir);
    await dropDb();
    await discardDataDir(dataDir);
  };
  cleanups.push(drop);
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  let shape: DataShape;
  let cases: CaseShape;
  try {
    const db = database.db;
    shape = await generate(db, await hashPassword(PASSWORD));
    // The cases in one transaction, the statistics aggregates (case_stats, not read by the calls measured here) off.
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`alter table case_boxes disable trigger case_stats_insert`));
      for (const s of caseStatements(CASES)) await tx.execute(sql.raw(s));
      await tx.execute(sql.raw(`alter table case_boxes enable trigger case_stats_insert`));
    });
    await db.execute(sql.raw('vacuum analyze'));
    // Write the load's WAL out now, not in a checkpoint during the measurement.
    await db.execute(sql.raw('checkpoint'));
    const [row] = rowsOf(
      await db.execute(
        sql.raw(
          `select (select count(*)::int from case_boxes where cust_id = ${custId('1')} and deleted_at is null
             and recycled_at is null) as box, (select count(*)::int from case_boxes) as copies`,
        ),
      ),
    );
    cases = { cases: CASES, largestBox: Number(row?.box), copies: Number(row?.copies) };
  } finally {
    await database.close();
  }
  return { engine, dataDir, databaseUrl, shape, cases, generateS: (performance.now() - t0) / 1000, drop };
}

// ---- the servers ------------------------------------------------------------------------------------------------

interface Running {
  engine: Engine;
  prepared: PreparedDb;
  server: Server;
  /** Where the CPU of the database's backends is read and EXPLAIN runs (undefined: unknown). */
  db: { adminUrl: string; databaseUrl: string | undefined };
  token: string;
}

const serverEnv = (p: PreparedDb) => ({
  DATA_DIR: p.dataDir,
  ...(p.databaseUrl ? { DATABASE_URL: p.databaseUrl } : {}),
  WEB_DIST,
  BENCH_SERVER_SRC: src,
  // No scan jobs: the generated cases have no files to make preview images of.
  SCAN_THREADS: '0',
});

function dbOf(p: PreparedDb): Running['db'] {
  if (p.databaseUrl) return { adminUrl: ADMIN_URL, databaseUrl: p.databaseUrl };
  const urls = runningEmbedded(p.dataDir);
  return urls ? { adminUrl: urls.adminUrl, databaseUrl: urls.url } : { adminUrl: '', databaseUrl: undefined };
}

async function start(p: PreparedDb): Promise<Server> {
  return startChild(serverEnv(p), {
    execArgv: [
      ...(env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_PROFILE)}`] : []),
      // e.g. --perf-basic-prof, for `perf record -p <server pid>` (the profile of CPU time, not of wall time).
      ...(env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}

/** Stops the server (and, if it had to be killed, the embedded PostgreSQL it left running). */
async function stop(r: { server: Server; prepared: PreparedDb }) {
  await r.server.stop();
  if (r.prepared.engine === 'embedded') await stopEmbeddedOrphan(r.prepared.dataDir);
}

async function signIn(port: number, username: string): Promise<string> {
  const agent = agentFor(1);
  const res = await request(
    agent,
    port,
    'POST',
    '/account/token',
    {},
    JSON.stringify({ username, password: PASSWORD }),
    30_000,
  );
  agent.destroy();
  const body = JSON.parse(res.body) as { success: boolean; data?: { AccessToken?: string } };
  if (!body.success || !body.data?.AccessToken) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body.data.AccessToken;
}

async function once(port: number, t: Target, i: number) {
  const agent = agentFor(1);
  const b = t.body?.(i);
  try {
    return await request(
      agent,
      port,
      t.method,
      t.path(i),
      t.headers ?? {},
      b === undefined ? undefined : JSON.stringify(b),
      60_000,
    );
  } finally {
    agent.destroy();
  }
}

async function version(url: string | undefined): Promise<string | null> {
  if (!url) return null;
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const { rows } = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
    return rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * Waits until the server process is idle (under 50 ms of CPU per second, twice), at most `maxS`: an overloaded run
 * leaves requests queued that the client gave up on. Answers the seconds waited and whether it became idle.
 */
async function waitIdle(server: Server, maxS = DRAIN_S) {
  const t0 = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - t0 < maxS * 1000) {
    const c0 = await server.cpuMs();
    await sleep(1000);
    quiet = (await server.cpuMs()) - c0 < 50 ? quiet + 1 : 0;
  }
  return { seconds: Math.round(performance.now() - t0) / 1000, idle: quiet >= 2 };
}

// ---- the calls --------------------------------------------------------------------------------------------------

type CallKey = 'list' | 'box' | 'boxKeyword' | 'user';

interface Call {
  key: CallKey;
  name: string;
  /** The fixed rate of the open-loop phase, requests/s. */
  rate: number;
  target(token: string): Target;
}

const okEnvelope = (status: number, body: string) => status === 200 && body.startsWith('{"success":true');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const fixedRate = (key: CallKey, fallback: number) =>
  Number(env[`BENCH_RATE_${key.toUpperCase()}`] ?? env.BENCH_FIXED_RATE ?? fallback);

const ALL_CALLS: Call[] = [
  {
    key: 'list',
    name: 'device list',
    rate: fixedRate('list', 50),
    target: (token) => ({
      method: 'POST',
      path: () => '/api2/device/scan/auths',
      headers: bearer(token),
      body: (i) => ({ pageIndex: 1 + (i % 3), pageSize: 15 }),
      ok: okEnvelope,
    }),
  },
  {
    key: 'box',
    name: 'case box',
    rate: fixedRate('box', 50),
    target: (token) => ({
      method: 'POST',
      path: () => '/getpaging',
      headers: bearer(token),
      body: (i) => ({ pageIndex: 1 + (i % 3), pageSize: 15 }),
      ok: okEnvelope,
    }),
  },
  {
    key: 'boxKeyword',
    name: 'case box, keyword',
    rate: fixedRate('boxKeyword', 50),
    target: (token) => ({
      method: 'POST',
      path: () => '/getpaging',
      headers: bearer(token),
      // A patient's whole name, as the front desk types it (each name is in the box a few times).
      body: (i) => ({
        pageIndex: 1,
        pageSize: 15,
        keyword: `${FIRST[i % FIRST.length]} ${FAMILY[(i * 7) % FAMILY.length]}`,
      }),
      ok: okEnvelope,
    }),
  },
  {
    key: 'user',
    name: 'current user',
    rate: fixedRate('user', 50),
    target: (token) => ({
      method: 'GET',
      path: () => '/user/current',
      headers: bearer(token),
      ok: okEnvelope,
    }),
  },
];

/** BENCH_CALLS: some of list, box, boxKeyword, user (default all). */
const CALLS = env.BENCH_CALLS
  ? ALL_CALLS.filter((c) =>
      env
        .BENCH_CALLS!.split(',')
        .map((k) => k.trim())
        .includes(c.key),
    )
  : ALL_CALLS;

/** The receiver search: explained (and costed when asked), not loaded. */
const SEARCH_KEYS = [
  'lab',
  'Clinic 01',
  'Dental Lab 1',
  '05',
  'bench',
  'org010@bench.test',
  'org013@bench.test',
  '+15550000006',
  'no such name',
];
const searchTarget = (token: string): Target => ({
  method: 'GET',
  path: (i) => `/cust/clinic/find?key=${encodeURIComponent(SEARCH_KEYS[i % SEARCH_KEYS.length]!)}&max=10`,
  headers: bearer(token),
  ok: okEnvelope,
});

/** What one call answers on one engine: its total (list calls) and the status, to compare the engines' data. */
async function probe(r: Running) {
  const totals: Record<string, number | string> = {};
  for (const call of CALLS) {
    const res = await once(r.server.port, call.target(r.token), 0);
    if (!okEnvelope(res.status, res.body))
      throw new Error(`${r.engine}: ${call.name} answered HTTP ${res.status} ${res.body.slice(0, 300)}`);
    const data = (JSON.parse(res.body) as { data?: { totalRecords?: number; custId?: string } }).data;
    totals[call.key] = data?.totalRecords ?? data?.custId ?? '?';
  }
  return totals;
}

// ---- phases -----------------------------------------------------------------------------------------------------

interface ExplainSummary {
  reads: number;
  executionMs: number;
  planningMs: number;
  seqScans: string[];
  plans: PlanReport[];
}

async function explainCall(r: Running, target: Target): Promise<ExplainSummary | null> {
  if (!r.db.databaseUrl) return null;
  const { queries } = await r.server.capture(() => once(r.server.port, target, 0));
  const pool = serverLikePool(r.db.databaseUrl);
  try {
    const plans = await explainAll(await pool.connect(), { connectionString: r.db.databaseUrl }, queries);
    return {
      reads: plans.length,
      executionMs: Math.round(plans.reduce((a, p) => a + p.executionMs, 0) * 100) / 100,
      planningMs: Math.round(plans.reduce((a, p) => a + p.planningMs, 0) * 100) / 100,
      seqScans: plans.flatMap((p) => p.seqScans.map((s) => `${s.table} (${s.rowsRead} rows)`)),
      plans,
    };
  } finally {
    await pool.end();
  }
}

type ClosedMeasured = ClosedResult & {
  cpuMsPerRequest: CpuPerRequest;
  loadAverage: number;
  /** Requests/s of each run, in order (the k-th run of one engine ran next to the k-th of the other). */
  runs: number[];
};

async function closedOnce(r: Running, call: Call, durationS: number) {
  const { result, cpuMsPerRequest } = await withCpu(
    r.server,
    r.db,
    () => closedLoop(r.server.port, call.target(r.token), { connections: CONNECTIONS, durationS }),
    (x) => x.completed,
  );
  return { run: result, cpuMsPerRequest };
}

/** Both engines on one call: `count` runs each of `totalS / count` seconds, A B B A A B …; per engine merged. */
async function closedPhase(running: Running[], call: Call, totalS: number, count: number) {
  const segS = totalS / count;
  const order = Array.from({ length: count }, (_, i) => (i % 2 ? [...running].reverse() : running)).flat();
  const runs = new Map<Engine, { run: ClosedRun; cpu: CpuPerRequest }[]>();
  const loads: number[] = [];
  for (const r of order) {
    const m = await closedOnce(r, call, segS);
    loads.push(load1());
    runs.set(r.engine, [...(runs.get(r.engine) ?? []), { run: m.run, cpu: m.cpuMsPerRequest }]);
  }
  const result: Partial<Record<Engine, ClosedMeasured>> = {};
  for (const [engine, list] of runs) {
    const merged = mergeClosed(list.map((x) => x.run));
    const n = list.map((x) => x.run.completed);
    const weighted = (f: (c: CpuPerRequest) => number | null) => {
      const vals = list.map((x) => f(x.cpu));
      if (vals.some((v) => v === null)) return null;
      const total = n.reduce((a, b) => a + b, 0);
      return (
        Math.round((vals.reduce<number>((a, v, i) => a + v! * n[i]!, 0) / Math.max(1, total)) * 100) / 100
      );
    };
    const { latencies: _latencies, ...rest } = merged;
    void _latencies;
    result[engine] = {
      ...rest,
      cpuMsPerRequest: { server: weighted((c) => c.server)!, database: weighted((c) => c.database) },
      loadAverage: Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10,
      runs: list.map((x) => x.run.throughput),
    };
  }
  return result;
}

type FixedMeasured = Measured & { drain: { seconds: number; idle: boolean } };

/** One call on one engine at its fixed rate, then until the server is idle again (restarted if it is not). */
async function fixedOnce(r: Running, call: Call, durationS: number): Promise<FixedMeasured> {
  let drain = { seconds: 0, idle: true };
  const { result, cpuMsPerRequest } = await withCpu(
    r.server,
    r.db,
    async () => {
      const res = await openLoop(r.server.port, call.target(r.token), { rate: call.rate, durationS });
      drain = await waitIdle(r.server);
      return res;
    },
    (x) => x.sent - (x.errorKinds['client saturated'] ?? 0),
  );
  if (!drain.idle) await restart(r);
  return { ...result, cpuMsPerRequest, drain };
}

/** A new server process on the same data (its backlog dropped), warmed. */
async function restart(r: Running) {
  await stop(r);
  r.server = await start(r.prepared);
  r.db = dbOf(r.prepared);
  await warm(r, QUICK ? 1 : 2);
}

/** V8, the pool's connections and their prepared statements, not measured: a few calls, then a closed loop. */
async function warm(r: Running, seconds: number) {
  for (const call of CALLS) {
    for (let i = 0; i < 5; i++) await once(r.server.port, call.target(r.token), i).catch(() => undefined);
    await closedLoop(r.server.port, call.target(r.token), { connections: CONNECTIONS, durationS: seconds });
  }
}

interface StepResult extends Measured {
  pass: boolean;
}

/** Highest offered rate with p99 under the limit and no errors (and a generator that kept up). */
async function stepUp(r: Running, call: Call, stopAt: number) {
  const steps: StepResult[] = [];
  let sustained = 0;
  for (const rate of RATES) {
    if (performance.now() + STEP_S * 1000 + 15_000 > stopAt) break;
    const m = await fixedOnce(r, { ...call, rate }, STEP_S);
    const pass = m.p99 < P99_LIMIT_MS && m.errors === 0;
    steps.push({ ...m, pass });
    out(
      `    ${engineName(r.engine).padEnd(8)} ${call.name.padEnd(18)} ${String(rate).padStart(5)}/s  p50 ${ms(m.p50).padStart(6)} ms  p99 ${ms(m.p99).padStart(6)} ms  errors ${m.errors}  answered ${m.throughput}/s  cpu/request ${cpuText(m.cpuMsPerRequest)}  ${pass ? 'ok' : 'STOP'}`,
    );
    if (!pass) break;
    sustained = rate;
  }
  return { steps, sustained };
}

// ---- the bare baseline (issue 35) ------------------------------------------------------------------------------

/** How many different requests of each call the baseline replays (request i is variant i % n on both servers). */
const BASELINE_VARIANTS: Record<CallKey, number> = { list: 3, box: 3, boxKeyword: 24, user: 1 };

interface BaselineFigures {
  name: string;
  /** Closed-loop requests/s at CONNECTIONS connections, all runs merged. */
  archwayRps: number;
  baselineRps: number;
  /** Archway / baseline (aim ≥ 0.7). */
  rpsRatio: number;
  /** CPU per request of the server process, ms. */
  archwayCpuMs: number;
  baselineCpuMs: number;
  /** Archway / baseline (aim ≤ 1.4). */
  cpuRatio: number;
  /** CPU per request of the database's backends, ms (null: unknown). */
  archwayDbCpuMs: number | null;
  baselineDbCpuMs: number | null;
  archwayP50: number;
  baselineP50: number;
  archwayP99: number;
  baselineP99: number;
  errors: { archway: number; baseline: number };
  /** Archway / baseline requests/s of each pair of neighbouring runs. */
  pairRatios: number[];
  /** Statements Archway ran per request (the first variant), which the baseline replays. */
  statements: number;
  /** The 1-minute load average after each run, averaged. */
  loadAverage: number;
}

/** Requests each server answers for each call before the baseline phase measures it (BENCH_BASELINE_WARM). */
const BASELINE_WARM = Number(env.BENCH_BASELINE_WARM ?? (QUICK ? 300 : 2000));

/** Closed loop on `target` until BASELINE_WARM answers, at most 10 × `warmS` seconds. */
async function warmFor(port: number, target: Target, warmS: number) {
  const until = performance.now() + 10 * warmS * 1000;
  let answered = 0;
  while (answered < BASELINE_WARM && performance.now() < until)
    answered += (await closedLoop(port, target, { connections: CONNECTIONS, durationS: Math.min(2, warmS) }))
      .completed;
}

/**
 * Archway against the bare baseline on one engine: the SQL of each call captured from Archway's server, replayed by
 * baseline-server.ts on the same database; per call `runs` closed-loop runs of `totalS / runs` seconds each, in the
 * order Archway, baseline, baseline, Archway, … (so the machine's other load falls on both alike).
 */
async function baselinePhase(r: Running, totalS: number, runs: number, warmS: number) {
  if (!r.db.databaseUrl) throw new Error(`${r.engine}: no database URL for the baseline`);
  const calls = CALLS.map((c) => ({
    call: c,
    bt: { target: c.target(r.token), variants: BASELINE_VARIANTS[c.key] } satisfies BaselineTarget,
  }));
  const script = await captureScript(
    r.server,
    r.token,
    calls.map((c) => c.bt),
  );
  const base = await startBaseline(r.db.databaseUrl, script);
  const figures: Partial<Record<CallKey, BaselineFigures>> = {};
  try {
    for (const { call, bt } of calls) {
      const t = cycled(bt);
      const res = await once(base.port, t, 0);
      if (!okEnvelope(res.status, res.body))
        throw new Error(`baseline: ${call.name} answered HTTP ${res.status} ${res.body.slice(0, 300)}`);
    }
    // Both servers warmed by request count, not time: on a loaded machine a few seconds are a few dozen requests,
    // and Archway (far more code than the baseline) would be measured while V8 still compiles it.
    for (const { bt } of calls)
      for (const port of [r.server.port, base.port]) await warmFor(port, cycled(bt), warmS);
    const sides = [
      { side: 'archway' as const, server: r.server as Pick<Server, 'cpuMs' | 'port'> },
      { side: 'baseline' as const, server: base },
    ];
    for (const { call, bt } of calls) {
      const t = cycled(bt);
      const order = Array.from({ length: runs }, (_, i) => (i % 2 ? [...sides].reverse() : sides)).flat();
      const got = {
        archway: [] as { run: ClosedRun; cpu: CpuPerRequest }[],
        baseline: [] as typeof got.archway,
      };
      const loads: number[] = [];
      for (const s of order) {
        const m = await withCpu(
          s.server,
          r.db,
          () => closedLoop(s.server.port, t, { connections: CONNECTIONS, durationS: totalS / runs }),
          (x) => x.completed,
        );
        loads.push(load1());
        got[s.side].push({ run: m.result, cpu: m.cpuMsPerRequest });
      }
      const sum = (side: 'archway' | 'baseline') => {
        const list = got[side];
        const merged = mergeClosed(list.map((x) => x.run));
        const total = Math.max(
          1,
          list.reduce((a, x) => a + x.run.completed, 0),
        );
        const weighted = (f: (c: CpuPerRequest) => number | null) =>
          list.some((x) => f(x.cpu) === null)
            ? null
            : Math.round((list.reduce((a, x) => a + f(x.cpu)! * x.run.completed, 0) / total) * 100) / 100;
        return { merged, cpu: weighted((c) => c.server)!, db: weighted((c) => c.database) };
      };
      const a = sum('archway');
      const b = sum('baseline');
      figures[call.key] = {
        name: call.name,
        archwayRps: a.merged.throughput,
        baselineRps: b.merged.throughput,
        rpsRatio: Math.round((a.merged.throughput / Math.max(0.001, b.merged.throughput)) * 100) / 100,
        archwayCpuMs: a.cpu,
        baselineCpuMs: b.cpu,
        cpuRatio: Math.round((a.cpu / Math.max(0.001, b.cpu)) * 100) / 100,
        archwayDbCpuMs: a.db,
        baselineDbCpuMs: b.db,
        archwayP50: a.merged.p50,
        baselineP50: b.merged.p50,
        archwayP99: a.merged.p99,
        baselineP99: b.merged.p99,
        errors: { archway: a.merged.errors, baseline: b.merged.errors },
        pairRatios: got.archway.map(
          (x, i) =>
            Math.round((x.run.throughput / Math.max(0.001, got.baseline[i]?.run.throughput ?? 0)) * 100) /
            100,
        ),
        statements: script.calls[calls.findIndex((c) => c.call === call)]!.variants[0]!.statements.length,
        loadAverage: Math.round((loads.reduce((x, y) => x + y, 0) / loads.length) * 10) / 10,
      };
      const f = figures[call.key]!;
      out(
        `    ${call.name.padEnd(18)} Archway ${f.archwayRps}/s cpu ${f.archwayCpuMs}${f.archwayDbCpuMs === null ? '' : ` + ${f.archwayDbCpuMs}`} ms | baseline ${f.baselineRps}/s cpu ${f.baselineCpuMs}${f.baselineDbCpuMs === null ? '' : ` + ${f.baselineDbCpuMs}`} ms | req/s ${f.rpsRatio.toFixed(2)} (${f.rpsRatio >= BASELINE_AIM.rps ? 'met' : 'MISSED'}; runs ${f.pairRatios.join(' ')}) | cpu ${f.cpuRatio.toFixed(2)} (${f.cpuRatio <= BASELINE_AIM.cpu ? 'met' : 'MISSED'}) | ${f.statements} statements${f.errors.archway + f.errors.baseline ? ` | errors ${JSON.stringify(f.errors)}` : ''} (load ${f.loadAverage})`,
      );
    }
  } finally {
    await base.stop();
  }
  return figures;
}

// ---- assets and the sign-in flood ------------------------------------------------

interface AssetReport {
  largestScript: string;
  firstVisit: { files: number; plainBytes: number; brotliBytes: number; gzipBytes: number };
  allAssets: { files: number; plainBytes: number; brotliBytes: number };
  alone: Record<string, RunResult>;
  duringFlood: Record<string, RunResult>;
  /** p50 and p99 during the flood divided by without it. */
  ratio: Record<string, { p50: number; p99: number }>;
  flood: {
    workers: number;
    seconds: number;
    accepted: number;
    refused429: number;
    other: number;
    acceptedPerS: number;
  };
}

function largestScript(): string | undefined {
  const dir = path.join(WEB_DIST, 'assets');
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)[0]?.f;
}

async function firstVisitBytes(port: number) {
  const agent = agentFor(4);
  const get = async (p: string, ae?: string) =>
    request(agent, port, 'GET', p, ae ? { 'accept-encoding': ae } : {}, undefined, 30_000);
  const index = await get('/v5/');
  const refs = [...index.body.matchAll(/(?:src|href)="(\/v5\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const files = ['/v5/', ...new Set(refs)];
  let plainBytes = 0;
  let brotliBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    plainBytes += (await get(f)).bytes;
    brotliBytes += (await get(f, 'br')).bytes;
    gzipBytes += (await get(f, 'gzip')).bytes;
  }
  agent.destroy();
  return { files: files.length, plainBytes, brotliBytes, gzipBytes };
}

function allAssetBytes() {
  const dir = path.join(WEB_DIST, 'assets');
  let plainBytes = 0;
  let brotliBytes = 0;
  let files = 0;
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.br') || f.endsWith('.gz')) continue;
    files++;
    const size = statSync(path.join(dir, f)).size;
    plainBytes += size;
    brotliBytes += existsSync(path.join(dir, `${f}.br`)) ? statSync(path.join(dir, `${f}.br`)).size : size;
  }
  return { files, plainBytes, brotliBytes };
}

async function assetsAndFlood(port: number): Promise<AssetReport | { skipped: string }> {
  const script = largestScript();
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !script)
    return { skipped: `no web build at ${WEB_DIST} (npm run build -w @archway/web)` };
  const assetTargets: Record<string, Target> = {
    'index.html': { method: 'GET', path: () => '/v5/', headers: { 'accept-encoding': 'gzip, deflate, br' } },
    [script]: {
      method: 'GET',
      path: () => `/v5/assets/${script}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    },
  };
  const measureAssets = async () => {
    const results = await Promise.all(
      Object.entries(assetTargets).map(
        async ([name, t]) =>
          [
            name,
            await openLoop(port, t, { rate: 20, durationS: FLOOD_S, agent: agentFor(16), timeoutMs: 15_000 }),
          ] as const,
      ),
    );
    return Object.fromEntries(results);
  };
  const alone = await measureAssets();

  const workers = 50;
  const accounts = floodAccounts();
  const flood = { accepted: 0, refused429: 0, other: 0 };
  const floodAgent = agentFor(workers);
  let stop = false;
  let n = 0;
  const worker = async () => {
    while (!stop) {
      const username = accounts[n++ % accounts.length]!;
      try {
        const res = await request(
          floodAgent,
          port,
          'POST',
          '/account/token',
          {},
          JSON.stringify({ username, password: PASSWORD }),
          30_000,
        );
        if (okEnvelope(res.status, res.body)) flood.accepted++;
        else if (res.status === 429) flood.refused429++;
        else flood.other++;
      } catch {
        flood.other++;
      }
    }
  };
  const floodStart = performance.now();
  const running = Array.from({ length: workers }, worker);
  await sleep(1000); // let the flood build up before measuring
  const duringFlood = await measureAssets();
  stop = true;
  const floodS = (performance.now() - floodStart) / 1000;
  const counted = { ...flood };
  floodAgent.destroy(); // sign-ins still in flight are abandoned, not counted
  await Promise.all(running);
  Object.assign(flood, counted);

  const ratio = Object.fromEntries(
    Object.keys(alone).map((k) => [
      k,
      { p50: duringFlood[k]!.p50 / alone[k]!.p50, p99: duringFlood[k]!.p99 / alone[k]!.p99 },
    ]),
  );
  return {
    largestScript: script,
    firstVisit: await firstVisitBytes(port),
    allAssets: allAssetBytes(),
    alone,
    duringFlood,
    ratio,
    flood: {
      workers,
      seconds: Math.round(floodS * 10) / 10,
      ...flood,
      acceptedPerS: Math.round((flood.accepted / floodS) * 10) / 10,
    },
  };
}

// ---- the run ----------------------------------------------------------------------------------------------------

const cpuText = (c: CpuPerRequest) => `${c.server}${c.database === null ? '' : ` + ${c.database}`} ms`;
const fmtErr = (r: { errorKinds: Record<string, number> }) =>
  Object.keys(r.errorKinds).length ? JSON.stringify(r.errorKinds) : '';
const kb = (b: number) => `${Math.round(b / 1024)} KiB`;

interface Report {
  label: string | null;
  at: string;
  node: string;
  quick: boolean;
  partial: boolean;
  settings: Record<string, unknown>;
  seconds: number;
  cpus: number;
  /** The machine is shared: its 1/5/15-minute load average at the start, when the data was ready, and at the end. */
  loadAverage: Record<string, number[]>;
  engines: Partial<
    Record<
      Engine,
      {
        serverVersion: string | null;
        data: DataShape;
        cases: CaseShape;
        generateS: number;
        totals?: Record<string, number | string>;
      }
    >
  >;
  explain: Partial<Record<Engine, Record<string, ExplainSummary | null>>>;
  closed: Partial<Record<CallKey, Partial<Record<Engine, ClosedMeasured>>>>;
  fixed: Partial<Record<CallKey, Partial<Record<Engine, FixedMeasured>>>>;
  /** Embedded / external closed-loop throughput per call (aim: ≥ 0.8). */
  ratios: Partial<Record<CallKey, number>>;
  /**
   * External / embedded CPU per request (server process + database backends) in the closed loop: the throughput
   * ratio one would see where CPU is the limit and nothing else runs; less at the mercy of the machine's other load.
   */
  cpuRatios: Partial<Record<CallKey, number>>;
  /**
   * Embedded / external requests/s of each pair of neighbouring runs: how much the ratio moves with the machine's
   * other load within one run (median, lowest, highest).
   */
  pairRatios: Partial<Record<CallKey, { median: number; min: number; max: number; all: number[] }>>;
  aim: number;
  /**
   * Issue 35: Archway against a minimal Fastify + node-postgres server running the same SQL (baseline-server.ts),
   * per call; `engine` and `loadAverage` (1-minute, at the start and the end of the phase) of that run.
   */
  baseline: Partial<Record<CallKey, BaselineFigures>> & {
    engine?: Engine;
    loadAverage?: { start: number[]; end: number[] };
    aim?: typeof BASELINE_AIM;
    skipped?: string;
  };
  cost: Partial<Record<Engine, Record<string, Measured>>>;
  stepUp: Partial<Record<Engine, Record<string, { steps: StepResult[]; sustained: number }>>>;
  assets: (AssetReport & { engine: Engine }) | { skipped: string };
}

const loadAvg = () => os.loadavg().map((x) => Math.round(x * 10) / 10);

const report: Report = {
  label: env.BENCH_LABEL ?? null,
  at: new Date().toISOString(),
  node: process.version,
  quick: QUICK,
  partial: true,
  settings: {},
  seconds: 0,
  cpus: os.cpus().length,
  loadAverage: { start: loadAvg() },
  engines: {},
  explain: {},
  closed: {},
  fixed: {},
  ratios: {},
  cpuRatios: {},
  pairRatios: {},
  aim: AIM,
  baseline: { skipped: 'not run' },
  cost: {},
  stepUp: {},
  assets: { skipped: 'not run' },
};

function table() {
  const name = (k: CallKey) => CALLS.find((c) => c.key === k)!.name;
  out(
    `\n== summary (load average at start ${report.loadAverage.start!.join(' ')}, at the end ${loadAvg().join(' ')}; ${report.cpus} CPUs) ==`,
  );
  out(
    `| call | engine | closed loop (${CONNECTIONS} connections) req/s | p50 ms | p99 ms | CPU ms/request (server + database) | fixed rate/s | p50 ms | p99 ms | errors |`,
  );
  out('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const call of CALLS)
    for (const engine of ENGINES) {
      const c = report.closed[call.key]?.[engine];
      const f = report.fixed[call.key]?.[engine];
      out(
        `| ${call.name} | ${engineName(engine)} | ${c ? c.throughput : '–'} | ${ms(c?.p50 ?? NaN)} | ${ms(c?.p99 ?? NaN)} | ${c ? cpuText(c.cpuMsPerRequest) : '–'} | ${f ? f.offeredRate : '–'} | ${ms(f?.p50 ?? NaN)} | ${ms(f?.p99 ?? NaN)} | ${f ? f.errors : '–'} |`,
      );
    }
  const base = report.baseline;
  if (!base.skipped) {
    out(
      `\n| call (${base.engine ? engineName(base.engine) : '?'}) | Archway req/s | baseline req/s | ratio (aim ≥ ${BASELINE_AIM.rps}) | Archway CPU ms/request | baseline CPU ms/request | ratio (aim ≤ ${BASELINE_AIM.cpu}) |`,
    );
    out('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const call of CALLS) {
      const f = base[call.key];
      if (f)
        out(
          `| ${call.name} | ${f.archwayRps} | ${f.baselineRps} | ${f.rpsRatio.toFixed(2)} ${f.rpsRatio >= BASELINE_AIM.rps ? 'met' : 'MISSED'} | ${f.archwayCpuMs} | ${f.baselineCpuMs} | ${f.cpuRatio.toFixed(2)} ${f.cpuRatio <= BASELINE_AIM.cpu ? 'met' : 'MISSED'} |`,
        );
    }
  }
  const keys = Object.keys(report.ratios) as CallKey[];
  if (keys.length) {
    out(
      `\n| call | embedded / external, closed-loop req/s | aim ≥ ${AIM} | neighbouring runs: median (lowest–highest) | external / embedded, CPU per request |`,
    );
    out('| --- | ---: | --- | ---: | ---: |');
    for (const k of keys) {
      const pr = report.pairRatios[k];
      out(
        `| ${name(k)} | ${report.ratios[k]!.toFixed(2)} | ${report.ratios[k]! >= AIM ? 'met' : 'MISSED'} | ${pr ? `${pr.median.toFixed(2)} (${pr.min.toFixed(2)}–${pr.max.toFixed(2)})` : '–'} | ${report.cpuRatios[k]?.toFixed(2) ?? '–'} |`,
      );
    }
  }
  for (const [engine, costs] of Object.entries(report.cost))
    for (const [call, c] of Object.entries(costs))
      out(
        `${engineName(engine as Engine).padEnd(9)} cost at ${COST_RATE}/s: ${call.padEnd(18)} CPU per request ${cpuText(c.cpuMsPerRequest)}, p50 ${ms(c.p50)} ms`,
      );
  for (const [engine, steps] of Object.entries(report.stepUp))
    for (const [call, s] of Object.entries(steps))
      out(
        `${engineName(engine as Engine).padEnd(9)} highest rate with p99 < ${P99_LIMIT_MS} ms: ${call.padEnd(18)} ${s.sustained ? `${s.sustained}/s` : `< ${RATES[0]}/s`}`,
      );
  const a = report.assets;
  if (!('skipped' in a)) {
    const worst = Math.max(...Object.values(a.ratio).map((x) => x.p99));
    out(
      `assets (${engineName(a.engine)}) during sign-in flood: p99 ×${worst.toFixed(1)} of normal; ${a.flood.acceptedPerS} sign-ins/s accepted, ${a.flood.refused429} refused (429)`,
    );
    out(
      `first visit (index.html + ${a.firstVisit.files - 1} referenced assets): ${kb(a.firstVisit.plainBytes)} plain, ${kb(a.firstVisit.gzipBytes)} gzip, ${kb(a.firstVisit.brotliBytes)} brotli; all ${a.allAssets.files} assets ${kb(a.allAssets.plainBytes)} → ${kb(a.allAssets.brotliBytes)} brotli`,
    );
  }
}

async function main() {
  const started = performance.now();
  const stopAt = started + DEADLINE_MS;
  const left = () => (stopAt - performance.now()) / 1000;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    cleanups.length = 0;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void cleanup().finally(() => process.exit(130)));
  const writeResult = async (partial: boolean) => {
    report.partial = partial;
    report.seconds = Math.round((performance.now() - started) / 1000);
    report.loadAverage.end = loadAvg();
    await mkdir(path.dirname(OUT), { recursive: true });
    await writeFile(OUT, JSON.stringify(report, null, 2));
    out(`\nwritten ${path.relative(process.cwd(), OUT)} (${report.seconds} s${partial ? ', partial' : ''})`);
  };
  const guard = setTimeout(() => {
    out(`\nbench: time limit (${DEADLINE_MS / 1000} s) reached, stopping`);
    void cleanup()
      .then(() => writeResult(true))
      .finally(() => process.exit(2));
  }, DEADLINE_MS);
  guard.unref();

  out(
    `bench:api — engines ${ENGINES.map(engineName).join(', ')}; ${DEVICES} devices over ${ORGS} organizations, ${CASES} cases; server ${src}; ${report.cpus} CPUs, load average ${report.loadAverage.start!.join(' ')}`,
  );
  try {
    // 1. The same data into each engine, side by side.
    const prepared = await Promise.all(ENGINES.map((e) => prepare(e, cleanups)));
    report.loadAverage.dataReady = loadAvg();
    for (const p of prepared) {
      const d = p.shape;
      out(
        `  ${engineName(p.engine)}: ${d.organizations} organizations, ${d.devices} devices (largest organization ${d.largestOrgDevices}, next ${d.secondOrgDevices}), ${d.authorizations} authorizations (${d.activeAuthorizations} live), ${d.deviceUsers} device users, ${d.receivers} receiver entries; ${p.cases.cases} cases (${p.cases.copies} copies, the largest box ${p.cases.largestBox}); ${p.generateS.toFixed(1)} s`,
      );
    }

    // 2. Both servers, side by side.
    const running: Running[] = [];
    for (const p of prepared) {
      const server = await start(p);
      const r: Running = { engine: p.engine, prepared: p, server, db: dbOf(p), token: '' };
      cleanups.push(() => stop(r));
      r.token = await signIn(server.port, LARGEST_ORG_OWNER);
      running.push(r);
      const totals = await probe(r);
      report.engines[p.engine] = {
        serverVersion: await version(r.db.databaseUrl),
        data: p.shape,
        cases: p.cases,
        generateS: Math.round(p.generateS * 10) / 10,
        totals,
      };
      out(
        `  ${engineName(p.engine)} server: PostgreSQL ${report.engines[p.engine]!.serverVersion ?? '?'}; totals ${JSON.stringify(totals)}`,
      );
    }
    const [a, b] = running;
    if (a && b) {
      const ta = report.engines[a.engine]!.totals!;
      const tb = report.engines[b.engine]!.totals!;
      for (const call of CALLS.filter((c) => c.key !== 'user'))
        if (ta[call.key] !== tb[call.key])
          throw new Error(
            `${call.name}: the engines answer different totals (${ta[call.key]} and ${tb[call.key]})`,
          );
    }

    // 3. EXPLAIN of what each call runs, on each engine.
    if (PARTS.has('explain')) {
      out('\n  EXPLAIN (ANALYZE, BUFFERS) of every read, as the server plans it (generic plans, jit=off):');
      for (const r of running) {
        const explained: Record<string, ExplainSummary | null> = {};
        for (const t of [
          ...CALLS.map((c) => [c.name, c.target(r.token)] as const),
          ['receiver search', searchTarget(r.token)] as const,
        ]) {
          const e = await explainCall(r, t[1]);
          explained[t[0]] = e;
          if (!e) continue;
          out(
            `    ${engineName(r.engine).padEnd(8)} ${t[0].padEnd(18)} ${e.reads} reads, execution ${e.executionMs.toFixed(2)} ms, planning ${e.planningMs.toFixed(2)} ms${e.seqScans.length ? `; SEQ SCAN ${e.seqScans.join(', ')}` : ''}`,
          );
          if (env.BENCH_PLANS === '1') for (const p of e.plans) out(`\n${p.sql}\n${p.text}\n`);
        }
        report.explain[r.engine] = explained;
      }
    }

    // Fit the measurements into the time left (the data generation's time depends on the machine's load).
    const assetsS = PARTS.has('assets') ? 2 * FLOOD_S + 30 : 0;
    const n = running.length;
    const per = {
      baseline: PARTS.has('baseline') ? CALLS.length * (2 * BASELINE_S + BASELINE_RUNS + WARM_S + 3) : 0,
      warm: n * CALLS.length * (WARM_S + 1),
      closed: PARTS.has('closed') ? CALLS.length * n * (CLOSED_S + CLOSED_RUNS * 0.5) : 0,
      fixed: PARTS.has('fixed') ? CALLS.length * n * (FIXED_S + 3) : 0,
      cost: PARTS.has('cost') ? (CALLS.length + 1) * n * (COST_S + 3) : 0,
    };
    const planned = per.baseline + per.warm + per.closed + per.fixed + per.cost;
    const scale = Math.min(1, Math.max(0.25, (left() - assetsS - 30) / planned));
    const fit = (s: number) => Math.max(1, Math.round(s * scale * 10) / 10);
    const [warmS, closedS, fixedS, costS, baselineS] = [
      fit(WARM_S),
      fit(CLOSED_S),
      fit(FIXED_S),
      fit(COST_S),
      fit(BASELINE_S),
    ];
    report.settings = {
      cases: CASES,
      connections: CONNECTIONS,
      closedS,
      closedRuns: CLOSED_RUNS,
      fixedS,
      warmS,
      costS,
      costRate: COST_RATE,
      baselineS,
      baselineRuns: BASELINE_RUNS,
      stepS: STEP_S,
      floodS: FLOOD_S,
      fixedRates: Object.fromEntries(CALLS.map((c) => [c.key, c.rate])),
      parts: [...PARTS],
      scale: Math.round(scale * 100) / 100,
      order: 'closed loop per call: A B B A A B …; fixed rate A B, then B A for the next call',
    };
    if (scale < 1)
      out(
        `\n  ${Math.round(left())} s left: measurement times scaled by ${scale.toFixed(2)} to finish in time`,
      );

    // 4. Warm both servers.
    for (const r of running) await warm(r, warmS);

    // 4b. Against the bare baseline (issue 35), on one engine (BENCH_BASELINE_ENGINE; the external one by default).
    if (PARTS.has('baseline')) {
      const wanted =
        (env.BENCH_BASELINE_ENGINE as Engine | undefined) ??
        (ENGINES.includes('postgres') ? 'postgres' : ENGINES[0]);
      const r = running.find((x) => x.engine === wanted) ?? running[0]!;
      out(
        `\n  against the bare baseline (Fastify + node-postgres, the same SQL), ${engineName(r.engine)}: ${CONNECTIONS} connections, ${baselineS} s per server and call in ${BASELINE_RUNS} runs (Archway, baseline, baseline, Archway, …); aim req/s ≥ ${BASELINE_AIM.rps}, CPU ≤ ${BASELINE_AIM.cpu}:`,
      );
      const start = loadAvg();
      const figures = await baselinePhase(r, baselineS, BASELINE_RUNS, warmS);
      report.baseline = {
        ...figures,
        engine: r.engine,
        loadAverage: { start, end: loadAvg() },
        aim: BASELINE_AIM,
      };
    } else report.baseline = { skipped: 'not asked for (BENCH_PARTS)' };

    // 5. Closed loop: A B B A per call.
    if (PARTS.has('closed')) {
      out(
        `\n  closed loop, ${CONNECTIONS} connections, ${closedS} s per engine and call in ${CLOSED_RUNS} runs (${running.map((r) => engineName(r.engine)).join(' ')}, then back, …):`,
      );
      for (const call of CALLS) {
        const res = await closedPhase(running, call, closedS, CLOSED_RUNS);
        report.closed[call.key] = res;
        const parts = running.map((r) => {
          const c = res[r.engine]!;
          return `${engineName(r.engine)} ${c.throughput}/s p50 ${ms(c.p50)} p99 ${ms(c.p99)} ms cpu ${cpuText(c.cpuMsPerRequest)}${c.errors ? ` errors ${c.errors} ${fmtErr(c)}` : ''}`;
        });
        const e = res.embedded;
        const p = res.postgres;
        if (e && p) {
          report.ratios[call.key] = Math.round((e.throughput / Math.max(p.throughput, 0.001)) * 100) / 100;
          const cpu = (c: CpuPerRequest) => (c.database === null ? null : c.server + c.database);
          const [ce, cp] = [cpu(e.cpuMsPerRequest), cpu(p.cpuMsPerRequest)];
          if (ce && cp) report.cpuRatios[call.key] = Math.round((cp / ce) * 100) / 100;
          const pairs = e.runs.map((x, i) => Math.round((x / Math.max(p.runs[i] ?? 0, 0.001)) * 100) / 100);
          const sorted = [...pairs].sort((x, y) => x - y);
          const mid = sorted.length / 2;
          report.pairRatios[call.key] = {
            median:
              sorted.length % 2
                ? sorted[Math.floor(mid)]!
                : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 100) / 100,
            min: sorted[0]!,
            max: sorted.at(-1)!,
            all: pairs,
          };
        }
        out(
          `    ${call.name.padEnd(18)} ${parts.join(' | ')}${report.ratios[call.key] === undefined ? '' : ` | ratio ${report.ratios[call.key]!.toFixed(2)} (runs ${report.pairRatios[call.key]?.all.join(' ')})`} (load ${res[running[0]!.engine]!.loadAverage})`,
        );
      }
    }

    // 6. Open loop at each call's fixed rate.
    if (PARTS.has('fixed')) {
      out(`\n  fixed rate, ${fixedS} s per run:`);
      for (const [i, call] of CALLS.entries()) {
        report.fixed[call.key] = {};
        // Alternately first: A B for one call, B A for the next.
        for (const r of i % 2 ? [...running].reverse() : running) {
          const f = await fixedOnce(r, call, fixedS);
          report.fixed[call.key]![r.engine] = f;
          out(
            `    ${call.name.padEnd(18)} ${engineName(r.engine).padEnd(8)} ${String(call.rate).padStart(4)}/s  p50 ${ms(f.p50).padStart(5)} ms  p99 ${ms(f.p99).padStart(5)} ms  errors ${f.errors}  cpu/request ${cpuText(f.cpuMsPerRequest)}  generator late p99 ${ms(f.sendLagP99)} ms${f.drain.seconds > 3 ? `  (busy ${f.drain.seconds} s after${f.drain.idle ? '' : ': restarted'})` : ''} ${fmtErr(f)}`,
          );
        }
      }
    }

    // 7. CPU per request at a low rate (opt-in).
    if (PARTS.has('cost')) {
      out(`\n  cost at ${COST_RATE}/s for ${costS} s (CPU per request at a rate the server keeps up with):`);
      for (const r of running) {
        const costs: Record<string, Measured> = {};
        for (const call of [
          ...CALLS,
          { key: 'search', name: 'receiver search', rate: COST_RATE, target: searchTarget },
        ]) {
          const m = await fixedOnce(r, { ...(call as Call), rate: COST_RATE }, costS);
          const { drain: _drain, ...rest } = m;
          void _drain;
          costs[call.name] = rest;
          out(
            `    ${engineName(r.engine).padEnd(8)} ${call.name.padEnd(18)} p50 ${ms(m.p50)} ms  p99 ${ms(m.p99)} ms  cpu/request ${cpuText(m.cpuMsPerRequest)}`,
          );
        }
        report.cost[r.engine] = costs;
      }
    }

    // 8. Rising rates (opt-in): what is left of the time, shared by the engines and calls.
    if (PARTS.has('step')) {
      out(`\n  step-up, ${STEP_S} s per rate (p99 < ${P99_LIMIT_MS} ms, no errors):`);
      const slots = running.length * CALLS.length;
      let slot = 0;
      for (const r of running) {
        report.stepUp[r.engine] = {};
        for (const call of CALLS) {
          const until = performance.now() + (stopAt - assetsS * 1000 - performance.now()) / (slots - slot++);
          report.stepUp[r.engine]![call.name] = await stepUp(r, call, until);
        }
      }
    }

    // 9. Assets alone and during a sign-in flood, on the first engine.
    const first = running[0]!;
    if (!PARTS.has('assets')) report.assets = { skipped: 'not asked for (BENCH_PARTS)' };
    else if (left() < 2 * FLOOD_S + 20) report.assets = { skipped: 'no time left' };
    else {
      out(
        `\n  /v5/ assets alone and during a sign-in flood (${FLOOD_S} s each, ${engineName(first.engine)}):`,
      );
      const assets = await assetsAndFlood(first.server.port);
      if ('skipped' in assets) {
        report.assets = assets;
        out(`    skipped: ${assets.skipped}`);
      } else {
        report.assets = { engine: first.engine, ...assets };
        for (const k of Object.keys(assets.alone))
          out(
            `    ${k.padEnd(28)} alone p50 ${ms(assets.alone[k]!.p50)} / p99 ${ms(assets.alone[k]!.p99)} ms; flood p50 ${ms(assets.duringFlood[k]!.p50)} / p99 ${ms(assets.duringFlood[k]!.p99)} ms (×${assets.ratio[k]!.p50.toFixed(1)} / ×${assets.ratio[k]!.p99.toFixed(1)}); errors ${assets.duringFlood[k]!.errors}`,
          );
        const f = assets.flood;
        out(
          `    flood: ${f.workers} parallel sign-ins for ${f.seconds} s: ${f.accepted} accepted (${f.acceptedPerS}/s), ${f.refused429} refused 429, ${f.other} other`,
        );
      }
    }
  } catch (err) {
    await cleanup();
    await writeResult(true);
    throw err;
  } finally {
    await cleanup();
  }
  table();
  await writeResult(false);
  clearTimeout(guard);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench:api failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
