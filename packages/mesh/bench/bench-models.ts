/**
 * `npm run bench:models`: the model builder and the model comparison (issue 12) on generated jaws (archJaw) of
 * 300,000 triangles, in one process (a small warm-up first, so compiling is not measured):
 * 1. builder: buildModel with a horseshoe and a solid base — time, and checkMesh of the result (watertight,
 *    consistently oriented, volume);
 * 2. comparison of the jaw with a copy moved by a known rigid motion (5° about a skew axis, 2 mm along a skew
 *    direction) — time, the motion recovered (residual in degrees and mm), the RMS of the aligned identical copy
 *    against the aim of 0.1 % of the model's size (its bounding-box diagonal); and the same with a second scan of
 *    the jaw sampled differently (2/3 of the triangles, its scanner noise on other vertices), which has real
 *    distances;
 * 3. those distances against a brute-force nearest point (every triangle) on 2,000 sampled vertices;
 * 4. the nearest-point search: our BVH (with the previous vertex's triangle as its hint, as the comparison uses it,
 *    and without) against a plain uniform grid (cells about two edges wide, each triangle in every cell its box
 *    touches, searched in growing shells), built and queried in this run on the same queries: every vertex of the
 *    aligned second scan.
 * Times are medians of BENCH_MODELS_RUNS (3) runs, wall clock and this process's CPU time (the machine may be
 * shared). BENCH_QUICK=1: 30,000 triangles, one run. Writes bench-results/models.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { archJaw } from '../src/fixtures/jaw.ts';
import { compareMeshes } from '../src/compare/index.ts';
import { closestOnTriangle, TriangleBvh } from '../src/compare/bvh.ts';
import { sampleVertices } from '../src/compare/align.ts';
import { axisAngle, multiply, rigid, rotationAngle, type Transform } from '../src/compare/linalg.ts';
import { boxDiagonal } from '../src/compare/surface.ts';
import type { Mesh } from '../src/mesh.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const QUICK = process.env.BENCH_QUICK === '1';
const TRIANGLES = Number(process.env.BENCH_MODELS_TRIANGLES ?? (QUICK ? 30_000 : 300_000));
const RUNS = Number(process.env.BENCH_MODELS_RUNS ?? (QUICK ? 1 : 3));
const SAMPLE = 2000;
const out = (s = '') => process.stdout.write(`${s}\n`);

const MOTION = rigid(axisAngle([0.3, 0.5, 0.8], (5 * Math.PI) / 180), [
  2 / Math.sqrt(3),
  -2 / Math.sqrt(3),
  2 / Math.sqrt(3),
]);

interface Timed<T> {
  wall: number;
  cpu: number;
  value: T;
}

function timed<T>(f: () => T): Timed<T> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1e6, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** RUNS timings of f: median wall and CPU seconds, and the last run's value. */
function measure<T>(f: () => T): { wall: number; cpu: number; walls: number[]; value: T } {
  const runs: Timed<T>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(timed(f));
  return {
    wall: median(runs.map((r) => r.wall)),
    cpu: median(runs.map((r) => r.cpu)),
    walls: runs.map((r) => r.wall),
    value: runs.at(-1)!.value,
  };
}

function moved(mesh: Mesh, m: Transform): Mesh {
  const p = mesh.positions.slice();
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!;
    const y = p[i + 1]!;
    const z = p[i + 2]!;
    for (let k = 0; k < 3; k++)
      p[i + k] = m[k * 4]! * x + m[k * 4 + 1]! * y + m[k * 4 + 2]! * z + m[k * 4 + 3]!;
  }
  return { ...mesh, positions: p };
}

/** The moving scan's vertices under the transform, in float64 (exactly what the comparison measured). */
function alignedPoints(mesh: Mesh, m: Transform): Float64Array {
  const p = mesh.positions;
  const q = new Float64Array(p.length);
  for (let i = 0; i < p.length; i += 3)
    for (let k = 0; k < 3; k++)
      q[i + k] = m[k * 4]! * p[i]! + m[k * 4 + 1]! * p[i + 1]! + m[k * 4 + 2]! * p[i + 2]! + m[k * 4 + 3]!;
  return q;
}

