/**
 * `npm run bench:cases`: the case box (`POST /getpaging`) of the largest organization (100,000 copies) with 1,000,000
 * cases over 200 organizations (cases-data.ts), on the embedded default and on an external PostgreSQL (engine.ts).
 * For each engine: EXPLAIN of what the server runs for each form (explain.ts, generic plans as the server plans
 * them), then each form at a fixed 200 requests/s for BENCH_FIXED_S s: p50, p99, errors, and the database's CPU per
 * request (the PostgreSQL backends of the server's database, read from /proc: cpu.ts), with the load average. The
 * forms (issue 35): the first page, a patient's whole name, a fragment of three or four letters of a family name,
 * the last 30 days, a short case number, the last page. BENCH_PARTS=steps adds the highest rate each keyword form
 * sustains with p99 under 100 ms; `files` the files benchmark (bench-files.ts). Writes bench-results/cases.json.
 *
 * The seeded data is kept between runs (seeding a million cases takes minutes): the embedded engine's DATA_DIR
 * `${BENCH_CASES_DIR}-embedded-<hash>` and the external database `archway_bench_cases_<hash>`, where the hash is
 * that of the data generator (cases-data.ts, data.ts) and the size; a changed generator seeds anew, and the server
 * applies newer migrations at start. BENCH_CASES_FRESH=1 seeds anew anyway, BENCH_CASES_KEEP=0 removes them after.
 *
 * Environment: BENCH_PARTS (box,files; steps), BENCH_ENGINES, BENCH_SERIAL (50), BENCH_DRAIN_S (120), BENCH_CASES_PG, BENCH_CASES_EMBEDDED, BENCH_FIXED_S,
 * BENCH_STEP_S, BENCH_DATABASE_URL, BENCH_CASES_DIR (/tmp/cases-bench), BENCH_QUICK=1, BENCH_LABEL (also writes
 * bench-results/cases-<label>.json).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/client.ts';
import { hashPassword } from '../src/platform/identity/passwords.ts';
import { generate, PASSWORD } from './data.ts';
import { caseNumberOf, caseStatements, custId, FAMILY, FIRST, largestBoxCase, signIn } from './cases-data.ts';
import { runFiles } from './bench-files.ts';
import { startServer } from './child.ts';
import { measuredLoop, withCpu } from './cpu.ts';
import { scratchDatabase } from './scratch-db.ts';
import { parseEngines, serverLikePool, type Engine } from './engine.ts';
import { discardDataDir, runningEmbedded, stopEmbeddedOrphan } from '../src/platform/db/embedded.ts';
import { explainAll, type PlanReport } from './explain.ts';
import { agentFor, openLoop, request, type RunResult, type Target } from './load.ts';

const env = process.env;
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const QUICK = env.BENCH_QUICK === '1';
const FIXED_S = Number(env.BENCH_FIXED_S ?? (QUICK ? 5 : 30));
const STEP_S = Number(env.BENCH_STEP_S ?? (QUICK ? 3 : 10));
const PARTS = (env.BENCH_PARTS ?? 'box,files').split(',').map((p) => p.trim());
const ENGINES = parseEngines(env.BENCH_ENGINES ?? 'embedded,postgres');
const SIZE: Record<Engine, number> = {
  postgres: Number(env.BENCH_CASES_PG ?? 1_000_000),
  // The same data on both engines.
  embedded: Number(env.BENCH_CASES_EMBEDDED ?? env.BENCH_CASES_PG ?? 1_000_000),
};
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP_BASE = env.BENCH_CASES_DIR ?? '/tmp/cases-bench';
const FRESH = env.BENCH_CASES_FRESH === '1';
const KEEP = env.BENCH_CASES_KEEP !== '0';
const RATE = 200;
const SERIAL = Number(env.BENCH_SERIAL ?? (QUICK ? 10 : 50));
const DRAIN_S = Number(env.BENCH_DRAIN_S ?? 120);
const PAGE = 15;
const out = (s = '') => process.stdout.write(`${s}\n`);
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : Math.round(x).toString()) : '–');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

const ok = (status: number, body: string) => status === 200 && body.startsWith('{"success":true');
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

/** The forms of issue 35; `last page` needs the box's size. */
function formsOf(largestBox: number): Record<string, (i: number) => Record<string, unknown>> {
  const lastPage = Math.max(1, Math.ceil(largestBox / PAGE));
  return {
    'first page': () => ({ pageIndex: 1, pageSize: PAGE }),
    // What the front desk types: a patient's whole name (~33 copies in the largest box).
    'whole name': (i) => ({
      pageIndex: 1,
      pageSize: PAGE,
      keyword: `${FIRST[i % FIRST.length]} ${FAMILY[(i * 7) % FAMILY.length]}`,
    }),
    // The first three or four letters of a family name ("Sch" matches seven of them; "Krau" two).
    fragment: (i) => ({
      pageIndex: 1,
      pageSize: PAGE,
      keyword: FAMILY[(i * 5) % FAMILY.length]!.slice(0, 3 + (i % 2)),
    }),
    'last 30 days': () => ({ pageIndex: 1, pageSize: PAGE, startTime: daysAgo(29), endTime: daysAgo(0) }),
    'case number': (i) => ({
      pageIndex: 1,
      pageSize: PAGE,
      keyword: caseNumberOf(largestBoxCase((i * 7919) % Math.max(1, Math.floor(largestBox / 2)))),
    }),
    'last page': () => ({ pageIndex: lastPage, pageSize: PAGE }),
  };
}
const STEP_RATES: Record<string, number[]> = {
  'first page': [200, 400, 800, 1200, 1600, 2400],
  'whole name': [100, 200, 400, 800, 1200],
  fragment: [50, 100, 200, 400, 800],
};

