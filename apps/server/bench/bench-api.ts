/**
 * `npm run bench:api`: the API under load with 20,000 bound devices over 200 organizations, on PostgreSQL and on
 * PGlite. For each engine: generate the data (data.ts), start the real server in a child process (server.ts), then
 *   1. EXPLAIN (ANALYZE, BUFFERS) of the SQL of the device list and the receiver search (PostgreSQL),
 *   2. the device list (`POST /api2/device/scan/auths`, page of 15, the largest organization) and the receiver
 *      search (`GET /cust/clinic/find`) at a fixed 200 requests/s: p50, p99, errors,
 *   3. the highest rate each sustains with p99 under 100 ms (200, 400, 800, 1200 … until p99 ≥ 100 ms or errors),
 *   4. `/v5/` asset latency (index.html, the largest script) alone and during a flood of sign-ins, and the bytes of
 *      a first visit plain and brotli.
 * Prints a table and writes bench-results/api.json. Everything is local (127.0.0.1); it stops by itself.
 *
 * Environment: BENCH_ENGINES (postgres,pglite), BENCH_DATABASE_URL (an existing database to connect to for
 * CREATE/DROP DATABASE; default postgres://postgres@127.0.0.1:5432/postgres), BENCH_QUICK=1 (short runs while
 * developing), BENCH_FIXED_S (30), BENCH_STEP_S (10), BENCH_FLOOD_S (10), BENCH_WEB_DIST (apps/web/dist),
 * BENCH_SERVER_SRC (another checkout's apps/server/src/, to measure an earlier commit), BENCH_LABEL, BENCH_OUT.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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
import { startServer as startChild, type Server } from './child.ts';
import { scratchDatabase } from './scratch-db.ts';
import { explainAll, type PlanReport } from './explain.ts';
import { agentFor, openLoop, request, type RunResult, type Target } from './load.ts';
import { backendCpu, type Measured } from './cpu.ts';

type Engine = 'postgres' | 'pglite';

const env = process.env;
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const src = env.BENCH_SERVER_SRC ?? path.resolve(here, '../src') + '/';
const QUICK = env.BENCH_QUICK === '1';
const FIXED_S = Number(env.BENCH_FIXED_S ?? (QUICK ? 5 : 30));
const STEP_S = Number(env.BENCH_STEP_S ?? (QUICK ? 3 : 10));
const FLOOD_S = Number(env.BENCH_FLOOD_S ?? (QUICK ? 4 : 10));
const RATES = [200, 400, 800, 1200, 1600, 2000, 2500, 3000, 4000];
const P99_LIMIT_MS = 100;
const FIXED_RATE = 200;
const ENGINES = (env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim()) as Engine[];
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WEB_DIST = path.resolve(env.BENCH_WEB_DIST ?? path.join(repo, 'apps/web/dist'));
const OUT = path.resolve(env.BENCH_OUT ?? path.join(repo, 'bench-results/api.json'));
/** Which parts run (default all): explain, cost, fixed, step, assets. */
const COST_RATE = 20;
const WARM_S = Number(env.BENCH_WARM_S ?? (QUICK ? 1 : 3));
const COST_S = Number(env.BENCH_COST_S ?? (QUICK ? 3 : 6));
const PARTS = new Set((env.BENCH_PARTS ?? 'explain,cost,fixed,step,assets').split(',').map((p) => p.trim()));
/** The whole benchmark stops (and cleans up) after this long, whatever happens. */
const DEADLINE_MS = Number(env.BENCH_DEADLINE_S ?? 540) * 1000;

const out = (s = '') => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : Math.round(x).toString()) : '–');

// ---- per-engine database ------------------------------------------------------

interface PreparedDb {
  env: Record<string, string>;
  databaseUrl?: string;
  shape: DataShape;
  generateS: number;
  drop(): Promise<void>;
}