/** Every triangle's corners, float64, nine numbers a triangle. */
function corners(mesh: Mesh): Float32Array {
  const p = mesh.positions;
  const idx = mesh.indices!;
  const t = new Float32Array(idx.length * 3);
  for (let i = 0; i < idx.length; i++) for (let a = 0; a < 3; a++) t[i * 3 + a] = p[idx[i]! * 3 + a]!;
  return t;
}

/** Brute force: the distance to the nearest point of every triangle. */
function bruteForce(t: Float32Array, x: number, y: number, z: number): number {
  let best = Infinity;
  for (let o = 0; o < t.length; o += 9) {
    const d = closestOnTriangle(t, o, x, y, z);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/**
 * The baseline: a plain uniform grid over the triangles. Cells about two mean edge lengths wide; each triangle is
 * listed in every cell its bounding box touches (one CSR array); a query scans shells of cells around its own at
 * growing Chebyshev radius r, testing each triangle once (a stamp), and stops when the best distance is within
 * r cells (nothing outside the scanned cube can be nearer).
 */
class UniformGrid {
  private readonly lo: number[];
  private readonly h: number;
  private readonly dims: number[];
  private readonly start: Uint32Array;
  private readonly list: Uint32Array;
  private readonly stamp: Uint32Array;
  private query = 0;

  constructor(
    private readonly t: Float32Array,
    positions: Float32Array,
  ) {
    const m = t.length / 9;
    let edge = 0;
    for (let o = 0; o < t.length; o += 9)
      edge += Math.hypot(t[o + 3]! - t[o]!, t[o + 4]! - t[o + 1]!, t[o + 5]! - t[o + 2]!);
    this.h = (2 * edge) / Math.max(1, m);
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i += 3)
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k]!, positions[i + k]!);
        hi[k] = Math.max(hi[k]!, positions[i + k]!);
      }
    this.lo = lo;
    this.dims = [0, 1, 2].map((k) => Math.floor((hi[k]! - lo[k]!) / this.h) + 1);
    const [nx, ny, nz] = this.dims as [number, number, number];
    const cells = nx * ny * nz;
    const count = new Uint32Array(cells + 1);
    const range = (o: number, k: number) => {
      const a = Math.min(t[o + k]!, t[o + 3 + k]!, t[o + 6 + k]!);
      const b = Math.max(t[o + k]!, t[o + 3 + k]!, t[o + 6 + k]!);
      return [this.index(a, k), this.index(b, k)] as const;
    };
    const each = (f: (cell: number, tri: number) => void) => {
      for (let tri = 0; tri < m; tri++) {
        const o = tri * 9;
        const [x0, x1] = range(o, 0);
        const [y0, y1] = range(o, 1);
        const [z0, z1] = range(o, 2);
        for (let z = z0; z <= z1; z++)
          for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) f((z * ny + y) * nx + x, tri);
      }
    };
    each((cell) => count[cell + 1]!++);
    for (let c = 0; c < cells; c++) count[c + 1] = count[c + 1]! + count[c]!;
    const fill = count.slice(0, cells);
    const list = new Uint32Array(count[cells]!);
    each((cell, tri) => (list[fill[cell]!++] = tri));
    this.start = count;
    this.list = list;
    this.stamp = new Uint32Array(m);
  }

  private index(x: number, k: number): number {
    return Math.min(this.dims[k]! - 1, Math.max(0, Math.floor((x - this.lo[k]!) / this.h)));
  }

  nearest(x: number, y: number, z: number): number {
    const [nx, ny, nz] = this.dims as [number, number, number];
    const cx = this.index(x, 0);
    const cy = this.index(y, 1);
    const cz = this.index(z, 2);
    const stamp = ++this.query;
    let best = Infinity;
    const limit = Math.max(nx, ny, nz);
    for (let r = 0; r <= limit; r++) {
      for (let k = cz - r; k <= cz + r; k++) {
        if (k < 0 || k >= nz) continue;
        for (let j = cy - r; j <= cy + r; j++) {
          if (j < 0 || j >= ny) continue;
          const shell = Math.abs(k - cz) === r || Math.abs(j - cy) === r;
          for (let i = cx - r; i <= cx + r; i += shell ? 1 : 2 * r || 1) {
            if (i < 0 || i >= nx) continue;
            const cell = (k * ny + j) * nx + i;
            for (let s = this.start[cell]!; s < this.start[cell + 1]!; s++) {
              const tri = this.list[s]!;
              if (this.stamp[tri] === stamp) continue;
              this.stamp[tri] = stamp;
              const d = closestOnTriangle(this.t, tri * 9, x, y, z);
              if (d < best) best = d;
            }
          }
        }
      }
      // Everything not yet tested lies outside the cube of cells scanned, at least r cells away.
      const reach = r * this.h;
      if (best <= reach * reach) break;
    }
    return best;
  }
}

