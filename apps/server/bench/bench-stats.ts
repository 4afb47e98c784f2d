/**
 * `npm run bench:stats`: the statistics calls of the largest organization with 1,000,000 cases over 200
 * organizations (cases-data.ts) on an external PostgreSQL (and on the embedded default when asked, engine.ts): the aggregates (`case_stats`) built
 * after the bulk load by `case_stats_rebuild(null)` (timed: how they are rebuilt if they drift), checked against the
 * case copies; EXPLAIN of what each call runs (does it read `cases`? a Seq Scan of case_boxes or case_stats?); then
 * the dashboard (range 7, 30, 90, all; 30 with a case type; 30 with a partner) and the statistics table (page 1 by
 * month; page 3 by difference ascending) at fixed rates (p50, p99, errors, CPU per request). Writes
 * bench-results/stats.json. Environment: see README.md (`npm run bench:stats`).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../src/platform/db/client.ts';
import { hashPassword } from '../src/platform/identity/passwords.ts';
import { ALL_PARTNERS } from '../src/modules/stats/stats.schema.ts';
import { caseStatements, custId, signIn } from './cases-data.ts';
import { startServer, type Server } from './child.ts';
import { backendCpu, measuredLoop, type Measured } from './cpu.ts';
import { generate, PASSWORD } from './data.ts';
import { explainAll } from './explain.ts';
import { agentFor, openLoop, request, type Target } from './load.ts';
import { scratchDatabase } from './scratch-db.ts';
import { parseEngines, serverLikePool, type Engine } from './engine.ts';
import { runningEmbedded, stopEmbeddedOrphan } from '../src/platform/db/embedded.ts';

const env = process.env;
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const QUICK = env.BENCH_QUICK === '1';
const FIXED_S = Number(env.BENCH_FIXED_S ?? (QUICK ? 4 : 20));
const WARM_S = Number(env.BENCH_WARM_S ?? (QUICK ? 1 : 3));
const RATES = (env.BENCH_RATES ?? '50,200').split(',').map(Number);
const ENGINES = parseEngines(env.BENCH_ENGINES ?? 'postgres');
const SIZE: Record<Engine, number> = {
  postgres: Number(env.BENCH_CASES_PG ?? 1_000_000),
  // The same data on both engines.
  embedded: Number(env.BENCH_CASES_EMBEDDED ?? env.BENCH_CASES_PG ?? 1_000_000),
};
/** `rebuild` (default): the statistics trigger is off during the bulk load, the rows built after it by
 * case_stats_rebuild(null); `triggers`: the trigger builds them during the load, then the rebuild is compared. */
const LOAD = env.BENCH_STATS_LOAD === 'triggers' ? 'triggers' : 'rebuild';
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Keep the PostgreSQL scratch database after the run (to try queries on it); drop it yourself. */
const KEEP = env.BENCH_KEEP === '1';
/** A PostgreSQL database a run kept (BENCH_KEEP=1): measure on it again without loading (it is not dropped). */
const REUSE = env.BENCH_REUSE_DATABASE;
/** How long to wait for an overloaded server to work off its backlog before restarting it, s. */
const DRAIN_S = Number(env.BENCH_DRAIN_S ?? 30);
const AIM_P99_MS = 100;
const out = (s = '') => process.stdout.write(`${s}\n`);
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : Math.round(x).toString()) : '–');
const secs = (t0: number) => Math.round(performance.now() - t0) / 1000;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const ORG1 = custId('1');

interface Call {
  name: string;
  path: string;
  /** Measured at the fixed rates (the issue's aim); the others are explained and timed once. */
  loaded: boolean;
}

function callsFor(partnerId: string): Call[] {
  const month = new Date().toISOString().slice(0, 7);
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  const from = d.toISOString().slice(0, 7);
  return [
    { name: 'dashboard 7', path: '/api/stats/dashboard?range=7', loaded: true },
    { name: 'dashboard 30', path: '/api/stats/dashboard?range=30', loaded: true },
    { name: 'dashboard 90', path: '/api/stats/dashboard?range=90', loaded: true },
    { name: 'dashboard all', path: '/api/stats/dashboard?range=all', loaded: true },
    { name: 'dashboard 30 type 3', path: '/api/stats/dashboard?range=30&caseType=3', loaded: true },
    { name: 'attention', path: '/api/stats/attention', loaded: true },
    {
      name: 'dashboard 30 partner',
      path: `/api/stats/dashboard?range=30&partnerId=${partnerId}`,
      loaded: true,
    },
    {
      name: 'table month desc p1',
      path: '/api/stats/table?pageIndex=1&pageSize=15&sort=month&order=desc',
      loaded: true,
    },
    {
      name: 'table diff asc p3',
      path: '/api/stats/table?pageIndex=3&pageSize=15&sort=difference&order=asc',
      loaded: true,
    },
    { name: 'compare 12 months', path: `/api/stats/compare?from=${from}&to=${month}`, loaded: false },
    { name: 'subjects', path: '/api/stats/subjects', loaded: false },
    { name: 'table export csv', path: '/api/stats/table/export?format=csv', loaded: false },
  ];
}

