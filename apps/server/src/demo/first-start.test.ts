import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabase } from '../testing/test-db.ts';

const server = fileURLToPath(new URL('../server.ts', import.meta.url));

/** `npm start` on a database of its own: the real server process, its log read as an operator reads it. */
function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', server], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (chunk) => (out += chunk));
  proc.stderr.on('data', (chunk) => (out += chunk));
  const listening = new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { proc, listening, output: () => out };
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('the first start with demo data', () => {
  it("prints the demo administrator's generated password once in the log; it signs in, demo123 does not", async () => {
    const db = await testDatabase('template');
    cleanup.push(db.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-first-start-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8080',
      ARCHWAY_DEMO: 'true',
      ARCHWAY_DEMO_CASES: 'false',
      SCAN_THREADS: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };

    const first = start(env);
    cleanup.push(() => stop(first.proc));
    const base = await first.listening;
    const printed = [
      ...first.output().matchAll(/demo platform administrator created: username admin, password (\w+) /g),
    ];
    expect(printed).toHaveLength(1);
    const password = printed[0]![1]!;
    const signIn = async (pw: string) =>
      (
        (await (
          await fetch(`${base}/account/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: pw }),
          })
        ).json()) as { success: boolean }
      ).success;
    expect(await signIn('demo123')).toBe(false);
    expect(await signIn(password)).toBe(true);
    await stop(first.proc);

    // Later starts print it no more.
    const second = start(env);
    cleanup.push(() => stop(second.proc));
    await second.listening;
    expect(second.output()).not.toContain('password');
    await stop(second.proc);
  }, 180_000);
});
