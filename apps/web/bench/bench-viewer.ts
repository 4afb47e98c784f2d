/**
 * `npm run bench:viewer`, the browser half (issue 32, "One viewer core"); the geometry half is
 * packages/mesh/bench/bench-viewer.ts (the bite, and picking against brute force).
 *
 * 1. Picking: on a 221,803-triangle and a 2,000,000-triangle jaw (archJaw, seed 1), the build time and the time of
 *    RAYS picks (median, p99, max) of the hand-written TriangleBvh (packages/mesh/src/compare/bvh.ts, what the viewer
 *    picks with) and of three-mesh-bvh 0.9 (`MeshBVH`, `raycastFirst`, default options), the same rays (a pointer
 *    moving over the scan from a drifting orbit), each answer checked against the other's (the same t).
 *    three-mesh-bvh is not a dependency: the bench takes it from BENCH_VIEWER_THREE_MESH_BVH (a folder with its
 *    package), else fetches three-mesh-bvh@0.9 once with `npm pack` into node_modules/.cache/bench-viewer.
 * 2. First frame in headless Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH; ANGLE SwiftShader in
 *    the GPU process): a deterministic binary PLY (archJaw closed, writePly) of 221,803 and of 2,000,000 triangles,
 *    opened in the case viewer (ScanViewer, `mode=ours`) and in the shared MeshView (model comparison and the share
 *    page, `mode=mesh`), each on a fresh page of the harness (apps/web/bench/harness, bundled by Vite): the time from
 *    opening the viewer to its first frame showing the whole scan (download at loopback speed included), median of
 *    BENCH_VIEWER_RUNS (3), and the longest main-thread task meanwhile.
 *    BENCH_VIEWER_AGAINST names another tree's harness folder (a checkout of the commit before a change, its
 *    apps/web/bench/harness): both are measured in the same browser, page for page alternately, as a before/after.
 * BENCH_VIEWER_SECTIONS (pick,frame) picks the parts. Writes bench-results/viewer-web.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { BufferAttribute, BufferGeometry, DoubleSide, Ray } from 'three';
import { archJaw, TriangleBvh, writePly } from '@archway/mesh';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_VIEWER_RUNS ?? 3);
const RAYS = Number(process.env.BENCH_VIEWER_RAYS ?? 1000);
const SIZES = [221_803, 2_000_000];
const SECTIONS = (process.env.BENCH_VIEWER_SECTIONS ?? 'pick,frame').split(',');
/** Another tree's harness folder (say a checkout of the commit before a change): measured alternately with this one. */
const AGAINST = process.env.BENCH_VIEWER_AGAINST;
const out = (s = '') => process.stdout.write(`${s}\n`);
const MB = 1024 * 1024;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => sorted(xs)[Math.floor((xs.length - 1) * q)]!;
const fmt = (x: number, digits = 2) => x.toFixed(digits);

// ---- three-mesh-bvh 0.9, fetched for the bench only ---------------------------------------------------------------

interface MeshBvhModule {
  MeshBVH: new (
    geometry: BufferGeometry,
    options?: object,
  ) => {
    raycastFirst(ray: Ray, side?: number): { distance: number; faceIndex?: number } | null;
  };
}

async function threeMeshBvh(): Promise<{ module: MeshBvhModule; version: string }> {
  let dir = process.env.BENCH_VIEWER_THREE_MESH_BVH;
  if (!dir) {
    const cache = path.join(repo, 'node_modules/.cache/bench-viewer');
    dir = path.join(cache, 'three-mesh-bvh');
    if (!existsSync(path.join(dir, 'package.json'))) {
      await mkdir(dir, { recursive: true });
      const file = execFileSync('npm', ['pack', 'three-mesh-bvh@0.9', '--silent'], { cwd: cache })
        .toString()
        .trim()
        .split('\n')
        .at(-1)!;
      execFileSync('tar', ['xzf', file, '-C', dir, '--strip-components=1'], { cwd: cache });
    }
  }
  const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  // Inside the repository's node_modules, its `import 'three'` finds the app's three.
  const module = (await import(pathToFileURL(path.join(dir, 'src/index.js')).href)) as MeshBvhModule;
  return { module, version: pkg.version };
}

// ---- 1. picking -----------------------------------------------------------------------------------------------