const f3 = (x: number) => x.toFixed(3);
const sci = (x: number) => x.toExponential(2);

function comparison(name: string, reference: Mesh, scan: Mesh) {
  const input = moved(scan, MOTION);
  const run = measure(() => compareMeshes(reference, input, { seed: 1 }));
  const r = run.value;
  const e = multiply(r.transform, MOTION);
  return {
    name,
    triangles: scan.indices!.length / 3,
    vertices: scan.positions.length / 3,
    seconds: run.wall,
    cpuSeconds: run.cpu,
    runs: run.walls,
    rotationErrorDegrees: rotationAngle(e),
    translationErrorMm: Math.hypot(e[3]!, e[7]!, e[11]!),
    rms: r.rms,
    mean: r.mean,
    max: r.max,
    result: r,
    input,
  };
}

async function main() {
  out(
    `bench:models — generated jaws of ${TRIANGLES.toLocaleString('en')} triangles, median of ${RUNS} run(s)`,
  );
  // Wall time means little on a machine others are using: the load is printed, and CPU time shown beside it.
  const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  out(`   ${load()} at the start`);
  // Warm-up: compile the hot paths on a small jaw.
  const small = archJaw({ triangles: 20_000, seed: 2 });
  compareMeshes(small, moved(small, MOTION));

  const jaw = archJaw({ triangles: TRIANGLES, seed: 1 });
  const diagonal = boxDiagonal(jaw.positions);
  const report: Record<string, unknown> = {
    at: new Date().toISOString(),
    triangles: TRIANGLES,
    runs: RUNS,
    diagonal,
  };

  // 1. The model builder.
  out('\n1. Model builder (buildModel, then checkMesh of the result)');
  const model = await import('../src/model/index.ts').catch((err: unknown) => {
    out(`   not available: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  if (model) {
    const rows: Record<string, unknown>[] = [];
    out('   base        time (s)  cpu (s)  triangles  watertight  oriented  volume (mm³)');
    for (const baseKind of ['horseshoe', 'solid'] as const) {
      const run = measure(() => model.buildModel(jaw, { baseHeight: 5, baseKind }));
      const check = model.checkMesh(run.value);
      out(
        `   ${baseKind.padEnd(10)}  ${f3(run.wall).padStart(8)}  ${f3(run.cpu).padStart(7)}  ${String(check.triangles).padStart(9)}  ${String(check.watertight).padStart(10)}  ${String(check.consistentlyOriented).padStart(8)}  ${check.volume.toFixed(0).padStart(12)}`,
      );
      rows.push({ baseKind, seconds: run.wall, cpuSeconds: run.cpu, runs: run.walls, check });
    }
    report.builder = rows;
  }

  // 2. Comparisons.
  out(
    '\n2. Comparison with a copy moved by 5° and 2 mm (aim: under 3 s; RMS of an identical copy under 0.1 % of the size)',
  );
  const same = comparison('identical copy', jaw, jaw);
  const other = comparison(
    'second scan (2/3 of the triangles)',
    jaw,
    archJaw({ triangles: Math.round((TRIANGLES * 2) / 3), seed: 1 }),
  );
  out(
    '   scan                                time (s)  cpu (s)  rotation err (°)  translation err (mm)  RMS (mm)   RMS / size   max (mm)',
  );
  for (const c of [same, other])
    out(
      `   ${c.name.padEnd(34)}  ${f3(c.seconds).padStart(8)}  ${f3(c.cpuSeconds).padStart(7)}  ${sci(c.rotationErrorDegrees).padStart(16)}  ${sci(c.translationErrorMm).padStart(20)}  ${sci(c.rms).padStart(8)}  ${((c.rms / diagonal) * 100).toExponential(2).padStart(9)} %  ${sci(c.max).padStart(8)}`,
    );
  out(
    `   size (bounding-box diagonal) ${diagonal.toFixed(1)} mm: 0.1 % = ${(diagonal * 0.001).toFixed(3)} mm`,
  );
  report.comparison = [same, other].map(({ result: _r, input: _i, ...rest }) => rest);

  // 3. Distances against brute force.
  out(`\n3. Distances against a brute-force nearest point (every triangle) on ${SAMPLE} sampled vertices`);
  const t = corners(jaw);
  const accuracy: Record<string, unknown>[] = [];
  for (const c of [same, other]) {
    const points = alignedPoints(c.input, c.result.transform);
    let worst = 0;
    let signs = 0;
    let largest = 0;
    const t0 = performance.now();
    for (const v of sampleVertices(c.vertices, SAMPLE, 11)) {
      const d = bruteForce(t, points[v * 3]!, points[v * 3 + 1]!, points[v * 3 + 2]!);
      const ours = c.result.distances[v]!;
      worst = Math.max(worst, Math.abs(Math.abs(ours) - d));
      largest = Math.max(largest, d);
      if (Math.abs(ours) > 0) signs++;
    }
    const seconds = (performance.now() - t0) / 1000;
    out(
      `   ${c.name.padEnd(34)}  max |error| ${sci(worst)} mm  (distances up to ${sci(largest)} mm; brute force ${seconds.toFixed(1)} s)`,
    );
    accuracy.push({
      name: c.name,
      maxErrorMm: worst,
      largestMm: largest,
      bruteForceSeconds: seconds,
      nonZero: signs,
    });
  }
  report.accuracy = accuracy;

  // 4. Nearest-point search against the uniform grid baseline.
  out(
    '\n4. Nearest point: BVH against a plain uniform grid, same queries (every vertex of the aligned second scan)',
  );
  const queries = alignedPoints(other.input, other.result.transform);
  const n = queries.length / 3;
  const bvhBuild = measure(() => new TriangleBvh(jaw.positions, jaw.indices!));
  const bvh = bvhBuild.value;
  const answers = new Float64Array(n);
  const bvhHinted = measure(() => {
    let hint = -1;
    for (let i = 0; i < n; i++) {
      answers[i] = bvh.nearest(queries[i * 3]!, queries[i * 3 + 1]!, queries[i * 3 + 2]!, -1, hint);
      hint = bvh.slot;
    }
  });
  const bvhCold = measure(() => {
    for (let i = 0; i < n; i++) bvh.nearest(queries[i * 3]!, queries[i * 3 + 1]!, queries[i * 3 + 2]!);
  });
  const gridBuild = measure(() => new UniformGrid(t, jaw.positions));
  const grid = gridBuild.value;
  let disagree = 0;
  const gridQuery = measure(() => {
    disagree = 0;
    for (let i = 0; i < n; i++) {
      const d = grid.nearest(queries[i * 3]!, queries[i * 3 + 1]!, queries[i * 3 + 2]!);
      if (Math.abs(Math.sqrt(d) - Math.sqrt(answers[i]!)) > 1e-9) disagree++;
    }
  });
  const rows = [
    ['BVH, hinted (as used)', bvhBuild, bvhHinted],
    ['BVH, no hint', bvhBuild, bvhCold],
    ['uniform grid', gridBuild, gridQuery],
  ] as const;
  out(`   ${n.toLocaleString('en')} queries on ${(t.length / 9).toLocaleString('en')} triangles`);
  out('   structure               build (s)  queries (s)  µs/query  build+queries cpu (s)  grid ÷ this');
  const total = (b: { cpu: number }, q: { cpu: number }) => b.cpu + q.cpu;
  const gridTotal = total(gridBuild, gridQuery);
  const search: Record<string, unknown>[] = [];
  for (const [name, b, q] of rows) {
    out(
      `   ${name.padEnd(22)}  ${f3(b.wall).padStart(9)}  ${f3(q.wall).padStart(11)}  ${((q.cpu / n) * 1e6).toFixed(2).padStart(8)}  ${f3(total(b, q)).padStart(21)}  ${(gridTotal / total(b, q)).toFixed(2).padStart(10)}×`,
    );
    search.push({
      name,
      buildSeconds: b.wall,
      querySeconds: q.wall,
      buildCpuSeconds: b.cpu,
      queryCpuSeconds: q.cpu,
      gridRatio: gridTotal / total(b, q),
    });
  }
  out(`   answers that differ between the grid and the BVH: ${disagree}`);
  report.search = { queries: n, rows: search, disagree };

  out(`\n${load()} at the end`);
  report.loadAverage = loadavg();
  const file = path.join(repo, 'bench-results/models.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:models failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
