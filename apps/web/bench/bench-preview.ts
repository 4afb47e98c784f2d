/**
 * `npm run bench:preview`: the browser side of issue 8's speed section, in headless Chromium (Debian's, through
 * playwright-core), printing figures only (no pass or fail: machines are shared).
 *
 * 1. A 300,000-triangle scan: time from the last byte downloaded to the first frame that shows the whole scan, the
 *    app's viewer (ScanViewer: download and parse in a Web Worker, normals there, arrays transferred, BufferGeometry
 *    per part, R3F canvas) against three.js's own PLYLoader parsing on the main thread (+ computeVertexNormals, one
 *    render), the same file in the same run; the ratio three / ours. At full loopback speed and at 100 Mbit/s.
 * 2. A 2,000,000-triangle scan: the longest main-thread task (PerformanceObserver 'longtask') from opening the viewer
 *    until a second after its first full frame (aim: under 100 ms); PLYLoader's for comparison.
 *
 * Two Chromium set-ups, both drawing with SwiftShader (no GPU here): `gpu-process` (ANGLE SwiftShader in the GPU
 * process, composited there, as a browser with a graphics card works) and `software` (--disable-gpu, as the e2e
 * journeys run: software compositing reads every WebGL frame back on the main thread, so each frame of a large scan
 * blocks it for as long as SwiftShader takes to draw it).
 *
 * The harness page (bench/harness) is bundled with Vite from the viewer's own modules; a small HTTP server serves it
 * and the generated scans (archJaw closed + writePly). The page creates one WebGL context before the viewer opens (the
 * browser's GPU side is up in a real session; that first context's time is printed apart). Each measurement opens a
 * fresh page; the two viewers alternate; the median of BENCH_PREVIEW_RUNS (3) is printed. BENCH_PREVIEW_SETUPS picks
 * set-ups (gpu-process,software), BENCH_PREVIEW_SECTIONS the measures (1,2), BENCH_PREVIEW_DEBUG=1 lists every long task. CHROMIUM_PATH overrides
 * /usr/bin/chromium.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { archJaw, writePly } from '@archway/mesh';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 3);
const out = (s = '') => process.stdout.write(`${s}\n`);
const MB = 1024 * 1024;

interface Figures {
  lastByte: number;
  firstFrame: number;
  longTasks: number[];
  tasks: [number, number][];
  opened: number;
  firstContextMs: number;
  received?: number;
  firstPart?: number;
}

/** The longest task from opening the viewer on (the page's own start is not the viewer's). */
const longestAfterOpen = (f: Figures) =>
  Math.max(0, ...f.tasks.filter(([start]) => start >= f.opened).map(([, d]) => d));

/** Download speeds of measure 1: the loopback as fast as it goes, and 100 Mbit/s (bytes per second). */
const RATES = [
  ['loopback (full speed)', 0],
  ['100 Mbit/s', 12_500_000],
] as const;

const SETUPS = {
  'gpu-process': ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  software: ['--no-sandbox', '--disable-gpu'],
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Serves the bundle and the scans; `?rate=<bytes per second>` paces a scan (64 KiB at a time). */
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
        const rate = Number(url.searchParams.get('rate') ?? 0);
        const stream = createReadStream(scan, { highWaterMark: 64 * 1024 });
        if (!rate) return void stream.pipe(res);
        const start = Date.now();
        let sent = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          sent += chunk.length;
          const due = start + (sent / rate) * 1000 - Date.now();
          if (due > 0) await new Promise((r) => setTimeout(r, due));
          if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
        }
        return void res.end();
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