const targetOf = (token: string, body: (i: number) => unknown): Target => ({
  method: 'POST',
  path: () => '/getpaging',
  headers: { authorization: `Bearer ${token}` },
  body,
  ok,
});

/** The data generator's identity: a changed generator or size seeds anew. */
async function dataHash(n: number): Promise<string> {
  const h = createHash('sha256');
  for (const f of ['cases-data.ts', 'data.ts']) h.update(await readFile(path.join(here, f)));
  h.update(String(n));
  return h.digest('hex').slice(0, 10);
}

async function seed(databaseUrl: string | undefined, dataDir: string, n: number) {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await generate(database.db, await hashPassword(PASSWORD));
    await database.db.transaction(async (tx) => {
      for (const s of caseStatements(n)) await tx.execute(sql.raw(s));
    });
    await database.db.execute(sql.raw('vacuum analyze'));
    // The load wrote gigabytes of WAL: write them out now, not in a spread checkpoint during the measurement.
    await database.db.execute(sql.raw('checkpoint'));
  } finally {
    await database.close();
  }
  return (performance.now() - t0) / 1000;
}

/** Opens the kept database (the migrations newer than it are applied here), analyzes the copies, answers the box. */
async function prepare(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.db.execute(sql.raw('vacuum analyze case_boxes'));
    await database.db.execute(sql.raw('checkpoint'));
    const [row] = (
      (await database.db.execute(
        sql.raw(
          `select count(*)::int as n from case_boxes where cust_id = ${custId('1')} and deleted_at is null and recycled_at is null`,
        ),
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The kept data of an engine: seeded when missing (or BENCH_CASES_FRESH=1). */
async function keptData(engine: Engine, n: number) {
  const hash = await dataHash(n);
  if (engine === 'embedded') {
    const dataDir = `${KEEP_BASE}-embedded-${hash}`;
    const marker = path.join(dataDir, 'bench-seeded');
    let seedS: number | undefined;
    if (FRESH || !existsSync(marker)) {
      await discardDataDir(dataDir);
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      seedS = await seed(undefined, dataDir, n);
      await writeFile(marker, `${n}\n`);
    }
    return {
      dataDir,
      databaseUrl: undefined,
      seedS,
      remove: () => discardDataDir(dataDir),
    };
  }
  const name = `archway_bench_cases_${hash}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = `${KEEP_BASE}-postgres-${hash}`;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const [kept] = await adminQuery<{ seeded: string | null }>(
    `select shobj_description(oid, 'pg_database') as seeded from pg_database where datname = $1`,
    [name],
  );
  let seedS: number | undefined;
  if (FRESH || kept?.seeded !== 'seeded') {
    await scratchDatabase(ADMIN_URL, name);
    seedS = await seed(url.href, dataDir, n);
    await adminQuery(`comment on database ${name} is 'seeded'`);
  }
  return {
    dataDir,
    databaseUrl: url.href,
    seedS,
    remove: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      await discardDataDir(dataDir);
    },
  };
}

export interface FormFigures {
  p50: number;
  p99: number;
  dbCpuMs: number | null;
  serverCpuMs: number;
  errors: number;
  answeredPerS: number;
  loadAvg: number[];
}

async function runEngine(engine: Engine) {
  const n = SIZE[engine];
  out(`\n== ${engine}: ${n.toLocaleString('en')} cases ==`);
  const data = await keptData(engine, n);
  const report: Record<string, unknown> = { engine, cases: n, loadAvgStart: load() };
  if (data.seedS !== undefined) out(`  seeded in ${data.seedS.toFixed(1)} s`);
  report.seedS = data.seedS ?? null;
  try {
    const largestBox = await prepare(data.databaseUrl, data.dataDir);
    report.largestBox = largestBox;
    out(`  the largest box: ${largestBox} copies`);
    const forms = formsOf(largestBox);
    const server = await startServer({
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
    });
    try {
      const token = await signIn(server.port);
      // The embedded engine's PostgreSQL runs in the server process's care: its URLs from the data directory.
      const running = runningEmbedded(data.dataDir);
      const db =
        engine === 'postgres'
          ? { adminUrl: ADMIN_URL, databaseUrl: data.databaseUrl }
          : { adminUrl: running?.adminUrl ?? '', databaseUrl: running?.url };
      if (db.databaseUrl) {
        const pool = serverLikePool(db.databaseUrl);
        const plans: Record<string, PlanReport[]> = {};
        try {
          for (const [form, body] of Object.entries(forms)) {
            const { queries } = await server.capture(() =>
              request(
                agentFor(1),
                server.port,
                'POST',
                '/getpaging',
                { authorization: `Bearer ${token}` },
                JSON.stringify(body(0)),
                30_000,
              ),
            );
            plans[form] = await explainAll(
              await pool.connect(),
              { connectionString: db.databaseUrl },
              queries,
            );
            for (const p of plans[form]!.filter((x) => /case_box/.test(x.sql)))
              out(
                `  EXPLAIN ${form}: ${p.executionMs.toFixed(2)} ms (planning ${p.planningMs.toFixed(2)}), hit ${p.sharedHit} read ${p.sharedRead}${
                  p.seqScans.length
                    ? `, SEQ SCAN ${p.seqScans.map((s) => `${s.table} (${s.rowsRead} rows)`).join(', ')}`
                    : ''
                }; ${p.scans.filter((s) => /case|customers/.test(s)).join('; ')}`,
              );
          }
        } finally {
          await pool.end();
        }
        report.explain = plans;
      }
      // Warm: V8, the pool and the cache, one request at a time (an open loop of a slow form would leave a backlog
      // that the next form's figures pay for), not measured.
      const agent = agentFor(1);
      const ask = (body: unknown) =>
        request(
          agent,
          server.port,
          'POST',
          '/getpaging',
          { authorization: `Bearer ${token}` },
          JSON.stringify(body),
          60_000,
        );
      for (const body of Object.values(forms)) for (let i = 0; i < (QUICK ? 3 : 20); i++) await ask(body(i));
      /** Waits (at most DRAIN_S) until the first page is answered within 200 ms: the last form's backlog is gone. */
      const drained = async () => {
        const until = Date.now() + DRAIN_S * 1000;
        while (Date.now() < until) {
          const t = performance.now();
          const answered = await ask(forms['first page']!(0)).then(
            () => true,
            () => false, // still busy past the time-out: wait on
          );
          if (answered && performance.now() - t < 200) return;
          await sleep(1000);
        }
      };
      // One request at a time: what each form costs the database and the server on its own, a figure the machine's
      // other load (and an overloaded open loop) does not distort.
      const serial: Record<
        string,
        { dbCpuMs: number | null; serverCpuMs: number; p50: number; p99: number }
      > = {};
      for (const [form, body] of Object.entries(forms)) {
        const times: number[] = [];
        const { cpuMsPerRequest } = await withCpu(
          server,
          db,
          async () => {
            for (let i = 0; i < SERIAL; i++) {
              const t = performance.now();
              await ask(body(i));
              times.push(performance.now() - t);
            }
          },
          () => SERIAL,
        );
        times.sort((x, y) => x - y);
        const at = (p: number) =>
          Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]! * 100) / 100;
        serial[form] = {
          dbCpuMs: cpuMsPerRequest.database,
          serverCpuMs: cpuMsPerRequest.server,
          p50: at(0.5),
          p99: at(0.99),
        };
        out(
          `  one at a time, ${form.padEnd(12)} p50 ${ms(at(0.5))} ms  p99 ${ms(at(0.99))} ms  db CPU ${cpuMsPerRequest.database ?? '–'} ms/req  server CPU ${cpuMsPerRequest.server} ms/req`,
        );
      }
      report.serial = serial;
      await drained();
      const figures: Record<string, FormFigures> = {};
      for (const [form, body] of Object.entries(forms)) {
        // The CPU window closes once the backlog is worked off: a request the client gave up on still costs.
        const r = await measuredLoop(
          server,
          db,
          targetOf(token, body),
          { rate: RATE, durationS: FIXED_S },
          drained,
        );
        figures[form] = {
          p50: Math.round(r.p50 * 100) / 100,
          p99: Math.round(r.p99 * 100) / 100,
          dbCpuMs: r.cpuMsPerRequest.database,
          serverCpuMs: r.cpuMsPerRequest.server,
          errors: r.errors,
          answeredPerS: r.throughput,
          loadAvg: load(),
        };
        out(
          `  ${RATE}/s for ${FIXED_S} s, ${form.padEnd(12)} p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  db CPU ${r.cpuMsPerRequest.database ?? '–'} ms/req  server CPU ${r.cpuMsPerRequest.server} ms/req  errors ${r.errors}  answered ${r.throughput}/s  load ${load().join(' ')}`,
        );
      }
      report.forms = figures;
      if (PARTS.includes('steps')) report.stepUp = await stepUp(server.port, token, forms);
    } finally {
      await server.stop();
      await stopEmbeddedOrphan(data.dataDir);
    }
  } finally {
    report.loadAvgEnd = load();
    if (!KEEP) await data.remove();
  }
  return report;
}

/** The highest rate each form sustains with p99 under 100 ms, stepping up. */
async function stepUp(port: number, token: string, forms: ReturnType<typeof formsOf>) {
  const result: Record<string, { steps: (RunResult & { pass: boolean })[]; sustained: number }> = {};
  for (const [form, rates] of Object.entries(STEP_RATES)) {
    const steps: (RunResult & { pass: boolean })[] = [];
    let sustained = 0;
    for (const rate of rates) {
      const r = await openLoop(port, targetOf(token, forms[form]!), { rate, durationS: STEP_S });
      const pass = r.p99 < 100 && r.errors === 0;
      steps.push({ ...r, pass });
      out(
        `  step ${form.padEnd(12)} ${String(rate).padStart(5)}/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  errors ${r.errors}  answered ${r.throughput}/s  ${pass ? 'ok' : 'STOP'}`,
      );
      await sleep(pass ? 2000 : 8000);
      if (!pass) break;
      sustained = rate;
    }
    result[form] = { steps, sustained };
    out(
      `  highest rate with p99 < 100 ms (${form}): ${sustained ? `${sustained}/s` : `below ${rates[0]}/s`}`,
    );
  }
  return result;
}

async function main() {
  const result: Record<string, unknown> = { at: new Date().toISOString(), loadAvgStart: load() };
  if (PARTS.includes('box')) {
    const engines: Record<string, unknown> = {};
    for (const engine of ENGINES) engines[engine] = await runEngine(engine);
    result.engines = engines;
  }
  if (PARTS.includes('files')) result.files = await runFiles();
  result.loadAvgEnd = load();
  await mkdir(path.join(repo, 'bench-results'), { recursive: true });
  const files = ['cases.json', ...(env.BENCH_LABEL ? [`cases-${env.BENCH_LABEL}.json`] : [])];
  for (const f of files) {
    await writeFile(path.join(repo, 'bench-results', f), JSON.stringify(result, null, 2));
    out(`written bench-results/${f}`);
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:cases failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