const okBody = (status: number, body: string) => status === 200 && body.startsWith('{"success":true');
const targetOf = (token: string, call: Call): Target => ({
  method: 'GET',
  path: () => call.path,
  headers: { authorization: `Bearer ${token}` },
  ok: call.path.includes('/export') ? (status) => status === 200 : okBody,
});

async function one(db: Db, q: string) {
  return rowsOf(await db.execute(sql.raw(q)))[0] ?? {};
}
async function timed(db: Db, q: string) {
  const t0 = performance.now();
  await db.execute(sql.raw(q));
  return secs(t0);
}

/** Sums the organization's aggregate rows three ways and counts its case copies: all four must agree. */
async function checkOrg(db: Db, cust: string) {
  const r = await one(
    db,
    `select
      (select coalesce(sum(total), 0)::int from case_stats where cust_id = ${cust} and grain = 'd'
        and partner_id = '${ALL_PARTNERS}' and device_serial = '') as daily,
      (select coalesce(sum(total), 0)::int from case_stats where cust_id = ${cust} and grain = 'm'
        and partner_id = '${ALL_PARTNERS}' and device_serial = '') as monthly,
      (select coalesce(sum(total), 0)::int from case_stats where cust_id = ${cust} and grain = 'm'
        and partner_id = '${ALL_PARTNERS}' and device_serial <> '') as by_scanner,
      (select count(*)::int from case_boxes where cust_id = ${cust}) as copies,
      (select coalesce(sum(received), 0)::int from case_stats where cust_id = ${cust} and grain = 'd'
        and partner_id = '${ALL_PARTNERS}' and device_serial = '') as received,
      (select count(*)::int from case_boxes where cust_id = ${cust} and role = 2) as received_copies`,
  );
  const v = (k: string) => Number(r[k]);
  const ok =
    v('daily') === v('copies') &&
    v('monthly') === v('copies') &&
    v('by_scanner') === v('copies') &&
    v('received') === v('received_copies');
  return { ...Object.fromEntries(Object.keys(r).map((k) => [k, v(k)])), ok };
}

/** A fingerprint of every aggregate row (to compare what the triggers built with what the rebuild builds). */
const FINGERPRINT = `select count(*)::bigint as n, sum(total)::bigint as total, sum(received)::bigint as received,
  sum(downloaded)::bigint as downloaded,
  md5(string_agg(concat_ws(',', cust_id, grain, partner_id, device_serial, period, total, orthodontics, implant,
    restoration, received, downloaded), ';' order by cust_id, grain, partner_id, device_serial, period)) as md5
  from case_stats`;