async function measure(
  browser: Browser,
  base: string,
  mode: 'ours' | 'three',
  file: string,
  size: number,
  rate = 0,
): Promise<Figures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const scan = rate ? `${file}?rate=${rate}` : file;
    await page.goto(`${base}/index.html?mode=${mode}&file=${encodeURIComponent(scan)}&size=${size}`);
    const handle = await page.waitForFunction(() => (window as { __bench?: unknown }).__bench, undefined, {
      timeout: 300_000,
      polling: 100,
    });
    const result = (await handle.jsonValue()) as Figures | { error: string };
    if ('error' in result) throw new Error(`${mode}: ${result.error}`);
    if (errors.length) throw new Error(`${mode}: ${errors.join('; ')}`);
    return result;
  } finally {
    await page.close();
  }
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'archway-bench-preview-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    out('bench:preview: building the harness (the viewer’s own modules, bundled by Vite)…');
    const dist = path.join(work, 'dist');
    await build({
      configFile: false,
      root: path.join(here, 'harness'),
      base: './',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: dist, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });

    const scans = new Map<string, string>();
    const sizes = new Map<string, number>();
    for (const triangles of [300_000, 2_000_000]) {
      const bytes = writePly(archJaw({ triangles, closed: true }));
      const name = `/scan/jaw-${triangles}.ply`;
      const file = path.join(work, `jaw-${triangles}.ply`);
      await writeFile(file, bytes);
      scans.set(name, file);
      sizes.set(name, bytes.length);
      out(
        `  ${name}: ${triangles.toLocaleString('en')} triangles, ${(bytes.length / MB).toFixed(1)} MB binary PLY`,
      );
    }
    const served = await serve(dist, scans);
    server = served.server;
    const small = '/scan/jaw-300000.ply';
    const large = '/scan/jaw-2000000.ply';

    const only = process.env.BENCH_PREVIEW_SETUPS?.split(',');
    const sections = process.env.BENCH_PREVIEW_SECTIONS?.split(',') ?? ['1', '2'];
    for (const [setup, args] of Object.entries(SETUPS).filter(([name]) => !only || only.includes(name))) {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [...args, '--disable-background-networking', '--no-first-run'],
      });
      // Warm-up: the first pages of a browser fill its caches (code, shaders).
      await measure(browser, served.base, 'ours', small, sizes.get(small)!);
      const warm = await measure(browser, served.base, 'three', small, sizes.get(small)!);
      out();
      out(
        `== ${setup} (${args.slice(1).join(' ')}); a page's first WebGL context: ${warm.firstContextMs.toFixed(0)} ms`,
      );
      if (sections.includes('1'))
        out(`1. 300,000 triangles: last byte → first full frame (median of ${RUNS}, ms)`);
      for (const [label, rate] of sections.includes('1') ? RATES : []) {
        const ours: number[] = [];
        const inWorker: number[] = [];
        const three: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const order = i % 2 ? (['three', 'ours'] as const) : (['ours', 'three'] as const);
          for (const mode of order) {
            const f = await measure(browser, served.base, mode, small, sizes.get(small)!, rate);
            (mode === 'ours' ? ours : three).push(f.firstFrame - f.lastByte);
            if (mode === 'ours' && f.received !== undefined) inWorker.push(f.received - f.lastByte);
          }
        }
        const o = median(ours);
        const t = median(three);
        out(
          `   ${label.padEnd(22)} viewer (worker) ${o.toFixed(0).padStart(6)}   three.js PLYLoader (main thread) ${t
            .toFixed(0)
            .padStart(
              6,
            )}   three/ours ${(t / o).toFixed(1)}×   (ours: ${median(inWorker).toFixed(0)} of it in the worker)`,
        );
      }
      if (sections.includes('2'))
        out(
          `2. 2,000,000 triangles: longest main-thread task, viewer opened → 1 s after its first full frame (ms; aim < 100)`,
        );
      for (const mode of sections.includes('2') ? (['ours', 'three'] as const) : []) {
        const longest: number[] = [];
        const frames: number[] = [];
        const firstParts: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const f = await measure(browser, served.base, mode, large, sizes.get(large)!);
          longest.push(longestAfterOpen(f));
          frames.push(f.firstFrame - f.lastByte);
          firstParts.push((f.firstPart ?? f.firstFrame) - f.lastByte);
          if (process.env.BENCH_PREVIEW_DEBUG)
            out(
              `   ${mode} long tasks (start − last byte + duration): ${f.tasks
                .filter(([start]) => start >= f.opened)
                .map(([start, d]) => `${(start - f.lastByte).toFixed(0)}+${d.toFixed(0)}`)
                .join(' ')}`,
            );
        }
        out(
          `   ${(mode === 'ours' ? 'viewer (worker)' : 'three.js PLYLoader').padEnd(22)} longest ${median(
            longest,
          )
            .toFixed(0)
            .padStart(
              6,
            )}   (runs ${longest.map((x) => x.toFixed(0)).join(', ')}; last byte → first part ${median(firstParts).toFixed(0)}, whole scan ${median(
            frames,
          ).toFixed(0)})`,
        );
      }
      await browser.close();
      browser = undefined;
    }
  } finally {
    await browser?.close();
    server?.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
