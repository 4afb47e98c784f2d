import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMesh, writePly, type Mesh } from '@archway/mesh';
import { freePort } from './platform/net.ts';
import { serverRoot, sourcePath } from './platform/server-root.ts';
import { testDatabase, type TestDatabase } from './testing/test-db.ts';
import { until } from './testing/poll.ts';

/**
 * The compiled server `npm start` runs (build.mjs): built into a folder of its own (inside dist/, so that its
 * node_modules imports resolve as they do from dist/), each worker loaded without a TypeScript loader, every file
 * the bundle reads at run time found in the sources, and the compiled server answering on a test database.
 */
const built: { dir: string; output: string } = { dir: '', output: '' };
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  await mkdir(path.join(serverRoot, 'dist'), { recursive: true });
  built.dir = await mkdtemp(path.join(serverRoot, 'dist', 'build-test-'));
  cleanup.push(() => rm(built.dir, { recursive: true, force: true }));
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [
    path.join(serverRoot, 'build.mjs'),
    '--outdir',
    built.dir,
  ]);
  built.output = stdout + stderr;
}, 60_000);

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

const bundle = () =>
  readdirSync(built.dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(built.dir, f), 'utf8'))
    .join('\n');

describe('the compiled server (build.mjs)', () => {
  it('says one line, and makes every entry with its source map pointing at the TypeScript', () => {
    expect(built.output.trim().split('\n')).toHaveLength(1);
    expect(built.output).toMatch(/^server: compiled into /);
    for (const entry of [
      'server',
      'admin-cli',
      'backup-cli',
      'restore-cli',
      'mesh.worker',
      'demo-jaws.worker',
    ])
      expect(existsSync(path.join(built.dir, `${entry}.js`)), entry).toBe(true);
    const map = JSON.parse(readFileSync(path.join(built.dir, 'server.js.map'), 'utf8')) as {
      sources: string[];
    };
    expect(map.sources.some((s) => s.endsWith('src/server.ts'))).toBe(true);
  });

  it('bundles the workspace packages, keeps node_modules outside, and never imports tsx', () => {
    const code = bundle();
    // (Booleans, not the bundle in a failure message.)
    expect(/from\s*["']@archway\//.test(code), 'an @archway import left').toBe(false);
    expect(/from\s*["']fastify["']/.test(code), 'fastify imported').toBe(true);
    expect(/(from\s*|import\()["']tsx/.test(code), 'tsx imported').toBe(false);
  });

  it('keeps every class its name (logs name errors by their class), without keepNames', () => {
    const code = bundle();
    const classes = new Set<string>();
    for (const dir of [sourcePath(''), path.join(serverRoot, '../../packages')])
      for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
        if (e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('node_modules'))
          for (const m of readFileSync(path.join(e.parentPath, e.name), 'utf8').matchAll(
            /^(?:export )?class (\w+)/gm,
          ))
            classes.add(m[1]!);
    expect(classes.has('AppError')).toBe(true);
    const renamed = [...classes].filter((c) =>
      new RegExp(`\\b(var ${c}\\d+ = class|class ${c}\\d+\\b)`).test(code),
    );
    expect(renamed).toEqual([]);
    expect(code.includes('__name('), 'keepNames wrappers').toBe(false);
  });

  it('reads its run-time files from places that exist, and names workers it has', () => {
    const code = bundle();
    const sources = [...code.matchAll(/\bsource(?:Url|Path)\d*\((["'`])([^"'`$]+)\1\)/g)].map((m) => m[2]!);
    // Mail texts (5 kinds), export texts, migrations; the help articles' per-language name is a template literal.
    expect(sources.length).toBeGreaterThanOrEqual(7);
    for (const rel of sources) expect(existsSync(sourcePath(rel)), rel).toBe(true);
    expect(existsSync(sourcePath('demo/help-articles/en.json'))).toBe(true);
    const workers = [...code.matchAll(/\bworkerScript\d*\((["'])([^"']+)\1/g)].map((m) => m[2]!);
    expect(workers.sort()).toEqual(['demo/demo-jaws.worker.ts', 'modules/scans/mesh.worker.ts']);
    for (const rel of workers)
      expect(existsSync(path.join(built.dir, `${path.basename(rel, '.ts')}.js`)), rel).toBe(true);
  });

  it('runs its workers as plain JavaScript', async () => {
    const jaws = new Piscina({ filename: path.join(built.dir, 'demo-jaws.worker.js'), execArgv: [] });
    const mesh = new Piscina({ filename: path.join(built.dir, 'mesh.worker.js'), execArgv: [] });
    cleanup.push(
      () => jaws.destroy(),
      () => mesh.destroy(),
    );
    const ply = (await jaws.run({ n: 1, jaw: 'upper', teeth: [11, 12, 21, 22], caseType: 1 })) as Uint8Array;
    const source: Mesh = readMesh(ply);
    expect(source.positions.length).toBeGreaterThan(0);
    const out = (await mesh.run({ op: 'convert', bytes: writePly(source), to: 'stl' })) as {
      bytes: Uint8Array;
      triangles: number;
    };
    expect(out.triangles).toBeGreaterThan(0);
    expect(out.bytes.length).toBe(84 + 50 * out.triangles);
  });

  it('starts from dist/server.js, answers, is ready (migrations found) and stops on SIGTERM', async () => {
    const db: TestDatabase = await testDatabase('template');
    cleanup.push(() => db.drop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'archway-build-test-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const proc: ChildProcess = spawn(
      process.execPath,
      ['--enable-source-maps', path.join(built.dir, 'server.js')],
      {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          WEB_DIST: path.join(dataDir, 'no-web'),
          ARCHWAY_DEMO: 'false',
          SCAN_THREADS: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    cleanup.push(async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    });
    const ready = await until(
      async () =>
        proc.exitCode === null
          ? fetch(`http://127.0.0.1:${port}/readyz`).then(
              (r) => r.status === 200,
              () => false,
            )
          : Promise.reject(new Error(`the compiled server exited:\n${out}`)),
      { timeoutMs: 60_000, what: 'the compiled server to be ready' },
    );
    expect(ready).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toMatch(/Archway stopped \(SIGTERM\)/);
    expect(out).not.toMatch(/Error|at .*\.js:\d+/);
  }, 90_000);
});