/** Rays as a pointer moving over the scan gives them: from a drifting orbit towards random points of the surface. */
function raysFor(positions: Float32Array, indices: Uint32Array, n: number): Float64Array[] {
  let seed = 25;
  const rnd = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, positions[i + k]!);
      hi[k] = Math.max(hi[k]!, positions[i + k]!);
    }
  const centre = [0, 1, 2].map((k) => (lo[k]! + hi[k]!) / 2);
  const radius = 1.5 * Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const m = indices.length / 3;
  const rays: Float64Array[] = [];
  let theta = 0;
  let phi = 0.6;
  for (let i = 0; i < n; i++) {
    theta += 0.02 + 0.02 * rnd();
    phi = Math.min(1.4, Math.max(0.1, phi + (rnd() - 0.5) * 0.05));
    const o = [
      centre[0]! + radius * Math.sin(phi) * Math.cos(theta),
      centre[1]! + radius * Math.sin(phi) * Math.sin(theta),
      centre[2]! + radius * Math.cos(phi),
    ];
    const t = Math.floor(rnd() * m);
    let u = rnd();
    let v = rnd();
    if (u + v > 1) [u, v] = [1 - u, 1 - v];
    const d = [0, 1, 2].map((k) => {
      const a = positions[indices[t * 3]! * 3 + k]!;
      const b = positions[indices[t * 3 + 1]! * 3 + k]!;
      const c = positions[indices[t * 3 + 2]! * 3 + k]!;
      return a + (b - a) * u + (c - a) * v - o[k]!;
    });
    const len = Math.hypot(d[0]!, d[1]!, d[2]!);
    rays.push(Float64Array.of(o[0]!, o[1]!, o[2]!, d[0]! / len, d[1]! / len, d[2]! / len));
  }
  return rays;
}

async function picking() {
  const { module, version } = await threeMeshBvh();
  const results = [];
  for (const size of SIZES) {
    const jaw = archJaw({ triangles: size, seed: 1 });
    const positions = jaw.positions;
    const indices = jaw.indices!;
    const triangles = indices.length / 3;
    const rays = raysFor(positions, indices, RAYS);

    let t0 = performance.now();
    const hand = new TriangleBvh(positions, indices);
    const handBuild = performance.now() - t0;

    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions.slice(), 3));
    geometry.setIndex(new BufferAttribute(indices.slice(), 1));
    t0 = performance.now();
    const lib = new module.MeshBVH(geometry);
    const libBuild = performance.now() - t0;

    const handMs: number[] = [];
    const libMs: number[] = [];
    const ray = new Ray();
    let agree = 0;
    let hits = 0;
    // Alternating which goes first, so that neither always runs on a warmer cache.
    for (let i = 0; i < rays.length; i++) {
      const r = rays[i]!;
      ray.origin.set(r[0]!, r[1]!, r[2]!);
      ray.direction.set(r[3]!, r[4]!, r[5]!);
      let handHit = false;
      let libHit: { distance: number } | null = null;
      const runHand = () => {
        const s = performance.now();
        handHit = hand.raycast(r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!);
        handMs.push(performance.now() - s);
      };
      const runLib = () => {
        const s = performance.now();
        libHit = lib.raycastFirst(ray, DoubleSide);
        libMs.push(performance.now() - s);
      };
      if (i % 2) {
        runHand();
        runLib();
      } else {
        runLib();
        runHand();
      }
      if (handHit) hits++;
      const l = libHit as { distance: number } | null;
      if (handHit ? l && Math.abs(l.distance - hand.hitT) <= 1e-4 * Math.max(1, hand.hitT) : !l) agree++;
    }
    const figures = (xs: number[]) => ({
      medianMs: median(xs),
      p99Ms: quantile(xs, 0.99),
      maxMs: Math.max(...xs),
    });
    const result = {
      triangles,
      rays: RAYS,
      hits,
      agree,
      hand: { buildMs: handBuild, ...figures(handMs) },
      threeMeshBvh: { version, buildMs: libBuild, ...figures(libMs) },
    };
    results.push(result);
    out(`\n== picking: ${triangles.toLocaleString('en')} triangles, ${RAYS} rays (${hits} hits) ==`);
    for (const [label, f] of [
      ['hand TriangleBvh', result.hand],
      [`three-mesh-bvh ${version}`, result.threeMeshBvh],
    ] as const)
      out(
        `  ${label.padEnd(22)} build ${fmt(f.buildMs, 0).padStart(5)} ms   pick median ${fmt(f.medianMs, 4)} ms  p99 ${fmt(f.p99Ms, 4)}  max ${fmt(f.maxMs, 3)}`,
      );
    out(`  the same hit (t within 1e-4)  ${agree}/${RAYS}`);
  }
  return results;
}

// ---- 2. first frame in Chromium -----------------------------------------------------------------------------------

function serve(dist: string, scans: Map<string, string>): Promise<{ server: Server; base: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const scan = scans.get(url.pathname);
      if (scan) {
        const { size } = await stat(scan);
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
        return void createReadStream(scan, { highWaterMark: 64 * 1024 }).pipe(res);
      }
      const file = path.join(dist, path.normalize(url.pathname === '/' ? '/index.html' : url.pathname));
      if (!file.startsWith(dist)) return void res.writeHead(403).end();
      try {
        const body = await readFile(file);
        res
          .writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' })
          .end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, base: `http://127.0.0.1:${port}` });
    }),
  );
}

interface PageFigures {
  firstFrame: number;
  opened: number;
  lastByte: number;
  received?: number;
  firstPart?: number;
  tasks: [number, number][];
}