/** Loads the data, builds the aggregates, checks them; answers the figures of the load. */
async function load(db: Db, n: number) {
  const report: Record<string, unknown> = { mode: LOAD };
  let t0 = performance.now();
  await generate(db, await hashPassword(PASSWORD));
  report.organizationsS = secs(t0);
  t0 = performance.now();
  await db.transaction(async (tx) => {
    if (LOAD === 'rebuild')
      await tx.execute(sql.raw(`alter table case_boxes disable trigger case_stats_insert`));
    for (const s of caseStatements(n)) await tx.execute(sql.raw(s));
    if (LOAD === 'rebuild')
      await tx.execute(sql.raw(`alter table case_boxes enable trigger case_stats_insert`));
  });
  report.casesS = secs(t0);
  out(
    `  cases: ${n.toLocaleString('en')} in ${report.casesS} s (${
      LOAD === 'rebuild' ? 'statistics trigger off' : 'statistics trigger on: it built the aggregates'
    }; organizations and devices ${report.organizationsS} s)`,
  );
  // The planner needs statistics of case_boxes and cases for the rebuild's joins.
  t0 = performance.now();
  await db.execute(sql.raw('analyze'));
  report.analyzeS = secs(t0);
  if (LOAD === 'triggers') {
    report.byTriggers = await one(db, FINGERPRINT);
    report.checkByTriggers = await checkOrg(db, ORG1);
  }
  report.rebuildAllS = await timed(db, `select case_stats_rebuild(null)`);
  const after = await one(db, FINGERPRINT);
  report.afterRebuild = after;
  if (LOAD === 'triggers') {
    const same = (report.byTriggers as Record<string, unknown>).md5 === after.md5;
    report.triggersEqualRebuild = same;
    out(`  the rows the triggers built ${same ? 'equal' : 'DIFFER FROM'} those the rebuild built`);
  }
  // One organization's rebuild: what a change of its time zone costs (PUT /api/stats/timezone).
  report.rebuildOrg1S = await timed(db, `select case_stats_rebuild(${ORG1})`);
  report.check = await checkOrg(db, ORG1);
  t0 = performance.now();
  await db.execute(sql.raw('vacuum analyze'));
  // The load wrote gigabytes of WAL: write them out now, not in a spread checkpoint during the measurement.
  await db.execute(sql.raw('checkpoint'));
  report.vacuumS = secs(t0);
  report.shape = await one(
    db,
    `select (select count(*)::int from case_boxes) as copies,
      (select count(*)::int from case_boxes where cust_id = ${ORG1}) as org1_copies,
      (select count(*)::int from case_stats) as stat_rows,
      (select count(*)::int from case_stats where cust_id = ${ORG1}) as org1_stat_rows,
      (select count(distinct partner_id)::int from case_stats where cust_id = ${ORG1}
        and partner_id <> '${ALL_PARTNERS}') as org1_partners
      , pg_total_relation_size('case_stats')::bigint as stat_bytes`,
  );
  const c = report.check as Record<string, number | boolean>;
  out(
    `  aggregates: rebuild of all ${report.rebuildAllS} s, of organization 1 ${report.rebuildOrg1S} s; ${JSON.stringify(report.shape)}`,
  );
  out(
    `  check (organization 1): daily ${c.daily}, monthly ${c.monthly}, by scanner ${c.by_scanner}, copies ${c.copies}; received ${c.received} of ${c.received_copies} -> ${c.ok ? 'ok' : 'MISMATCH'}`,
  );
  if (!c.ok) throw new Error('the aggregates do not match the case copies of organization 1');
  return report;
}

/** EXPLAIN of every read the call ran: does any read `cases`, scan case_boxes or case_stats whole; how long. */
async function explainCall(server: Server, token: string, databaseUrl: string, call: Call) {
  const { queries, result } = await server.capture(() =>
    request(
      agentFor(1),
      server.port,
      'GET',
      call.path,
      { authorization: `Bearer ${token}` },
      undefined,
      60_000,
    ),
  );
  if (result.status !== 200)
    throw new Error(`${call.name}: HTTP ${result.status} ${result.body.slice(0, 300)}`);
  const pool = serverLikePool(databaseUrl);
  try {
    const plans = await explainAll(await pool.connect(), { connectionString: databaseUrl }, queries);
    const readsCases = plans.filter((p) => p.scans.some((s) => / on cases$/.test(s)));
    const seq = plans.flatMap((p) =>
      p.scans.filter((s) => /^Seq Scan on (case_boxes|case_stats)$/.test(s)).map((s) => `${s}`),
    );
    const total = plans.reduce((a, p) => a + p.executionMs, 0);
    const slowest = [...plans].sort((a, b) => b.executionMs - a.executionMs)[0];
    out(
      `  EXPLAIN ${call.name.padEnd(21)} ${plans.length} reads, ${total.toFixed(2)} ms in all (slowest ${slowest?.executionMs.toFixed(2) ?? '–'} ms); reads cases: ${
        readsCases.length
          ? `YES (${readsCases.length} ${readsCases.length === 1 ? 'query' : 'queries'})`
          : 'no'
      }; Seq Scan of case_boxes/case_stats: ${seq.length ? `YES ${[...new Set(seq)].join(', ')}` : 'no'}`,
    );
    for (const p of plans.filter((x) => /case_stats|case_boxes|cases/.test(x.sql) || x.executionMs >= 1))
      out(
        `      ${p.executionMs.toFixed(2).padStart(7)} ms  ${p.sql.slice(0, 110)}…\n               ${p.scans.join('; ')}`,
      );
    if (env.BENCH_PLANS === '1') for (const p of plans) out(`${p.sql}\n${p.text}\n`);
    return {
      queries: plans.length,
      executionMs: Math.round(total * 100) / 100,
      readsCases: readsCases.map((p) => p.sql),
      seqScans: [...new Set(seq)],
      plans,
    };
  } finally {
    await pool.end();
  }
}