async function prepare(engine: Engine): Promise<PreparedDb> {
  const { openDatabase } = (await import(
    `${src}platform/db/client.ts`
  )) as typeof import('../src/platform/db/client.ts');
  const { hashPassword } = (await import(`${src}platform/identity/passwords.ts`)) as {
    hashPassword: (p: string) => Promise<string>;
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-bench-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (engine === 'postgres') {
    const scratch = await scratchDatabase(ADMIN_URL, `archway_bench_${process.pid}`);
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  let shape: DataShape;
  try {
    shape = await generate(database.db, await hashPassword(PASSWORD));
  } finally {
    await database.close();
  }
  return {
    databaseUrl,
    shape,
    generateS: (performance.now() - t0) / 1000,
    env: {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    drop: async () => {
      await dropDb();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- the server process -------------------------------------------------------

const startServer = (dbEnv: Record<string, string>): Promise<Server> =>
  startChild(
    { ...dbEnv, WEB_DIST, BENCH_SERVER_SRC: src },
    {
      execArgv: env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_PROFILE)}`] : [],
    },
  );

// ---- CPU per request -------------------------------------------------------------

interface Costed extends Measured {
  capacity: { nodeCore: number; nodePlusDatabaseCore: number | null; oneCoreForAll: number };
}

type Runner = (target: Target, opts: { rate: number; durationS: number }) => Promise<Measured>;

/** Runs the open loop and measures the CPU it cost, which the machine's other load does not distort. */
function runnerFor(server: Server, databaseUrl: string | undefined): Runner {
  return async (target, opts) => {
    const [s0, d0] = [await server.cpuMs(), await backendCpu(ADMIN_URL, databaseUrl)];
    const r = await openLoop(server.port, target, opts);
    const [s1, d1] = [await server.cpuMs(), await backendCpu(ADMIN_URL, databaseUrl)];
    let db = 0;
    for (const [pid, ms] of d1) db += ms - (d0.get(pid) ?? 0);
    // Every request the server received costs CPU, also those the client stopped waiting for.
    const n = Math.max(1, r.sent - (r.errorKinds['client saturated'] ?? 0));
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      ...r,
      cpuMsPerRequest: {
        server: round((s1 - s0) / n),
        database: databaseUrl && d1.size ? round(db / n) : null,
      },
    };
  };
}

// ---- the calls ------------------------------------------------------------------

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

const okEnvelope = (status: number, body: string) => status === 200 && body.startsWith('{"success":true');

function listTarget(token: string): Target {
  return {
    method: 'POST',
    path: () => '/api2/device/scan/auths',
    headers: { authorization: `Bearer ${token}` },
    body: (i) => ({ pageIndex: 1 + (i % 3), pageSize: 15 }),
    ok: okEnvelope,
  };
}

function searchTarget(token: string): Target {
  return {
    method: 'GET',
    path: (i) => `/cust/clinic/find?key=${encodeURIComponent(SEARCH_KEYS[i % SEARCH_KEYS.length]!)}&max=10`,
    headers: { authorization: `Bearer ${token}` },
    ok: okEnvelope,
  };
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

/**
 * Waits until the server answers /healthz within 50 ms three times in a row (at most 30 s), so a backlog left by an
 * overloaded run does not count against the next one.
 */
async function settle(port: number): Promise<void> {
  const agent = agentFor(1);
  const until = performance.now() + 30_000;
  let fast = 0;
  while (fast < 3 && performance.now() < until) {
    const t = performance.now();
    try {
      await request(agent, port, 'GET', '/healthz', {}, undefined, 10_000);
      fast = performance.now() - t < 50 ? fast + 1 : 0;
    } catch {
      fast = 0;
    }
    await sleep(200);
  }
  agent.destroy();
}

interface StepResult extends Measured {
  pass: boolean;
}

/** Highest offered rate with p99 under the limit and no errors (and a generator that kept up). */
async function stepUp(
  port: number,
  run: Runner,
  target: Target,
  stopAt: number,
): Promise<{ steps: StepResult[]; sustained: number }> {
  const steps: StepResult[] = [];
  let sustained = 0;
  for (const rate of RATES) {
    if (performance.now() + STEP_S * 1000 + 15_000 > stopAt) break;
    const r = await run(target, { rate, durationS: STEP_S });
    const pass = r.p99 < P99_LIMIT_MS && r.errors === 0;
    steps.push({ ...r, pass });
    out(
      `    ${String(rate).padStart(5)}/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms  errors ${r.errors}  answered ${r.throughput}/s  cpu/request ${cpuText(r)}  ${pass ? 'ok' : 'STOP'}`,
    );
    if (!pass) break;
    sustained = rate;
    await settle(port);
  }
  return { steps, sustained };
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

// ---- one engine -----------------------------------------------------------------------

interface EngineReport {
  engine: Engine;
  data: DataShape;
  generateS: number;
  listTotal: number;
  explain?: { list: PlanReport[]; search: PlanReport[] } | undefined;
  cost?: { list: Costed; search: Costed } | undefined;
  fixed?: { list: Measured; search: Measured } | undefined;
  stepUp?:
    | {
        list: { steps: StepResult[]; sustained: number };
        search: { steps: StepResult[]; sustained: number };
      }
    | undefined;
  assets: AssetReport | { skipped: string };
}

async function runEngine(
  engine: Engine,
  stopAt: number,
  cleanups: (() => Promise<void>)[],
): Promise<EngineReport> {
  out(`\n== ${engine} ==`);
  const db = await prepare(engine);
  cleanups.push(db.drop);
  const d = db.shape;
  out(
    `  data: ${d.organizations} organizations, ${d.devices} devices (largest organization ${d.largestOrgDevices}, next ${d.secondOrgDevices}), ` +
      `${d.authorizations} authorizations (${d.activeAuthorizations} live), ${d.deviceUsers} device users, ${d.receivers} receiver entries; ${db.generateS.toFixed(1)} s`,
  );
  let server = await startServer(db.env);
  cleanups.push(() => server.stop());
  const token = await signIn(server.port, LARGEST_ORG_OWNER);
  const list = listTarget(token);
  const search = searchTarget(token);
  const probe = agentFor(1);
  const first = await request(
    probe,
    server.port,
    'POST',
    '/api2/device/scan/auths',
    list.headers!,
    JSON.stringify({ pageIndex: 1, pageSize: 15 }),
    30_000,
  );
  probe.destroy();
  const listTotal = (JSON.parse(first.body) as { data?: { totalRecords?: number } }).data?.totalRecords ?? -1;
  out(`  the largest organization's list: total ${listTotal} (HTTP ${first.status})`);

  let explain: EngineReport['explain'];
  if (engine === 'postgres' && PARTS.has('explain')) {
    const once = async (t: Target, i: number) => {
      const agent = agentFor(1);
      const b = t.body?.(i);
      await request(
        agent,
        server.port,
        t.method,
        t.path(i),
        t.headers!,
        b === undefined ? undefined : JSON.stringify(b),
        30_000,
      );
      agent.destroy();
    };
    const listSql = (await server.capture(() => once(list, 0))).queries;
    const searchSql = (await server.capture(() => once(search, 0))).queries;
    const { openDatabase } = (await import(
      `${src}platform/db/client.ts`
    )) as typeof import('../src/platform/db/client.ts');
    const database = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.env.DATA_DIR! });
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const defaults = { connectionString: db.databaseUrl };
      explain = {
        list: await explainAll(await pool.connect(), defaults, listSql),
        search: await explainAll(await pool.connect(), defaults, searchSql),
      };
    } finally {
      await database.close();
    }
    printExplain('device list (/auths, page 1 of 15)', explain.list);
    printExplain(`receiver search (key "${SEARCH_KEYS[0]}")`, explain.search);
  }

  let run = runnerFor(server, db.databaseUrl);
  /**
   * A new server process for the next phase: an overloaded phase leaves thousands of queued requests behind,
   * which would otherwise be measured in the next one. Warmed before it is measured, as a server in service is: a
   * few sequential calls, then WARM_S seconds of each call at 200/s (unmeasured), so the phase does not count V8
   * compiling the code or the pool opening its connections and preparing its statements.
   */
  const fresh = async () => {
    await server.stop();
    server = await startServer(db.env);
    run = runnerFor(server, db.databaseUrl);
    const agent = agentFor(1);
    for (let i = 0; i < 10; i++)
      for (const t of [list, search]) {
        const b = t.body?.(i);
        await request(
          agent,
          server.port,
          t.method,
          t.path(i),
          t.headers!,
          b === undefined ? undefined : JSON.stringify(b),
          30_000,
        ).catch(() => undefined);
      }
    agent.destroy();
    for (const t of [list, search]) await run(t, { rate: FIXED_RATE, durationS: WARM_S });
  };
  let cost: EngineReport['cost'];
  let fixed: EngineReport['fixed'];
  let steps: EngineReport['stepUp'];
  if (PARTS.has('cost')) {
    // At a rate every machine keeps up with, what one call costs: CPU time does not depend on what else runs.
    out(`  cost at ${COST_RATE}/s for ${COST_S} s (CPU per request; a rate the server keeps up with):`);
    const one = async (t: Target) => {
      await fresh();
      const r = await run(t, { rate: COST_RATE, durationS: COST_S });
      const c = r.cpuMsPerRequest;
      const perCall = c.server + (c.database ?? 0);
      return {
        ...r,
        /** Calls per second one free core of Node could answer, and one core for Node plus one for the database. */
        capacity: {
          nodeCore: Math.round(1000 / Math.max(c.server, 0.01)),
          nodePlusDatabaseCore:
            c.database === null ? null : Math.round(1000 / Math.max(c.server, c.database, 0.01)),
          oneCoreForAll: Math.round(1000 / Math.max(perCall, 0.01)),
        },
      };
    };
    const list1 = await one(list);
    out(`    list    p50 ${ms(list1.p50)} ms  p99 ${ms(list1.p99)} ms  cpu/request ${cpuText(list1)}`);
    const search1 = await one(search);
    out(`    search  p50 ${ms(search1.p50)} ms  p99 ${ms(search1.p99)} ms  cpu/request ${cpuText(search1)}`);
    cost = { list: list1, search: search1 };
  }
  const left = () => (stopAt - performance.now()) / 1000;
  if (PARTS.has('fixed') && left() < 2 * FIXED_S + 60 + (PARTS.has('assets') ? 2 * FLOOD_S + 40 : 0))
    out(`  fixed: skipped, ${Math.round(left())} s left for this engine`);
  else if (PARTS.has('fixed')) {
    out(`  fixed ${FIXED_RATE}/s for ${FIXED_S} s:`);
    await fresh();
    const fixedList = await run(list, { rate: FIXED_RATE, durationS: FIXED_S });
    out(
      `    list    p50 ${ms(fixedList.p50)} ms  p99 ${ms(fixedList.p99)} ms  errors ${fixedList.errors}  cpu/request ${cpuText(fixedList)}  ${fmtErr(fixedList)}`,
    );
    await fresh();
    const fixedSearch = await run(search, { rate: FIXED_RATE, durationS: FIXED_S });
    out(
      `    search  p50 ${ms(fixedSearch.p50)} ms  p99 ${ms(fixedSearch.p99)} ms  errors ${fixedSearch.errors}  cpu/request ${cpuText(fixedSearch)}  ${fmtErr(fixedSearch)}`,
    );
    fixed = { list: fixedList, search: fixedSearch };
  }
  if (PARTS.has('step')) {
    out(`  step-up, ${STEP_S} s per rate (p99 < ${P99_LIMIT_MS} ms, no errors):`);
    out('   list');
    await fresh();
    const assetsTime = PARTS.has('assets') ? (2 * FLOOD_S + 40) * 1000 : 0;
    const stepList = await stepUp(
      server.port,
      run,
      list,
      performance.now() + (stopAt - assetsTime - performance.now()) / 2,
    );
    await fresh();
    out('   search');
    const stepSearch = await stepUp(server.port, run, search, stopAt - assetsTime);
    steps = { list: stepList, search: stepSearch };
  }

  let assets: EngineReport['assets'] = { skipped: 'not asked for (BENCH_PARTS)' };
  if (PARTS.has('assets') && left() < 2 * FLOOD_S + 30) assets = { skipped: 'no time left' };
  else if (PARTS.has('assets')) {
    await fresh();
    out(`  /v5/ assets alone and during a sign-in flood (${FLOOD_S} s each):`);
    assets = await assetsAndFlood(server.port);
    if ('skipped' in assets) out(`    skipped: ${assets.skipped}`);
    else {
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
  await server.stop();
  return {
    engine,
    data: d,
    generateS: Math.round(db.generateS * 10) / 10,
    listTotal,
    explain,
    cost,
    fixed,
    stepUp: steps,
    assets,
  };
}

const cpuText = (r: Measured) =>
  `server ${r.cpuMsPerRequest.server} ms${r.cpuMsPerRequest.database === null ? '' : ` + database ${r.cpuMsPerRequest.database} ms`}`;

const fmtErr = (r: RunResult) => (Object.keys(r.errorKinds).length ? JSON.stringify(r.errorKinds) : '');

function printExplain(title: string, plans: PlanReport[]) {
  out(`  EXPLAIN (ANALYZE, BUFFERS) — ${title}: ${plans.length} queries`);
  for (const [i, p] of plans.entries()) {
    const flags = p.seqScans.map((s) => `SEQ SCAN ${s.table} (${s.rowsRead} rows read)`).join(', ');
    out(
      `   #${i + 1} ${p.executionMs.toFixed(2)} ms, buffers hit ${p.sharedHit} read ${p.sharedRead}; JIT ${p.jit ? 'FIRED' : 'no'} (with PostgreSQL defaults: ${p.jitWithDefaults ? 'fires' : 'no'}, ${p.executionMsWithDefaults.toFixed(2)} ms; jit off ${p.executionMsJitOff.toFixed(2)} ms)${flags ? `; ${flags}` : ''}`,
    );
    out(`      ${p.sql.slice(0, 160)}${p.sql.length > 160 ? '…' : ''}`);
    out(`      scans: ${p.scans.join('; ')}`);
  }
  if (env.BENCH_PLANS === '1') for (const p of plans) out(`\n${p.text}\n`);
}

function table(reports: EngineReport[]) {
  out('\n== summary ==');
  out(
    'engine    call                      p50@200/s  p99@200/s  errors  CPU per request (at 200/s)      highest rate with p99 < 100 ms',
  );
  for (const r of reports)
    for (const [name, key] of [
      ['device list /auths (15)', 'list'],
      ['receiver search', 'search'],
    ] as const) {
      const f = r.fixed?.[key];
      const s = r.stepUp?.[key];
      if (!f && !s) continue;
      const lastFail = s?.steps.find((x) => !x.pass);
      const highest = !s?.steps.length
        ? '–'
        : `${s.sustained ? `${s.sustained}/s` : `< ${RATES[0]}/s`}${lastFail ? ` (at ${lastFail.offeredRate}/s: p99 ${ms(lastFail.p99)} ms, ${lastFail.errors} errors)` : ' (highest rate tried)'}`;
      out(
        `${r.engine.padEnd(9)} ${name.padEnd(25)} ${`${ms(f?.p50 ?? NaN)} ms`.padStart(9)}  ${`${ms(f?.p99 ?? NaN)} ms`.padStart(9)}  ${String(f?.errors ?? '–').padStart(6)}  ${(f ? cpuText(f) : '–').padEnd(31)} ${highest}`,
      );
    }
  out(
    '\nengine    call                      CPU per request at 20/s                p50 at 20/s   calls/s one free core could answer',
  );
  for (const r of reports)
    for (const [name, key] of [
      ['device list /auths (15)', 'list'],
      ['receiver search', 'search'],
    ] as const) {
      const c = r.cost?.[key];
      if (!c) continue;
      out(
        `${r.engine.padEnd(9)} ${name.padEnd(25)} ${cpuText(c).padEnd(38)} ${`${ms(c.p50)} ms`.padStart(11)}   ${c.capacity.oneCoreForAll}/s (Node and database on one core)${c.capacity.nodePlusDatabaseCore ? `, ${c.capacity.nodePlusDatabaseCore}/s (a core each)` : ''}`,
      );
    }
  for (const r of reports) {
    if ('skipped' in r.assets) continue;
    const a = r.assets;
    const worst = Math.max(...Object.values(a.ratio).map((x) => x.p99));
    out(
      `${r.engine.padEnd(9)} assets during sign-in flood: p99 ×${worst.toFixed(1)} of normal; ${a.flood.acceptedPerS} sign-ins/s accepted, ${a.flood.refused429} refused (429)`,
    );
  }
  const a = reports.find((r) => !('skipped' in r.assets))?.assets as AssetReport | undefined;
  if (a)
    out(
      `first visit (index.html + ${a.firstVisit.files - 1} referenced assets): ${kb(a.firstVisit.plainBytes)} plain, ${kb(a.firstVisit.gzipBytes)} gzip, ${kb(a.firstVisit.brotliBytes)} brotli; all ${a.allAssets.files} assets ${kb(a.allAssets.plainBytes)} → ${kb(a.allAssets.brotliBytes)} brotli`,
    );
}

const kb = (b: number) => `${Math.round(b / 1024)} KiB`;

async function main() {
  const started = performance.now();
  const loadAtStart = os.loadavg().map((x) => Math.round(x * 10) / 10);
  const stopAt = started + DEADLINE_MS;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    cleanups.length = 0;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void cleanup().finally(() => process.exit(130)));

  out(
    `bench:api — ${DEVICES} devices over ${ORGS} organizations; fixed ${FIXED_RATE}/s for ${FIXED_S} s, steps of ${STEP_S} s; engines ${ENGINES.join(', ')}; server ${src}; ${os.cpus().length} CPUs, load average ${loadAtStart.join(' ')}`,
  );
  const reports: EngineReport[] = [];
  const writeResult = async (partial: boolean) => {
    const result = {
      label: env.BENCH_LABEL ?? null,
      at: new Date().toISOString(),
      node: process.version,
      quick: QUICK,
      partial,
      settings: {
        fixedRate: FIXED_RATE,
        fixedS: FIXED_S,
        stepS: STEP_S,
        floodS: FLOOD_S,
        costRate: COST_RATE,
        costS: COST_S,
        p99LimitMs: P99_LIMIT_MS,
        rates: RATES,
      },
      seconds: Math.round((performance.now() - started) / 1000),
      /** The machine is shared: its load average at the start and the end of the run. */
      loadAverage: { start: loadAtStart, end: os.loadavg().map((x) => Math.round(x * 10) / 10) },
      cpus: os.cpus().length,
      reports,
    };
    await mkdir(path.dirname(OUT), { recursive: true });
    await writeFile(OUT, JSON.stringify(result, null, 2));
    out(`\nwritten ${path.relative(process.cwd(), OUT)} (${result.seconds} s${partial ? ', partial' : ''})`);
  };
  const guard = setTimeout(() => {
    out(`\nbench: time limit (${DEADLINE_MS / 1000} s) reached, stopping`);
    void cleanup()
      .then(() => writeResult(true))
      .finally(() => process.exit(2));
  }, DEADLINE_MS);
  guard.unref();
  try {
    for (const [i, engine] of ENGINES.entries()) {
      // Each engine gets an equal share of the time left.
      const engineStop = performance.now() + (stopAt - performance.now()) / (ENGINES.length - i);
      reports.push(await runEngine(engine, engineStop, cleanups));
      await cleanup();
    }
  } finally {
    await cleanup();
  }
  table(reports);
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
