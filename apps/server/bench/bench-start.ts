/**
 * `npm run bench:start`: how long `npm start` takes until /v5/ answers, on a fresh data directory (first start:
 * database created and demo data seeded) and again on the same one (second start), and what the server and its
 * embedded PostgreSQL hold in memory at idle: the sum of `ps` RSS (and of PSS, which does not count shared pages
 * twice) over the server process and every database process, 10 s after ready. The web app is built first if its
 * sources changed (not timed: `npm start` skips it when they did not); the server is compiled first, timed on its own
 * (`serverBuildSeconds`: what a first start after a change adds). Results go to bench-results/start.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/platform/net.ts';
import { discardDataDir } from '../src/platform/db/embedded.ts';

const root = new URL('../../..', import.meta.url).pathname;

/** Every descendant of `pid` with its command line. */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out: { pid: number; cmd: string }[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf)
      if (parent === p) {
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' ');
        } catch {
          /* gone */
        }
        out.push({ pid: child, cmd });
        walk(child);
      }
  };
  walk(pid);
  return out;
}

function memoryOf(pid: number): { rss: number; pss: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024 };
}

async function startOnce(dataDir: string): Promise<{ readyMs: number; child: ChildProcess; port: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '-s'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/v5/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { readyMs: performance.now() - t0, child, port };
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

const build = spawnSync('npm', ['run', 'build:if-stale', '-s', '-w', '@archway/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);
// The server's compilation (what a first `npm start` after a change adds), timed on its own; the starts then find it
// up to date.
const buildBegan = performance.now();
const serverBuild = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], {
  stdio: 'inherit',
});
if (serverBuild.status !== 0) process.exit(1);
const serverBuildSeconds = +((performance.now() - buildBegan) / 1000).toFixed(2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'archway-bench-start-'));
try {
  const first = await startOnce(dataDir);
  // The first start's own work (the demo cases' preview images) finishes before it is stopped.
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_FIRST_SETTLE_MS ?? 20_000)));
  await stop(first.child);
  const second = await startOnce(dataDir);
  await new Promise((r) => setTimeout(r, 10_000));
  const procs = descendants(second.child.pid!).filter((p) =>
    /^\S*node .*server\.[jt]s|^\S*postgres/.test(p.cmd),
  );
  for (const p of procs) console.log(p.pid, p.cmd.slice(0, 100), memoryOf(p.pid));
  const memory = procs.map((p) => ({ ...p, ...memoryOf(p.pid) }));
  await stop(second.child);
  const sum = (k: 'rss' | 'pss') => Math.round(memory.reduce((s, m) => s + m[k], 0));
  const server = memory.find((m) => /^\S*node /.test(m.cmd));
  const result = {
    serverBuildSeconds,
    firstStartSeconds: +(first.readyMs / 1000).toFixed(2),
    secondStartSeconds: +(second.readyMs / 1000).toFixed(2),
    idleRssMiB: sum('rss'),
    idlePssMiB: sum('pss'),
    serverRssMiB: Math.round(server?.rss ?? 0),
    databaseProcesses: memory.filter((m) => /postgres/.test(m.cmd)).length,
  };
  console.log(result);
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results/start.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await discardDataDir(dataDir);
}