/** The largest partner of organization 1 (by its monthly partner rows). */
async function largestPartner(db: Db) {
  const r = await one(
    db,
    `select s.partner_id::text as id, c.name, sum(s.total)::int as total from case_stats s
      join customers c on c.id = s.partner_id
      where s.cust_id = ${ORG1} and s.grain = 'm' and s.device_serial = '' and s.partner_id <> '${ALL_PARTNERS}'
      group by 1, 2 order by 3 desc limit 1`,
  );
  return { id: String(r.id), name: String(r.name), total: Number(r.total) };
}

/**
 * Waits until the server and its database backends are idle (under 5 % of a core for 2 s in a row, at most 180 s):
 * an overloaded run leaves requests queued in the server that the client gave up on, and their work would
 * otherwise fall into the next measurement. Answers the seconds waited.
 */
async function waitIdle(server: Server, db: CpuDb, maxS = 180) {
  const t0 = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - t0 < maxS * 1000) {
    const [s0, d0] = [await server.cpuMs(), await backendCpu(db.adminUrl, db.databaseUrl)];
    await sleep(1000);
    const [s1, d1] = [await server.cpuMs(), await backendCpu(db.adminUrl, db.databaseUrl)];
    let busy = s1 - s0;
    for (const [pid, cpu] of d1) busy += cpu - (d0.get(pid) ?? 0);
    quiet = busy < 50 ? quiet + 1 : 0;
  }
  return { seconds: secs(t0), idle: quiet >= 2 };
}

/** Where the CPU of the database's backends is read: the external server's, or the embedded one of the data dir. */
interface CpuDb {
  adminUrl: string;
  databaseUrl: string | undefined;
}

const cpuDbOf = (databaseUrl: string | undefined, dataDir: string): CpuDb => {
  if (databaseUrl) return { adminUrl: ADMIN_URL, databaseUrl };
  const urls = runningEmbedded(dataDir);
  return { adminUrl: urls?.adminUrl ?? '', databaseUrl: urls?.url };
};

/** Ends the server process and its database sessions (a backlog it would take minutes to work off). */
async function killServer(server: Server, external: string | undefined, dataDir: string) {
  server.child.kill('SIGKILL');
  // The embedded engine: its PostgreSQL (left running by the killed server) stops, its sessions with it.
  if (!external) return stopEmbeddedOrphan(dataDir);
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      new URL(external).pathname.slice(1),
    ]);
  } finally {
    await c.end();
  }
}

