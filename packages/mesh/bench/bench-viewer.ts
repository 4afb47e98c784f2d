/**
 * `npm run bench:viewer`: the 3D viewer's geometry (issue 25), on generated jaws (archJaw).
 * - Picking on a 2,000,000-triangle jaw: the TriangleBvh's build time, then 1,000 rays as a pointer moving over the
 *   scan gives them (from camera positions on an orbit around the jaw toward random points of its surface), each
 *   timed: median and max ms per pick with the tree, against brute force (every triangle) on the first 20 of the same
 *   rays in the same run, with the ratio of the medians; every brute answer is checked against the tree's. Aim:
 *   under 8 ms per pick.
 * - The occlusion map (occlusionMap) of an upper and a lower 300,000-triangle jaw in occlusion (archJaw's `bite`),
 *   computed in a worker_threads Worker as the browser does in a Web Worker: the time from posting the jaws to
 *   receiving the result (the worker's modules loaded and run once on a small pair before the clock starts), and meanwhile the main thread's
 *   longest blocked interval (a setInterval of 5 ms: the largest lateness of a tick). Aims: under 1.5 s, under
 *   100 ms. Then the same with two workers, one side each (jawOcclusion: the sides are independent), checked to
 *   give the same distances. Then the distances of 2,000 sampled vertices (1,000 of each jaw) against a brute-force nearest point
 *   over every triangle of the other jaw: the largest difference in µm (aim: under 1).
 * BENCH_VIEWER_PICK (2000000) and BENCH_VIEWER_BITE (300000) set the sizes. Writes bench-results/viewer.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { random } from '../src/compare/align.ts';
import { closestOnTriangle, TriangleBvh } from '../src/compare/bvh.ts';
import { archJaw } from '../src/fixtures/jaw.ts';
import { raycastBrute } from '../src/viewer/raycast-brute.ts';
import {
  jawOcclusion,
  occlusionMap,
  type Jaw,
  type JawOcclusion,
  type OcclusionResult,
} from '../src/viewer/occlusion.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const PICK = Number(process.env.BENCH_VIEWER_PICK ?? 2_000_000);
const BITE = Number(process.env.BENCH_VIEWER_BITE ?? 300_000);
const RAYS = 1000;
const BRUTE_RAYS = 20;
const SAMPLES = 2000;
const out = (s = '') => process.stdout.write(`${s}\n`);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number, digits = 2) => x.toFixed(digits);

// ---- picking ---------------------------------------------------------------------------------------------------

function picking() {
  const jaw = archJaw({ triangles: PICK, seed: 1 });
  const { positions } = jaw;
  const indices = jaw.indices!;
  const m = indices.length / 3;
  let t0 = performance.now();
  const bvh = new TriangleBvh(positions, indices);
  const buildMs = performance.now() - t0;

  // The box's centre and size: the orbit is 1.5 diagonals out, above the occlusal plane as a viewer looks.
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, positions[i + k]!);
      hi[k] = Math.max(hi[k]!, positions[i + k]!);
    }
  const centre = [0, 1, 2].map((k) => (lo[k]! + hi[k]!) / 2);
  const radius = 1.5 * Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const rnd = random(25);
  const rays: number[][] = [];
  let theta = 0;
  let phi = 0.6;
  for (let i = 0; i < RAYS; i++) {
    // The camera drifts along its orbit; the pointer lands on a random point of a random triangle.
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
    const target = [0, 1, 2].map((k) => {
      const a = positions[indices[t * 3]! * 3 + k]!;
      const b = positions[indices[t * 3 + 1]! * 3 + k]!;
      const c = positions[indices[t * 3 + 2]! * 3 + k]!;
      return a + (b - a) * u + (c - a) * v;
    });
    rays.push([...o, target[0]! - o[0]!, target[1]! - o[1]!, target[2]! - o[2]!]);
  }
  const bvhMs: number[] = [];
  const answers: { hit: boolean; triangle: number; t: number }[] = [];
  let hits = 0;
  let tested = 0;
  for (const r of rays) {
    t0 = performance.now();
    const hit = bvh.raycast(r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!);
    bvhMs.push(performance.now() - t0);
    answers.push({ hit, triangle: bvh.triangle, t: bvh.hitT });
    if (hit) hits++;
    tested += bvh.tested;
  }
  const bruteMs: number[] = [];
  let agree = 0;
  for (let i = 0; i < BRUTE_RAYS; i++) {
    const r = rays[i]!;
    t0 = performance.now();
    const b = raycastBrute(positions, indices, r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!);
    bruteMs.push(performance.now() - t0);
    const a = answers[i]!;
    if (b ? a.hit && a.triangle === b.triangle && Math.abs(a.t - b.t) <= 1e-6 * b.t : !a.hit) agree++;
  }
  const result = {
    triangles: m,
    buildMs,
    rays: RAYS,
    hits,
    testedPerRay: tested / RAYS,
    bvh: {
      medianMs: median(bvhMs),
      p99Ms: quantile(bvhMs, 0.99),
      maxMs: Math.max(...bvhMs),
      firstMs: bvhMs[0]!,
    },
    brute: { rays: BRUTE_RAYS, medianMs: median(bruteMs), maxMs: Math.max(...bruteMs), agree },
    speedup: median(bruteMs) / median(bvhMs),
  };
  out(`\n== picking: ${m.toLocaleString('en')} triangles ==`);
  out(`  BVH build            ${fmt(buildMs, 0)} ms`);
  out(
    `  pick, BVH            median ${fmt(result.bvh.medianMs, 3)} ms  p99 ${fmt(result.bvh.p99Ms, 3)} ms  max ${fmt(result.bvh.maxMs, 3)} ms (the first, cold: ${fmt(result.bvh.firstMs, 2)})  (${RAYS} rays, ${hits} hits, ${fmt(result.testedPerRay, 1)} triangles tested a ray)`,
  );
  out(
    `  pick, brute force    median ${fmt(result.brute.medianMs, 1)} ms  max ${fmt(result.brute.maxMs, 1)} ms  (first ${BRUTE_RAYS} rays; ${agree}/${BRUTE_RAYS} the same answer)`,
  );
  out(`  BVH / brute force    ${fmt(result.speedup, 0)}× faster (aim: a pick under 8 ms)`);
  return result;
}

// ---- the bite, in workers --------------------------------------------------------------------------------------

type Job = { kind: 'map'; upper: Jaw; lower: Jaw } | { kind: 'side'; jaw: Jaw; other: Jaw };
interface WorkerAnswer {
  map?: OcclusionResult;
  side?: JawOcclusion;
  computeMs: number;
}

function workerMain() {
  parentPort!.on('message', (job: Job) => {
    const t0 = performance.now();
    const answer: WorkerAnswer =
      job.kind === 'map'
        ? { map: occlusionMap(job.upper, job.lower), computeMs: 0 }
        : { side: jawOcclusion(job.jaw, job.other), computeMs: 0 };
    answer.computeMs = performance.now() - t0;
    const sides = answer.map ? [answer.map.upper, answer.map.lower] : [answer.side!];
    const transfer = sides.flatMap((s) => [s.distances.buffer, s.colors.buffer, s.histogram.counts.buffer]);
    parentPort!.postMessage(answer, transfer as ArrayBuffer[]);
  });
  parentPort!.postMessage('ready');
}

/** A worker with its modules loaded (tsx registered in it: a .ts file cannot be a Worker's entry as is). */
async function startWorker(): Promise<{ worker: Worker; ms: number }> {
  const t0 = performance.now();
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const self = JSON.stringify(import.meta.url);
  const worker = new Worker(`import(${tsx}).then((api) => { api.register(); return import(${self}); });`, {
    eval: true,
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return { worker, ms: performance.now() - t0 };
}

function ask(worker: Worker, job: Job, transfer: ArrayBuffer[] = []): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(job, transfer);
  });
}

