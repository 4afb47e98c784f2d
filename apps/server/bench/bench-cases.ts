/**
 * `npm run bench:cases`: the case box (`POST /getpaging`) of the largest organization with 1,000,000 cases over 200
 * organizations, on an external PostgreSQL and on the embedded default (engine.ts): EXPLAIN of what the server runs, then each variant (plain, a
 * patient's name, a family name, a date range) at a fixed 200 requests/s for 30 s (p50, p99, errors), and the plain
 * box stepping up until p99 reaches 100 ms. Then the files (bench-files.ts): a 200 MB scan through tus and a 500 MB
 * case as a zip. Writes bench-results/cases.json. Environment: BENCH_PARTS (box,files), BENCH_ENGINES,
 * BENCH_CASES_PG, BENCH_CASES_EMBEDDED, BENCH_FIXED_S, BENCH_STEP_S, BENCH_DATABASE_URL, BENCH_QUICK=1.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/platform/db/client.ts';
import { hashPassword } from '../src/platform/identity/passwords.ts';
import { generate, PASSWORD } from './data.ts';
import { caseStatements, custId, FAMILY, FIRST, signIn } from './cases-data.ts';
import { runFiles } from './bench-files.ts';
import { startServer } from './child.ts';
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
const ENGINES = parseEngines(env.BENCH_ENGINES ?? 'postgres,embedded');
const SIZE: Record<Engine, number> = {
  postgres: Number(env.BENCH_CASES_PG ?? 1_000_000),
  // The same data on both engines.
  embedded: Number(env.BENCH_CASES_EMBEDDED ?? env.BENCH_CASES_PG ?? 1_000_000),
};
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STEP_RATES: Record<string, number[]> = {
  plain: [100, 200, 400, 800, 1200, 1600, 2400],
  keyword: [25, 50, 100, 150, 200, 300],
  'family name': [25, 50, 100, 150, 200, 300],
};
const out = (s = '') => process.stdout.write(`${s}\n`);
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : Math.round(x).toString()) : '–');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const ok = (status: number, body: string) => status === 200 && body.startsWith('{"success":true');
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const VARIANTS: Record<string, (i: number) => Record<string, unknown>> = {
  plain: (i) => ({ pageIndex: 1 + (i % 3), pageSize: 15 }),
  // A patient's whole name (what the front desk types), and a family name alone (many more matches).
  keyword: (i) => ({
    pageIndex: 1,
    pageSize: 15,
    keyword: `${FIRST[i % FIRST.length]} ${FAMILY[(i * 7) % FAMILY.length]}`,
  }),
  'family name': (i) => ({ pageIndex: 1, pageSize: 15, keyword: FAMILY[(i * 5) % FAMILY.length] }),
  'date range': (i) => ({
    pageIndex: 1 + (i % 2),
    pageSize: 15,
    startTime: daysAgo(30 + (i % 5)),
    endTime: daysAgo(1),
  }),
};
const targetOf = (token: string, body: (i: number) => unknown): Target => ({
  method: 'POST',
  path: () => '/getpaging',
  headers: { authorization: `Bearer ${token}` },
  body,
  ok,
});

async function runEngine(engine: Engine) {
  const n = SIZE[engine];
  out(`\n== ${engine}: ${n.toLocaleString('en')} cases ==`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-bench-cases-'));
  const scratch =
    engine === 'postgres'
      ? await scratchDatabase(ADMIN_URL, `archway_bench_cases_${process.pid}`)
      : undefined;
  const databaseUrl = scratch?.url;
  const dbEnv = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const report: Record<string, unknown> = { engine, cases: n };
  try {
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
      const [row] = (
        (await database.db.execute(
          sql.raw(
            `select count(*)::int as n from case_boxes where cust_id = ${custId('1')} and deleted_at is null and recycled_at is null`,
          ),
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      report.largestBox = row?.n;
      out(
        `  data: ${n} cases, the largest box ${row?.n} copies; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }

    const server = await startServer(dbEnv);
    try {
      const token = await signIn(server.port);
      // The embedded engine's PostgreSQL runs in the server process's care: its URL from the data directory.
      const explainUrl = databaseUrl ?? runningEmbedded(dataDir)?.url;
      if (explainUrl) {
        const pool = serverLikePool(explainUrl);
        const plans: Record<string, PlanReport[]> = {};
        try {
          for (const [variant, body] of Object.entries(VARIANTS)) {
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
            plans[variant] = await explainAll(
              await pool.connect(),
              { connectionString: explainUrl },
              queries,
            );
            const list = plans[variant]!.filter((p) => /case_boxes/.test(p.sql));
            for (const p of list)
              out(
                `  EXPLAIN ${variant}: ${p.executionMs.toFixed(2)} ms (planning ${p.planningMs.toFixed(2)}), JIT ${p.jit ? 'yes' : 'no'}${
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
      // Warm: V8 and the pool, not measured.
      for (const body of Object.values(VARIANTS))
        await openLoop(server.port, targetOf(token, body), { rate: 50, durationS: QUICK ? 1 : 3 });
      const fixed: Record<string, RunResult> = {};
      for (const [variant, body] of Object.entries(VARIANTS)) {
        const r = await openLoop(server.port, targetOf(token, body), { rate: 200, durationS: FIXED_S });
        fixed[variant] = r;
        out(
          `  200/s for ${FIXED_S} s, ${variant.padEnd(11)} p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  errors ${r.errors}  answered ${r.throughput}/s`,
        );
        await sleep(8000); // an overloaded variant's backlog drains before the next one
      }
      report.fixed = fixed;
      // The highest rate each variant sustains with p99 under 100 ms, stepping up from where it may start.
      const stepUp: Record<string, { steps: (RunResult & { pass: boolean })[]; sustained: number }> = {};
      for (const [variant, rates] of Object.entries(STEP_RATES)) {
        const steps: (RunResult & { pass: boolean })[] = [];
        let sustained = 0;
        for (const rate of rates) {
          const r = await openLoop(server.port, targetOf(token, VARIANTS[variant]!), {
            rate,
            durationS: STEP_S,
          });
          const pass = r.p99 < 100 && r.errors === 0;
          steps.push({ ...r, pass });
          out(
            `  step ${variant.padEnd(11)} ${String(rate).padStart(5)}/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  errors ${r.errors}  answered ${r.throughput}/s  ${pass ? 'ok' : 'STOP'}`,
          );
          await sleep(pass ? 2000 : 8000); // after an overload, let the backlog drain
          if (!pass) break;
          sustained = rate;
        }
        stepUp[variant] = { steps, sustained };
        out(
          `  highest rate with p99 < 100 ms (${variant}): ${sustained ? `${sustained}/s` : `below ${rates[0]}/s`}`,
        );
      }
      report.stepUp = stepUp;
    } finally {
      await server.stop();
      await stopEmbeddedOrphan(dataDir);
    }
  } finally {
    await scratch?.drop();
    await discardDataDir(dataDir);
  }
  return report;
}

async function main() {
  const reports = [];
  if (PARTS.includes('box')) for (const engine of ENGINES) reports.push(await runEngine(engine));
  if (PARTS.includes('files')) reports.push(await runFiles());
  const file = path.join(repo, 'bench-results/cases.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), reports }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:cases failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
