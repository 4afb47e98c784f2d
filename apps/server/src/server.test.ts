import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discardDataDir, processAlive } from './platform/db/embedded.ts';
import { freePort } from './platform/net.ts';
import { until } from './testing/poll.ts';

/**
 * The real `npm start` process (server.ts) on the embedded database, stopped by a signal at chosen moments: nothing
 * it started may outlive it, and a stop says one line, never a stack trace.
 */
const serverTs = new URL('./server.ts', import.meta.url).pathname;

interface Running {
  proc: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the first line matching. */
  line(re: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

const dirs: string[] = [];
const procs: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<Running> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-server-'));
  dirs.push(dataDir);
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', serverTs], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  let out = '';
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const feed = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      const hit = out.split('\n').find((l) => w.re.test(l));
      if (hit) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(hit);
      }
    }
  };
  proc.stdout!.on('data', feed);
  proc.stderr!.on('data', feed);
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return {
    proc,
    port,
    output: () => out,
    exited,
    line: (re) =>
      new Promise((resolve, reject) => {
        const hit = out.split('\n').find((l) => re.test(l));
        if (hit) return resolve(hit);
        waiters.push({ re, resolve });
        void exited.then(() => reject(new Error(`server exited before ${re}:\n${out}`)));
      }),
  };
}

/** A new connection to the port is refused: the server has stopped listening. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

afterEach(async () => {
  for (const p of procs.splice(0)) if (p.exitCode === null) p.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    await discardDataDir(dir);
  }
});

/** What a stop printed after the signal: JSON lines, none with a stack, none above info. */
function linesAfter(output: string, marker: RegExp): string[] {
  const lines = output.split('\n').filter(Boolean);
  const at = lines.findIndex((l) => marker.test(l));
  return lines.slice(at + 1);
}

describe('stopping npm start (server.ts)', { timeout: 120_000 }, () => {
  it('during the first start, while the demo data is written: the embedded PostgreSQL stops too', async () => {
    const s = await startServer({ ARCHWAY_DEMO: 'true' });
    const dataDir = dirs.at(-1)!;
    // The demo's first rows are written (the administrator is made first); demo cases follow.
    await s.line(/demo platform administrator created/);
    const pg = postmasterPid(dataDir);
    expect(processAlive(pg)).toBe(true);
    s.proc.kill('SIGTERM');
    expect({ code: await s.exited, output: s.output() }).toMatchObject({ code: 0 });
    await until(() => !processAlive(pg), 30_000);
    expect(existsSync(path.join(dataDir, 'archway.pid'))).toBe(false);
    const after = linesAfter(s.output(), /demo platform administrator created/);
    expect(after.join('\n')).not.toMatch(/\n\s+at |"stack"/);
    expect(after.filter((l) => /Archway stopped \(SIGTERM\) during start-up/.test(l))).toHaveLength(1);
  });

  it('running: lets an upload in flight finish, stops everything, and logs one line', async () => {
    const s = await startServer({ ARCHWAY_DEMO: 'false' });
    const dataDir = dirs.at(-1)!;
    await s.line(/Archway is at/);
    const pg = postmasterPid(dataDir);

    // A request whose body is still arriving when the stop comes (a slow client, an upload): it gets its answer.
    // A request whose body is still arriving when the stop comes (a slow client, an upload): with Expect:
    // 100-continue, the interim answer says the server has taken the request; the body follows once the server
    // takes no new connection (it is stopping), and the request still gets its answer.
    const body = '{"username":"nobody","password":"wrong_1"}';
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: s.port,
          method: 'POST',
          path: '/account/token',
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            expect: '100-continue',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        s.proc.kill('SIGTERM');
        void until(() => refused(s.port), 30_000).then(() => req.end(body), reject);
      });
      req.flushHeaders();
    });
    // Its own answer (a refused sign-in), not a 503 for a server closing.
    const answer = await answered;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, errorCode: expect.any(Number) });
    expect({ code: await s.exited, output: s.output() }).toMatchObject({ code: 0 });
    expect(processAlive(pg)).toBe(false);
    const after = linesAfter(s.output(), /Archway is at/);
    expect(after.join('\n')).not.toMatch(/\n\s+at |"stack"|connection lost/);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/Archway stopped \(SIGTERM\) in \d+ ms/);
  });
});
