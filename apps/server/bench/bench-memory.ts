/**
 * `npm run bench:memory` (issue 35, memory and growth): the server as `npm start` runs it (child.ts `startServer`: the
 * compiled server, the embedded PostgreSQL and local files of one DATA_DIR, the demo data), and its memory as PSS
 * (Linux /proc/<pid>/smaps_rollup: shared pages split between their users, so the database's processes add up
 * honestly) of the server process and of the embedded PostgreSQL's processes (its postmaster, from
 * DATA_DIR/postgres/postmaster.pid, and every child of it: backends and auxiliary processes):
 *
 * 1. at idle, BENCH_MEMORY_SETTLE_S (60) seconds after start (the demo's preview images made by then);
 * 2. after BENCH_MEMORY_LOAD_S (600) seconds of mixed load, at fixed rates (load.ts `openLoop`, so a slower server
 *    does not get less): sign-ins (0.2/s over four demo people), `/user/current` (5/s), the device list (2/s), the
 *    case box's pages 1–3 (2/s) and searches (a name fragment, 1.5/s), a case's detail (1.5/s); a small scan uploaded
 *    through tus into a new case every 5 s (bench-files.ts `uploadCase`), a conversion asked for every 30 s, and 20
 *    realtime connections, one of them replaced every 5 s;
 * 3. BENCH_MEMORY_REST_S (600) seconds after the load stopped, idle again.
 *
 * Sampled every 15 s as well (the curve). The figure to read is the growth that does not come back: rest − idle.
 * Prints a table and writes bench-results/memory.json with the load averages. Linux only.
 */
