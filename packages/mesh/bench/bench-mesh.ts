/**
 * `npm run bench:mesh`: conversion speed and memory, side by side in one run, on generated jaws (archJaw) of 300,000
 * and 2,000,000 triangles written as binary PLY (with colours) and binary STL:
 * - `mesh`: @archway/mesh PLY→STL, and STL→PLY welded;
 * - `three`: three.js PLYLoader + STLExporter, and STLLoader + mergeVertices + PLYExporter (dev dependency only);
 * - `floor`: read the input file and write an output file of the same size as ours (what the disk allows).
 * Each measurement runs in a fresh child process, its modules loaded before the clock starts; its peak resident
 * memory above what it held before reading the input is what the conversion needed. The median of
 * BENCH_MESH_RUNS (3) is kept. Ratios are to the floor. Aims (issue 8): PLY→STL ≥ 4× faster than three.js and
 * within 1.5× of the floor; STL→PLY welded ≥ 10× faster than three.js + mergeVertices; peak memory under
 * 2.5 × (input + output). BENCH_MESH_SIZES (300000,2000000) picks the sizes. Writes bench-results/mesh.json.
 * `npm run bench:mesh` then runs `bench:preview` (apps/web/bench/bench-preview.ts): the browser preview's figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const RUNS = Number(process.env.BENCH_MESH_RUNS ?? 3);
const SIZES = (process.env.BENCH_MESH_SIZES ?? '300000,2000000').split(',').map(Number);
const MB = 1024 * 1024;
const out = (s = '') => process.stdout.write(`${s}\n`);

type Task = 'ply-stl' | 'stl-ply';
type Tool = 'mesh' | 'three' | 'floor';
interface Measure {
  seconds: number;
  peakMb: number;
  outBytes: number;
}

// ---- the child: one conversion, timed from reading the input to the output written ---------------------------

async function child(tool: Tool, task: Task, input: string, output: string, floorBytes: number) {
  // Modules first: neither loading nor compiling them is part of the measure.
  const read = await import('../src/read/index.ts');
  const write = await import('../src/write/index.ts');
  if (tool === 'three') await loadThree();
  const startMb = process.memoryUsage().rss / MB;
  const t0 = performance.now();
  const bytes = new Uint8Array(await readFile(input));
  let result: Uint8Array;
  if (tool === 'floor') result = new Uint8Array(floorBytes).fill(1);
  else if (tool === 'mesh')
    result =
      task === 'ply-stl'
        ? write.writeStl(read.readPly(bytes))
        : write.writePly(read.readStl(bytes, { weld: true }));
  else result = await viaThree(task, bytes);
  await writeFile(output, result);
  const seconds = (performance.now() - t0) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ seconds, peakMb: peakMb - startMb, outBytes: result.length }));
}

async function loadThree() {
  const [THREE, ply, stl, plyOut, stlOut, utils] = await Promise.all([
    import('three'),
    import('three/examples/jsm/loaders/PLYLoader.js'),
    import('three/examples/jsm/loaders/STLLoader.js'),
    import('three/examples/jsm/exporters/PLYExporter.js'),
    import('three/examples/jsm/exporters/STLExporter.js'),
    import('three/examples/jsm/utils/BufferGeometryUtils.js'),
  ]);
  // PLYExporter hands its result over in the next animation frame; Node has none.
  (globalThis as { requestAnimationFrame?: (cb: () => void) => unknown }).requestAnimationFrame ??= (cb) =>
    setTimeout(cb, 0);
  return { THREE, ...ply, ...stl, ...plyOut, ...stlOut, ...utils };
}

async function viaThree(task: Task, bytes: Uint8Array): Promise<Uint8Array> {
  const { THREE, PLYLoader, STLLoader, PLYExporter, STLExporter, mergeVertices } = await loadThree();
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  if (task === 'ply-stl') {
    const geometry = new PLYLoader().parse(buffer);
    const stl = new STLExporter().parse(new THREE.Mesh(geometry), { binary: true }) as unknown as DataView;
    return new Uint8Array(stl.buffer, stl.byteOffset, stl.byteLength);
  }
  const geometry = mergeVertices(new STLLoader().parse(buffer).deleteAttribute('normal'));
  const ply = await new Promise<ArrayBuffer>((resolve) =>
    new PLYExporter().parse(new THREE.Mesh(geometry), (r) => resolve(r as ArrayBuffer), {
      binary: true,
      excludeAttributes: ['normal', 'uv'],
    }),
  );
  return new Uint8Array(ply);
}

// ---- the parent ---------------------------------------------------------------------------------------------

function measure(tool: Tool, task: Task, input: string, output: string, floorBytes = 0): Measure {
  execFileSync('sync');
  const json = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      'child',
      tool,
      task,
      input,
      output,
      String(floorBytes),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(json) as Measure;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { archJaw } = await import('../src/fixtures/jaw.ts');
  const { writePly, writeStl } = await import('../src/write/index.ts');
  const dir = await mkdtemp(path.join(tmpdir(), 'archway-bench-mesh-'));
  const report: Record<string, unknown>[] = [];
  try {
    for (const triangles of SIZES) {
      const jaw = archJaw({ triangles, seed: 1 });
      const ply = path.join(dir, `jaw-${triangles}.ply`);
      const stl = path.join(dir, `jaw-${triangles}.stl`);
      await writeFile(ply, writePly(jaw));
      await writeFile(stl, writeStl(jaw));
      const n = jaw.indices ? jaw.indices.length / 3 : jaw.positions.length / 9;
      out(
        `\n== ${n.toLocaleString('en')} triangles: PLY ${((await stat(ply)).size / MB).toFixed(1)} MB, STL ${((await stat(stl)).size / MB).toFixed(1)} MB ==`,
      );
      for (const [task, input] of [
        ['ply-stl', ply],
        ['stl-ply', stl],
      ] as const) {
        const runs: Record<Tool, Measure[]> = { mesh: [], three: [], floor: [] };
        const output = path.join(dir, 'out.bin');
        for (let i = 0; i < RUNS; i++) {
          runs.mesh.push(measure('mesh', task, input, output));
          runs.floor.push(measure('floor', task, input, output, runs.mesh[0]!.outBytes));
          runs.three.push(measure('three', task, input, output));
        }
        const inBytes = (await stat(input)).size;
        const row: Record<string, unknown> = { triangles: n, task };
        const floorS = median(runs.floor.map((r) => r.seconds));
        for (const tool of ['mesh', 'three', 'floor'] as const) {
          const s = median(runs[tool].map((r) => r.seconds));
          const peak = Math.max(...runs[tool].map((r) => r.peakMb));
          const budget = (2.5 * (inBytes + runs[tool][0]!.outBytes)) / MB;
          row[tool] = {
            seconds: s,
            toFloor: s / floorS,
            peakMb: peak,
            memoryBudgetMb: budget,
            runs: runs[tool],
          };
          out(
            `  ${task} ${tool.padEnd(5)} ${s.toFixed(2)} s  ×${(s / floorS).toFixed(2)} of the floor  peak ${peak.toFixed(0)} MB (2.5 × in+out = ${budget.toFixed(0)} MB)`,
          );
        }
        const meshS = median(runs.mesh.map((r) => r.seconds));
        const threeS = median(runs.three.map((r) => r.seconds));
        out(`  ${task}: @archway/mesh is ${(threeS / meshS).toFixed(1)}× faster than three.js`);
        row.speedupOverThree = threeS / meshS;
        report.push(row);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const file = path.join(repo, 'bench-results/mesh.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), report }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
}

const [mode, tool, task, input, output, floorBytes] = process.argv.slice(2);
(mode === 'child' ? child(tool as Tool, task as Task, input!, output!, Number(floorBytes)) : main()).catch(
  (err: unknown) => {
    process.stderr.write(`bench:mesh failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