async function runEngine(engine: Engine) {
  const n = SIZE[engine];
  out(`\n== ${engine}: ${n.toLocaleString('en')} cases ==`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-bench-stats-'));
  const scratch =
    engine === 'postgres' && !REUSE
      ? await scratchDatabase(ADMIN_URL, `archway_bench_stats_${process.pid}`)
      : undefined;
  const databaseUrl = engine === 'postgres' ? (REUSE ?? scratch?.url) : undefined;
  const dbEnv = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // No scan jobs in the server under test: at start it would queue a preview image for each of the generated
    // cases (they have none) and work through them during the measurement.
    SCAN_THREADS: '0',
  };
  const report: Record<string, unknown> = { engine, cases: n };
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    let partner: Awaited<ReturnType<typeof largestPartner>>;
    try {
      if (engine === 'postgres' && REUSE) {
        const check = await checkOrg(database.db, ORG1);
        report.load = { reused: REUSE, check };
        out(`  reusing ${REUSE} (BENCH_REUSE_DATABASE): organization 1 ${JSON.stringify(check)}`);
      } else report.load = await load(database.db, n);
      partner = await largestPartner(database.db);
    } finally {
      await database.close();
    }
    report.partner = partner;
    out(`  partner filter: ${partner.name} (${partner.total} cases with organization 1)`);
    const calls = callsFor(partner.id);

    let server = await startServer(dbEnv);
    let cpuDb = cpuDbOf(databaseUrl, dataDir);
    try {
      const token = await signIn(server.port);
      if (cpuDb.databaseUrl) {
        const explained: Record<string, unknown> = {};
        for (const call of calls)
          explained[call.name] = await explainCall(server, token, cpuDb.databaseUrl, call);
        report.explain = explained;
      }
      // Each call once, alone (wall time through HTTP, cache warm after the EXPLAIN).
      const single: Record<string, number> = {};
      for (const call of calls) {
        const agent = agentFor(1);
        await request(
          agent,
          server.port,
          'GET',
          call.path,
          { authorization: `Bearer ${token}` },
          undefined,
          60_000,
        );
        const t0 = performance.now();
        const r = await request(
          agent,
          server.port,
          'GET',
          call.path,
          { authorization: `Bearer ${token}` },
          undefined,
          60_000,
        );
        single[call.name] = Math.round((performance.now() - t0) * 10) / 10;
        agent.destroy();
        if (!targetOf(token, call).ok!(r.status, r.body))
          throw new Error(`${call.name}: HTTP ${r.status} ${r.body.slice(0, 300)}`);
      }
      report.single = single;
      out(
        `  alone: ${Object.entries(single)
          .map(([k, v]) => `${k} ${ms(v)} ms`)
          .join(', ')}`,
      );

      const loaded = calls.filter((c) => c.loaded);
      // Warm: V8, the pool, the prepared statements; not measured.
      for (const call of loaded)
        await openLoop(server.port, targetOf(token, call), { rate: 10, durationS: WARM_S });
      await waitIdle(server, cpuDb, DRAIN_S);
      const fixed: Record<string, Record<string, Measured>> = {};
      for (const rate of RATES) {
        fixed[rate] = {};
        for (const call of loaded) {
          let waited = { seconds: 0, idle: true };
          // An overloaded call's backlog drains before the next one, and its CPU counts for this call; one that
          // would take longer than DRAIN_S is dropped with the server (then the CPU figure is a lower bound).
          const r = await measuredLoop(
            server,
            cpuDb,
            targetOf(token, call),
            { rate, durationS: FIXED_S },
            async () => (waited = await waitIdle(server, cpuDb, DRAIN_S)),
          );
          (r as Measured & { drain: unknown }).drain = waited;
          fixed[rate][call.name] = r;
          const c = r.cpuMsPerRequest;
          out(
            `  ${String(rate).padStart(4)}/s ${FIXED_S} s  ${call.name.padEnd(21)} p50 ${ms(r.p50).padStart(5)} ms  p99 ${ms(r.p99).padStart(5)} ms  errors ${r.errors}  answered ${r.throughput}/s  CPU/request server ${c.server} ms${c.database === null ? '' : ` + database ${c.database} ms`}${r.p99 < AIM_P99_MS && r.errors === 0 ? '' : '  MISSES the aim'}`,
          );
          if (waited.seconds > 3)
            out(
              `      (the server was busy ${waited.seconds} s more with requests the client had given up on${waited.idle ? '' : `; still busy: restarted, its backlog dropped, CPU/request a lower bound`})`,
            );
          if (!waited.idle) {
            await killServer(server, databaseUrl, dataDir);
            server = await startServer(dbEnv);
            cpuDb = cpuDbOf(databaseUrl, dataDir);
            for (const c of loaded)
              await request(
                agentFor(1),
                server.port,
                'GET',
                c.path,
                { authorization: `Bearer ${token}` },
                undefined,
                60_000,
              );
          }
        }
      }
      report.fixed = fixed;
    } finally {
      await server.stop();
      await stopEmbeddedOrphan(dataDir);
    }
  } finally {
    if (KEEP && scratch) out(`  kept the database ${scratch.url} (BENCH_KEEP=1): drop it when done`);
    else await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return report;
}

function table(reports: Record<string, unknown>[]) {
  out(
    `\n| engine | call | rate/s | p50 ms | p99 ms | errors | CPU ms/request (server + database) | p99 < ${AIM_P99_MS} ms |`,
  );
  out('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of reports) {
    const fixed = (r.fixed ?? {}) as Record<string, Record<string, Measured>>;
    for (const [rate, calls] of Object.entries(fixed))
      for (const [name, m] of Object.entries(calls))
        out(
          `| ${String(r.engine)} | ${name} | ${rate} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.errors} | ${m.cpuMsPerRequest.server}${m.cpuMsPerRequest.database === null ? '' : ` + ${m.cpuMsPerRequest.database}`} | ${m.p99 < AIM_P99_MS && m.errors === 0 ? 'yes' : 'NO'} |`,
        );
    const l = r.load as Record<string, unknown> | undefined;
    if (l && l.casesS !== undefined)
      out(
        `\n${String(r.engine)}: ${Number(r.cases).toLocaleString('en')} cases loaded in ${String(l.casesS)} s (${String(l.mode)}); rebuild of every organization's aggregates ${String(l.rebuildAllS)} s, of organization 1 ${String(l.rebuildOrg1S)} s; VACUUM ANALYZE + checkpoint ${String(l.vacuumS)} s`,
      );
  }
}

async function main() {
  out(
    `bench:stats: engines ${ENGINES.join(', ')}; load mode ${LOAD}; rates ${RATES.join(', ')}/s for ${FIXED_S} s each`,
  );
  const reports = [];
  for (const engine of ENGINES) reports.push(await runEngine(engine));
  table(reports);
  const file = path.resolve(repo, env.BENCH_OUT ?? 'bench-results/stats.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), quick: QUICK, reports }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:stats failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