import { readdir, readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { startServer, type Server } from './child.ts';
import { agentFor, openLoop, request, type RunResult, type Target } from './load.ts';
import { call, uploadCase, writeScan, sha256Of } from './bench-files.ts';
import { discardDataDir } from '../src/platform/db/embedded.ts';

const env = process.env;
const LOAD_S = Number(env.BENCH_MEMORY_LOAD_S ?? 600);
const REST_S = Number(env.BENCH_MEMORY_REST_S ?? 600);
const SETTLE_S = Number(env.BENCH_MEMORY_SETTLE_S ?? 60);
const SAMPLE_S = 15;
const SOCKETS = 20;
const MB = 1024 * 1024;
const repo = new URL('../../../', import.meta.url).pathname;
const out = (s = '') => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((l) => Number(l.toFixed(2)));

/** PSS of one process in bytes, or undefined when it is gone. */
async function pss(pid: number): Promise<number | undefined> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** The embedded PostgreSQL's processes: its postmaster and every child of it. */
async function databasePids(dataDir: string): Promise<number[]> {
  const pm = Number(
    (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const pids = [pm];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pm) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

interface Sample {
  atS: number;
  phase: string;
  serverMb: number;
  databaseMb: number;
  databaseProcesses: number;
  /** The server process's RSS (for comparison with earlier figures, which were RSS). */
  serverRssMb: number;
  loadavg: number[];
}

async function sample(server: Server, dataDir: string, phase: string, t0: number): Promise<Sample> {
  const pids = await databasePids(dataDir);
  const db = (await Promise.all(pids.map(pss))).filter((b): b is number => b !== undefined);
  return {
    atS: Math.round((performance.now() - t0) / 1000),
    phase,
    serverMb: ((await pss(server.child.pid!)) ?? NaN) / MB,
    databaseMb: db.reduce((a, b) => a + b, 0) / MB,
    databaseProcesses: db.length,
    serverRssMb: (await server.rssBytes()) / MB,
    loadavg: load(),
  };
}

const show = (s: Sample) =>
  `${s.phase.padEnd(10)} ${String(s.atS).padStart(5)} s  server ${s.serverMb.toFixed(1).padStart(6)} MB (RSS ${s.serverRssMb.toFixed(0)})  ` +
  `database ${s.databaseMb.toFixed(1).padStart(6)} MB in ${s.databaseProcesses} processes  load ${s.loadavg.join(' ')}`;

const succeeded = (status: number, body: string) => status === 200 && body.includes('"success":true');

async function signIn(port: number, username: string): Promise<string> {
  const answer = await call(
    port,
    'POST',
    '/account/token',
    { 'content-type': 'application/json' },
    JSON.stringify({ username, password: 'demo123' }),
  );
  return (JSON.parse(answer.body) as { data: { AccessToken: string } }).data.AccessToken;
}

/** The mixed load for `seconds`: the open loops, the uploads, the conversions and the realtime connections. */
async function mixedLoad(server: Server, dir: string, seconds: number): Promise<Record<string, unknown>> {
  const port = server.port;
  const clinic = await signIn(port, 'clinic');
  const lab = await signIn(port, 'lab');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const agent = agentFor(64);
  const box = await request(
    agent,
    port,
    'POST',
    '/getpaging',
    auth(lab),
    JSON.stringify({ pageIndex: 1, pageSize: 15 }),
    10_000,
  );
  const caseIds = (JSON.parse(box.body) as { data: { records: { id: string }[] } }).data.records.map(
    (c) => c.id,
  );
  if (!caseIds.length) throw new Error(`no case in the lab's box: ${box.body.slice(0, 200)}`);
  const fragments = ['an', 'mül', 'sch', 'er', 'li', 'son', 'ma', 'berg'];
  const people = ['clinic', 'clinic2', 'lab', 'lab2'];
  const json = (token: string) => ({ ...auth(token), 'content-type': 'application/json' });
  const targets: { name: string; rate: number; target: Target }[] = [
    {
      name: 'sign-in',
      rate: 0.2,
      target: {
        method: 'POST',
        path: () => '/account/token',
        headers: { 'content-type': 'application/json' },
        body: (i) => ({ username: people[i % people.length], password: 'demo123' }),
        ok: succeeded,
      },
    },
    {
      name: 'user/current',
      rate: 5,
      target: { method: 'GET', path: () => '/user/current', headers: auth(lab) },
    },
    {
      name: 'device list',
      rate: 2,
      target: {
        method: 'POST',
        path: () => '/api2/device/scan/auths',
        headers: json(clinic),
        body: (i) => ({ pageIndex: 1 + (i % 2), pageSize: 15 }),
        ok: succeeded,
      },
    },
    {
      name: 'case box',
      rate: 2,
      target: {
        method: 'POST',
        path: () => '/getpaging',
        headers: json(lab),
        body: (i) => ({ pageIndex: 1 + (i % 3), pageSize: 15 }),
        ok: succeeded,
      },
    },
    {
      name: 'box search',
      rate: 1.5,
      target: {
        method: 'POST',
        path: () => '/getpaging',
        headers: json(lab),
        body: (i) => ({ pageIndex: 1, pageSize: 15, keyword: fragments[i % fragments.length] }),
        ok: succeeded,
      },
    },
    {
      name: 'case detail',
      rate: 1.5,
      target: {
        method: 'GET',
        path: (i) => `/detail/${caseIds[i % caseIds.length]}`,
        headers: auth(lab),
        ok: succeeded,
      },
    },
  ];
  const until = performance.now() + seconds * 1000;
  const running = () => performance.now() < until;

  // Uploads of small scans (2 MB), each a new case, every 5 s.
  const scan = path.join(dir, 'small.stl');
  const size = await writeScan(scan, 2);
  const sha256 = await sha256Of(scan);
  const uploads = { done: 0, failed: 0 };
  const uploaded: string[] = [];
  const uploading = (async () => {
    while (running()) {
      const next = sleep(5000);
      try {
        uploaded.push(await uploadCase(port, clinic, scan, size, sha256, 1024 * 1024));
        uploads.done++;
      } catch {
        uploads.failed++;
      }
      await next;
    }
  })();

  // A conversion asked for every 30 s, of the newest uploaded case (flush: a new one each time).
  const conversions = { asked: 0, refused: 0 };
  const converting = (async () => {
    while (running()) {
      await sleep(30_000);
      const id = uploaded.at(-1);
      if (!id || !running()) continue;
      const answer = await request(
        agent,
        port,
        'GET',
        `/api/caseRedis/convert/${id}?type=plyTexture&flush=1`,
        auth(clinic),
        undefined,
        10_000,
      ).catch(() => undefined);
      conversions.asked++;
      if (!answer || !succeeded(answer.status, answer.body)) conversions.refused++;
    }
  })();

  // Realtime connections: SOCKETS open, one replaced every 5 s.
  const sockets: Socket[] = [];
  const realtime = { opened: 0, connectErrors: 0 };
  const open = () => {
    const s = connect(`http://127.0.0.1:${port}`, {
      path: '/hubs/notify',
      transports: ['websocket'],
      auth: { token: realtime.opened % 2 ? clinic : lab },
      forceNew: true,
      reconnection: false,
    });
    s.on('connect_error', () => realtime.connectErrors++);
    realtime.opened++;
    sockets.push(s);
  };
  for (let i = 0; i < SOCKETS; i++) open();
  const churning = (async () => {
    while (running()) {
      await sleep(5000);
      sockets.shift()?.disconnect();
      open();
    }
  })();

  const results = await Promise.all(
    targets.map((t) =>
      openLoop(port, t.target, { rate: t.rate, durationS: seconds, agent, timeoutMs: 10_000 }),
    ),
  );
  await Promise.all([uploading, converting, churning]);
  for (const s of sockets.splice(0)) s.disconnect();
  agent.destroy();
  await rm(scan, { force: true });
  const calls: Record<string, Pick<RunResult, 'sent' | 'completed' | 'errors' | 'p50' | 'p99'>> = {};
  results.forEach((r, i) => {
    calls[targets[i]!.name] = {
      sent: r.sent,
      completed: r.completed,
      errors: r.errors,
      p50: r.p50,
      p99: r.p99,
    };
  });
  return { calls, uploads, conversions, realtime };
}

async function main() {
  const dir = await mkdtemp(path.join(env.BENCH_MEMORY_DIR ?? tmpdir(), 'archway-bench-memory-'));
  const dataDir = path.join(dir, 'data');
  out(
    `== memory: the server and its embedded PostgreSQL (PSS), idle ${SETTLE_S} s, load ${LOAD_S} s, rest ${REST_S} s ==`,
  );
  const server = await startServer({ DATA_DIR: dataDir, ARCHWAY_DEMO: 'true', ARCHWAY_DEMO_CASES: 'true' });
  const samples: Sample[] = [];
  const t0 = performance.now();
  let phase = 'start';
  const take = async (name = phase) => {
    const s = await sample(server, dataDir, name, t0);
    samples.push(s);
    out(`  ${show(s)}`);
    return s;
  };
  const sampler = setInterval(() => void take().catch(() => undefined), SAMPLE_S * 1000);
  try {
    phase = 'settling';
    await sleep(SETTLE_S * 1000);
    const idle = await take('IDLE');
    phase = 'load';
    const loadFigures = await mixedLoad(server, dir, LOAD_S);
    const loaded = await take('AFTER LOAD');
    phase = 'rest';
    await sleep(REST_S * 1000);
    const rested = await take('AFTER REST');
    clearInterval(sampler);
    const growth = {
      serverMb: rested.serverMb - idle.serverMb,
      databaseMb: rested.databaseMb - idle.databaseMb,
    };
    out('');
    out(
      `  ${'moment'.padEnd(12)} ${'server PSS'.padStart(11)} ${'database PSS'.padStart(13)}  processes  load`,
    );
    for (const [name, s] of [
      ['idle', idle],
      ['after load', loaded],
      ['after rest', rested],
    ] as const)
      out(
        `  ${name.padEnd(12)} ${`${s.serverMb.toFixed(1)} MB`.padStart(11)} ${`${s.databaseMb.toFixed(1)} MB`.padStart(13)}  ` +
          `${String(s.databaseProcesses).padStart(9)}  ${s.loadavg.join(' ')}`,
      );
    out(
      `  growth that stayed (after rest − idle): server ${growth.serverMb.toFixed(1)} MB, database ${growth.databaseMb.toFixed(1)} MB`,
    );
    out(`  load: ${JSON.stringify(loadFigures)}`);
    const file = path.join(repo, 'bench-results/memory.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          durations: { settleS: SETTLE_S, loadS: LOAD_S, restS: REST_S },
          idle,
          afterLoad: loaded,
          afterRest: rested,
          growth,
          load: loadFigures,
          samples,
        },
        null,
        2,
      ),
    );
    out(`  wrote ${path.relative(repo, file)}`);
  } finally {
    clearInterval(sampler);
    await server.stop();
    await discardDataDir(dataDir);
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:memory failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