/** Runs `work` with a 5 ms timer on the main thread: how late its ticks come is how long the thread was blocked. */
async function probed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; maxLag: number }> {
  let last = performance.now();
  let maxLag = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  clearInterval(probe);
  return { value, ms, maxLag };
}

const copyJaw = (jaw: Jaw): Jaw => ({ positions: jaw.positions.slice(), indices: jaw.indices.slice() });

async function bite() {
  const upper = archJaw({ triangles: BITE, seed: 2, upper: true, bite: 0.02 }) as Jaw;
  const lower = archJaw({ triangles: BITE, seed: 2 }) as Jaw;
  const [a, b] = [await startWorker(), await startWorker()];
  // Both workers compile their code on a small pair first, so that neither timed run pays for it alone.
  const small = {
    upper: archJaw({ triangles: 5000, upper: true, bite: 0 }) as Jaw,
    lower: archJaw({ triangles: 5000 }) as Jaw,
  };
  await Promise.all([a, b].map(({ worker }) => ask(worker, { kind: 'map', ...small })));

  // One worker, both sides (the jaws' copies transferred to it).
  const one = { upper: copyJaw(upper), lower: copyJaw(lower) };
  const single = await probed(() =>
    ask(a.worker, { kind: 'map', ...one }, [
      one.upper.positions.buffer,
      one.upper.indices.buffer,
      one.lower.positions.buffer,
      one.lower.indices.buffer,
    ] as ArrayBuffer[]),
  );
  // Two workers, a side each (the sides are independent): each gets both jaws, copied by postMessage.
  const double = await probed(() =>
    Promise.all([
      ask(a.worker, { kind: 'side', jaw: upper, other: lower }),
      ask(b.worker, { kind: 'side', jaw: lower, other: upper }),
    ]),
  );
  await Promise.all([a.worker.terminate(), b.worker.terminate()]);
  const result = single.value.map!;
  const [upperSide, lowerSide] = double.value.map((v) => v.side!);
  const same =
    upperSide!.distances.every((d, i) => d === result.upper.distances[i]) &&
    lowerSide!.distances.every((d, i) => d === result.lower.distances[i]);

  // Accuracy: 1,000 vertices of each jaw against every triangle of the other.
  let worst = 0;
  const t = new Float64Array(9);
  const rnd = random(7);
  for (const [jaw, other, side] of [
    [upper, lower, result.upper],
    [lower, upper, result.lower],
  ] as const) {
    const n = jaw.positions.length / 3;
    for (let s = 0; s < SAMPLES / 2; s++) {
      const v = Math.floor(rnd() * n);
      const px = jaw.positions[v * 3]!;
      const py = jaw.positions[v * 3 + 1]!;
      const pz = jaw.positions[v * 3 + 2]!;
      let best = Infinity;
      const { positions, indices } = other;
      for (let i = 0; i < indices.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          const c = indices[i + k]! * 3;
          t[k * 3] = positions[c]!;
          t[k * 3 + 1] = positions[c + 1]!;
          t[k * 3 + 2] = positions[c + 2]!;
        }
        const d = closestOnTriangle(t, 0, px, py, pz);
        if (d < best) best = d;
      }
      worst = Math.max(worst, Math.abs(Math.abs(side.distances[v]!) - Math.sqrt(best)));
    }
  }
  const summary = {
    triangles: { upper: upper.indices.length / 3, lower: lower.indices.length / 3 },
    workerStartMs: a.ms,
    oneWorker: { totalMs: single.ms, computeMs: single.value.computeMs, mainThreadMaxLagMs: single.maxLag },
    twoWorkers: {
      totalMs: double.ms,
      computeMs: double.value.map((v) => v.computeMs),
      mainThreadMaxLagMs: double.maxLag,
      sameDistances: same,
    },
    accuracy: { samples: SAMPLES, maxDiffMicrometres: worst * 1000 },
    upper: { minClearance: result.upper.minClearance, contactArea: result.upper.contactArea },
    lower: { minClearance: result.lower.minClearance, contactArea: result.lower.contactArea },
  };
  out(
    `\n== bite: ${summary.triangles.upper.toLocaleString('en')} + ${summary.triangles.lower.toLocaleString('en')} triangles, archJaw bite 0.02 mm ==`,
  );
  out(
    `  worker start         ${fmt(a.ms, 0)} ms (loading its modules, then a 5,000-triangle pair: before the clock)`,
  );
  out(
    `  one worker           ${fmt(single.ms, 0)} ms posted → received (${fmt(single.value.computeMs, 0)} in the worker; aim < 1500); main thread blocked ${fmt(single.maxLag, 1)} ms at most (aim < 100)`,
  );
  out(
    `  two workers (a side) ${fmt(double.ms, 0)} ms posted → received (${double.value.map((v) => fmt(v.computeMs, 0)).join(' + ')} in each); main thread blocked ${fmt(double.maxLag, 1)} ms at most; ${same ? 'the same distances' : 'DIFFERENT distances'}`,
  );
  out(`  vs brute force       ${fmt(worst * 1000, 4)} µm at most over ${SAMPLES} sampled vertices (aim < 1)`);
  out(
    `  min clearance        upper ${fmt(result.upper.minClearance, 4)} mm, lower ${fmt(result.lower.minClearance, 4)} mm; contact area ${fmt(result.upper.contactArea, 3)} / ${fmt(result.lower.contactArea, 3)} mm²`,
  );
  return summary;
}

async function main() {
  // The bite first: the picking's two million triangles, garbage afterwards, would be collected on the main thread
  // while the probe watches it.
  const occlusion = await bite();
  const pick = picking();
  const file = path.join(repo, 'bench-results/viewer.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), pick, occlusion }, null, 2));
  out(`\nwritten ${path.relative(repo, file)}`);
}

if (isMainThread)
  main().catch((err: unknown) => {
    process.stderr.write(`bench:viewer failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
else workerMain();