async function firstFrames() {
  const work = await mkdtemp(path.join(tmpdir(), 'archway-bench-viewer-'));
  const servers: Server[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const results = [];
  try {
    out('\nbench:viewer: building the harness (the viewers’ own modules, bundled by Vite)…');
    const harnesses: [string, string][] = [['this tree', path.join(here, 'harness')]];
    if (AGAINST) harnesses.push(['against', AGAINST]);
    const dists: string[] = [];
    for (const [i, [, root]] of harnesses.entries()) {
      const dist = path.join(work, `dist-${i}`);
      await build({
        configFile: false,
        root,
        base: './',
        logLevel: 'warn',
        plugins: [react()],
        build: { outDir: dist, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
      });
      dists.push(dist);
    }
    const scans = new Map<string, string>();
    const sizes = new Map<string, number>();
    for (const triangles of SIZES) {
      const bytes = writePly(archJaw({ triangles, closed: true }));
      const name = `/scan/jaw-${triangles}.ply`;
      const file = path.join(work, `jaw-${triangles}.ply`);
      await writeFile(file, bytes);
      scans.set(name, file);
      sizes.set(name, bytes.length);
    }
    const bases: string[] = [];
    for (const dist of dists) {
      const served = await serve(dist, scans);
      servers.push(served.server);
      bases.push(served.base);
    }
    const open = async (mode: string, name: string, build = 0): Promise<PageFigures> => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        const errors: string[] = [];
        const log: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
        await page.goto(
          `${bases[build]}/index.html?mode=${mode}&file=${encodeURIComponent(name)}&size=${sizes.get(name)}`,
        );
        const handle = await page
          .waitForFunction(() => (window as { __bench?: unknown }).__bench, undefined, {
            timeout: 120_000,
            polling: 100,
          })
          .catch((error: unknown) => {
            throw new Error(`${mode} ${name}: ${String(error)}\n${[...errors, ...log].join('\n')}`);
          });
        const result = (await handle.jsonValue()) as PageFigures | { error: string };
        if ('error' in result) throw new Error(`${mode}: ${result.error}`);
        if (errors.length) throw new Error(`${mode}: ${errors.join('; ')}`);
        return result;
      } finally {
        await page.close();
      }
    };
    const small = `/scan/jaw-${SIZES[0]}.ply`;
    // Warm-up: the browser's caches (code, shaders).
    for (const b of bases.keys()) {
      await open('ours', small, b);
      await open('mesh', small, b);
    }
    out(
      `first frame: viewer opened → first frame of the whole scan (median of ${RUNS}; ms)${AGAINST ? `; this tree and ${AGAINST} alternating` : ''}`,
    );
    for (const triangles of SIZES) {
      const name = `/scan/jaw-${triangles}.ply`;
      const row: Record<string, unknown> = { triangles, bytes: sizes.get(name) };
      for (const mode of ['ours', 'mesh'] as const) {
        const frames = bases.map((): number[] => []);
        const longest = bases.map((): number[] => []);
        const steps = bases.map((): number[][] => []);
        for (let i = 0; i < RUNS; i++)
          for (const b of i % 2 ? [...bases.keys()].reverse() : bases.keys()) {
            const f = await open(mode, name, b);
            frames[b]!.push(f.firstFrame - f.opened);
            steps[b]!.push([f.lastByte, f.received ?? NaN, f.firstPart ?? NaN].map((t) => t - f.opened));
            longest[b]!.push(Math.max(0, ...f.tasks.filter(([s]) => s >= f.opened).map(([, d]) => d)));
          }
        for (const b of bases.keys()) {
          const m = (k: number) => median(steps[b]!.map((x) => x[k]!));
          const key = `${mode === 'ours' ? 'scanViewer' : 'meshView'}${b ? 'Against' : ''}`;
          row[key] = {
            firstFrameMs: median(frames[b]!),
            runs: frames[b],
            longestTaskMs: median(longest[b]!),
            ...(mode === 'ours' ? { lastByteMs: m(0), receivedMs: m(1), firstPartMs: m(2) } : {}),
          };
          const label = `${mode === 'ours' ? 'ScanViewer' : 'MeshView'}${AGAINST ? ` (${harnesses[b]![0]})` : ''}`;
          out(
            `  ${triangles.toLocaleString('en').padStart(9)} triangles (${fmt(sizes.get(name)! / MB, 1)} MB)  ${label.padEnd(AGAINST ? 22 : 10)} ${fmt(median(frames[b]!), 0).padStart(6)}   (runs ${frames[b]!.map((x) => fmt(x, 0)).join(', ')}; longest main-thread task ${fmt(median(longest[b]!), 0)}${mode === 'ours' ? `; last byte ${fmt(m(0), 0)}, arrays received ${fmt(m(1), 0)}, first part drawn ${fmt(m(2), 0)}` : ''})`,
          );
        }
      }
      results.push(row);
    }
  } finally {
    await browser.close();
    servers.forEach((server) => server.close());
    await rm(work, { recursive: true, force: true });
  }
  return results;
}

async function main() {
  const pick = SECTIONS.includes('pick') ? await picking() : null;
  const frame = SECTIONS.includes('frame') ? await firstFrames() : null;
  const file = path.join(repo, 'bench-results/viewer-web.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), pick, frame }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
}

await main();
