/**
 * The file half of `npm run bench:cases`: a 200 MB scan through tus into a case, and a 500 MB case downloaded as a
 * zip, each against a plain streamed copy of a file of the same size on the same disk (the baseline, in the same
 * run, alternated with the measured runs: median of BENCH_FILES_RUNS), with the server's resident memory sampled
 * every 20 ms (peak above its idle figure just before). The server runs in its own process on the embedded defaults
 * (the embedded PostgreSQL and local storage under DATA_DIR) with the demo data; the demo clinic uploads for its scanner D10000001.
 * BENCH_FILES_DIR picks the disk (default the system's temporary directory), BENCH_SCAN_MB and BENCH_ARCHIVE_MB the
 * sizes.
 *
 * Then ten scans at once (issue 35): BENCH_TEN_FILES (10) scans of BENCH_TEN_MB (62) MB, each uploaded as the clients
 * do (tus creation, PATCHes of BENCH_UPLOAD_CHUNK_MB, a comma list, default `4,32`: the web's 4 MB and the scanner's
 * 32 MB, one after another, then the completion call with the sha256 the client computed beforehand), all ten at
 * once, against ten streamed copies of the same files at once on the same disk (plain, and flushed to the disk as the
 * server flushes a scan), in BENCH_TEN_ROUNDS (3) alternating rounds; the ratio is copy time / upload time (medians).
 * BENCH_FILES_PARTS (`scan,ten,archive`) picks the parts; BENCH_FILES_CPU_PROF=<dir> writes the server's CPU profile there.
 * Writes bench-results/uploads.json.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { startServer, type Server } from './child.ts';
import { discardDataDir } from '../src/platform/db/embedded.ts';

const env = process.env;
const MB = 1024 * 1024;
const RUNS = Number(env.BENCH_FILES_RUNS ?? 3);
const SCAN_MB = Number(env.BENCH_SCAN_MB ?? 200);
const ARCHIVE_MB = Number(env.BENCH_ARCHIVE_MB ?? 500);
const TEN_FILES = Number(env.BENCH_TEN_FILES ?? 10);
const TEN_MB = Number(env.BENCH_TEN_MB ?? 62);
const TEN_ROUNDS = Number(env.BENCH_TEN_ROUNDS ?? 3);
const CHUNKS_MB = (env.BENCH_UPLOAD_CHUNK_MB ?? '4,32').split(',').map(Number);
const FILE_PARTS = (env.BENCH_FILES_PARTS ?? 'scan,ten,archive').split(',').map((p) => p.trim());
const repo = new URL('../../../', import.meta.url).pathname;
const out = (s = '') => process.stdout.write(`${s}\n`);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function call(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: string | NodeJS.ReadableStream,
  sink?: NodeJS.WritableStream,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      if (sink && res.statusCode === 200) {
        pipeline(res, sink).then(() => resolve({ status: 200, headers: res.headers, body: '' }), reject);
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body === undefined || typeof body === 'string') req.end(body);
    else pipeline(body, req).catch(reject);
  });
}

/** A binary STL of about `mb` MB (its triangle count matches its size, as the server checks). */
export async function writeScan(file: string, mb: number): Promise<number> {
  const triangles = Math.floor((mb * MB - 84) / 50);
  const handle = await open(file, 'w');
  try {
    const head = Buffer.alloc(84);
    head.write('archway bench scan');
    head.writeUInt32LE(triangles, 80);
    await handle.write(head);
    const block = Buffer.alloc(50 * 20_000);
    for (let i = 0; i < block.length; i += 4) block.writeFloatLE((i % 997) / 10, i);
    let left = triangles * 50;
    while (left > 0) {
      const n = Math.min(left, block.length);
      await handle.write(block, 0, n);
      left -= n;
    }
  } finally {
    await handle.close();
  }
  return 84 + triangles * 50;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs `work` while sampling the server's resident memory: the time it took and the peak above `idle`. */
async function measured<T>(
  server: Server,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; idleMb: number; peakAboveIdleMb: number }> {
  settle();
  await new Promise((r) => setTimeout(r, 500));
  const idle = await server.rssBytes();
  let peak = idle;
  const timer = setInterval(() => {
    server.rssBytes().then(
      (b) => (peak = Math.max(peak, b)),
      () => undefined,
    );
  }, 20);
  const t0 = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - t0) / 1000,
      idleMb: idle / MB,
      peakAboveIdleMb: (peak - idle) / MB,
    };
  } finally {
    clearInterval(timer);
  }
}

/** A streamed copy; `durable` flushes it to the disk before it counts as done (as the server does with a scan). */
async function plainCopy(from: string, to: string, durable = false): Promise<number> {
  settle();
  const t0 = performance.now();
  await pipeline(createReadStream(from), createWriteStream(to, { flush: durable }));
  const seconds = (performance.now() - t0) / 1000;
  await rm(to);
  return seconds;
}

/** How long the last upload took to its last byte (creation and PATCH, before the completion call). */
let lastPatchS = 0;

/** tus creation, PATCHes of `chunk` bytes (default: one with the whole file), then the completion call: the case's id. */
export async function uploadCase(
  port: number,
  token: string,
  file: string,
  size: number,
  sha256: string,
  chunk?: number,
): Promise<string> {
  const t0 = performance.now();
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await call(port, 'POST', '/api/case/upload/', {
    ...auth,
    'upload-length': size,
    'upload-metadata': `filename ${Buffer.from('scan.stl').toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.body}`);
  const id = String(created.headers.location).split('/').pop()!;
  const step = chunk ?? size;
  for (let offset = 0; offset < size; offset += step) {
    const end = Math.min(size, offset + step);
    const patched = await call(
      port,
      'PATCH',
      `/api/case/upload/${id}`,
      {
        ...auth,
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': end - offset,
      },
      createReadStream(file, { start: offset, end: end - 1, highWaterMark: MB }),
    );
    if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${patched.body}`);
  }
  lastPatchS = (performance.now() - t0) / 1000;
  const done = await call(
    port,
    'POST',
    '/api/case/upload/complete',
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    JSON.stringify({
      device: 'D10000001',
      order: { caseType: 3, patientName: 'Bench Patient' },
      // Demo Lab's published order form (demo/seed-orders.ts) asks for a material.
      orderFields: { Material: 'zirconia' },
      files: [{ uploadId: id, name: 'scan.stl', sha256 }],
    }),
  );
  const answer = JSON.parse(done.body) as { success: boolean; data?: { id: string }; message?: string };
  if (!answer.success || !answer.data) throw new Error(`complete: ${done.body}`);
  return answer.data.id;
}

/** Writes out what earlier runs left in the page cache, so that no run pays for the one before. */
const settle = () => execFileSync('sync');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Ten streamed copies at once (`to` each file's copy); `durable` flushes each before it counts as done. */
async function copiesAtOnce(files: string[], to: (file: string) => string, durable = false): Promise<number> {
  settle();
  const t0 = performance.now();
  await Promise.all(
    files.map((f) => pipeline(createReadStream(f), createWriteStream(to(f), { flush: durable }))),
  );
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(files.map((f) => rm(to(f))));
  return seconds;
}

/**
 * Ten scans uploaded at once as the clients do, against ten copies at once of the same files on the same disk,
 * alternating, per chunk size: the ratio copy / upload (medians), the server's CPU per upload and its memory peak.
 */
/** CPU time (user + system) of the server's main thread so far, in ms (Linux /proc; ticks of 10 ms). */
async function mainThreadCpuMs(server: Server): Promise<number> {
  const pid = server.child.pid;
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function runTen(server: Server, token: string, dir: string): Promise<Record<string, unknown>> {
  const files: { file: string; size: number; sha256: string }[] = [];
  for (let i = 0; i < TEN_FILES; i++) {
    const file = path.join(dir, `ten-${i}.stl`);
    const size = await writeScan(file, TEN_MB);
    files.push({ file, size, sha256: await sha256Of(file) });
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  const copyTo = (f: string) => `${f}.copy`;
  const load = () => loadavg().map((l) => Number(l.toFixed(2)));
  const results: Record<string, unknown> = {};
  for (const chunkMb of CHUNKS_MB) {
    const copies: number[] = [];
    const durable: number[] = [];
    const uploads: number[] = [];
    const cpu: number[] = [];
    /** CPU of the server's main thread alone (the request path: no preview images, no libuv pool). */
    const mainCpu: number[] = [];
    /** CPU of this process for the ten plain copies (they run here): the load-independent side of the ratio. */
    const copyCpu: number[] = [];
    let peak = 0;
    const loadBefore = load();
    for (let round = 0; round < TEN_ROUNDS; round++) {
      // Alternate which side goes first, so that neither always runs after the other.
      const copy = async () => {
        const cpu0 = process.cpuUsage();
        copies.push(
          await copiesAtOnce(
            files.map((f) => f.file),
            copyTo,
          ),
        );
        const used = process.cpuUsage(cpu0);
        copyCpu.push((used.user + used.system) / 1000);
        durable.push(
          await copiesAtOnce(
            files.map((f) => f.file),
            copyTo,
            true,
          ),
        );
      };
      const upload = async () => {
        const cpu0 = await server.cpuMs();
        const main0 = await mainThreadCpuMs(server);
        const m = await measured(server, () =>
          Promise.all(
            files.map((f) => uploadCase(server.port, token, f.file, f.size, f.sha256, chunkMb * MB)),
          ),
        );
        cpu.push((await server.cpuMs()) - cpu0);
        mainCpu.push((await mainThreadCpuMs(server)) - main0);
        uploads.push(m.seconds);
        peak = Math.max(peak, m.peakAboveIdleMb);
      };
      if (round % 2 === 0) {
        await copy();
        await upload();
      } else {
        await upload();
        await copy();
      }
    }
    const copyS = median(copies);
    const durableS = median(durable);
    const uploadS = median(uploads);
    const figures = {
      files: TEN_FILES,
      bytes: total,
      chunkMb,
      copyS: copies,
      durableCopyS: durable,
      uploadS: uploads,
      ratio: copyS / uploadS,
      durableRatio: durableS / uploadS,
      serverCpuMsPerUpload: median(cpu) / TEN_FILES,
      serverMainThreadCpuMsPerUpload: median(mainCpu) / TEN_FILES,
      serverCpuMsPerMb: median(cpu) / (total / MB),
      copyCpuMsPerFile: median(copyCpu) / TEN_FILES,
      peakAboveIdleMb: peak,
      loadavg: { before: loadBefore, after: load() },
    };
    results[`chunk${chunkMb}MB`] = figures;
    out(
      `  ${TEN_FILES} × ${TEN_MB} MB at once, ${chunkMb} MB PATCHes: copy ${copyS.toFixed(2)} s ` +
        `(${(total / MB / copyS).toFixed(0)} MB/s), flushed copy ${durableS.toFixed(2)} s; uploads ${uploadS.toFixed(2)} s ` +
        `(${(total / MB / uploadS).toFixed(0)} MB/s); ratio ${figures.ratio.toFixed(2)} (aim ≥ 0.5), against the flushed copy ` +
        `${figures.durableRatio.toFixed(2)}; server CPU ${figures.serverCpuMsPerUpload.toFixed(0)} ms per upload, main thread ${figures.serverMainThreadCpuMsPerUpload.toFixed(0)} ms (a copy ${figures.copyCpuMsPerFile.toFixed(0)} ms); ` +
        `memory +${peak.toFixed(0)} MB; load ${loadBefore.join(' ')} → ${figures.loadavg.after.join(' ')}`,
    );
  }
  await Promise.all(files.map((f) => rm(f.file)));
  return results;
}

export async function runFiles(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(env.BENCH_FILES_DIR ?? tmpdir(), 'archway-bench-files-'));
  out(`\n== files: local storage and the embedded PostgreSQL under ${dir} ==`);
  const server = await startServer(
    {
      DATA_DIR: path.join(dir, 'data'),
      ARCHWAY_DEMO: 'true',
      ARCHWAY_DEMO_CASES: 'true',
    },
    // BENCH_FILES_CPU_PROF=<dir>: the server's CPU profile, written there as it stops.
    env.BENCH_FILES_CPU_PROF
      ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_FILES_CPU_PROF}`] }
      : {},
  );
  try {
    const signed = await call(
      server.port,
      'POST',
      '/account/token',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'clinic', password: 'demo123' }),
    );
    const token = (JSON.parse(signed.body) as { data: { AccessToken: string } }).data.AccessToken;
    const report: Record<string, unknown> = {};

    // ---- a scan through tus --------------------------------------------------------------------------
    if (FILE_PARTS.includes('scan')) {
      const scan = path.join(dir, 'scan.stl');
      const scanSize = await writeScan(scan, SCAN_MB);
      const scanHash = await sha256Of(scan);
      const copies: number[] = [];
      const durableCopies: number[] = [];
      const patches: number[] = [];
      const uploads: Awaited<ReturnType<typeof measured>>[] = [];
      for (let i = 0; i < RUNS; i++) {
        copies.push(await plainCopy(scan, path.join(dir, 'copy.stl')));
        durableCopies.push(await plainCopy(scan, path.join(dir, 'copy.stl'), true));
        uploads.push(await measured(server, () => uploadCase(server.port, token, scan, scanSize, scanHash)));
        patches.push(lastPatchS);
      }
      const copyS = median(copies);
      const durableS = median(durableCopies);
      const uploadS = median(uploads.map((u) => u.seconds));
      const uploadPeak = Math.max(...uploads.map((u) => u.peakAboveIdleMb));
      out(
        `  ${(scanSize / MB).toFixed(0)} MB scan: plain copy ${copyS.toFixed(2)} s (${(scanSize / MB / copyS).toFixed(0)} MB/s); ` +
          `tus + case ${uploadS.toFixed(2)} s (${(scanSize / MB / uploadS).toFixed(0)} MB/s, the bytes in ${median(patches).toFixed(2)} s); ratio ${(copyS / uploadS).toFixed(2)} (aim ≥ 0.7); ` +
          `against a copy flushed to the disk (${durableS.toFixed(2)} s; the server flushes a scan before the case exists) ${(durableS / uploadS).toFixed(2)}; ` +
          `server memory +${uploadPeak.toFixed(0)} MB above idle ${uploads[0]!.idleMb.toFixed(0)} MB (aim < 64)`,
      );
      report.scan = {
        bytes: scanSize,
        copyS: copies,
        uploadS: uploads,
        ratio: copyS / uploadS,
        peakAboveIdleMb: uploadPeak,
      };
    }

    // ---- ten scans at once ---------------------------------------------------------------------------
    if (FILE_PARTS.includes('ten')) report.ten = await runTen(server, token, dir);

    // ---- a large case as a zip ---------------------------------------------------------------------------
    if (FILE_PARTS.includes('archive')) {
      const big = path.join(dir, 'big.stl');
      const bigSize = await writeScan(big, ARCHIVE_MB);
      const bigCase = await uploadCase(server.port, token, big, bigSize, await sha256Of(big));
      const zips: Awaited<ReturnType<typeof measured>>[] = [];
      const bigCopies: number[] = [];
      const zipFile = path.join(dir, 'case.zip');
      for (let i = 0; i < RUNS; i++) {
        bigCopies.push(await plainCopy(big, path.join(dir, 'copy.stl')));
        zips.push(
          await measured(server, async () => {
            const answer = await call(
              server.port,
              'GET',
              `/api/case/download/archive/${bigCase}`,
              { authorization: `Bearer ${token}` },
              undefined,
              createWriteStream(zipFile),
            );
            if (answer.status !== 200) throw new Error(`archive: ${answer.status} ${answer.body}`);
            const length = Number(answer.headers['content-length']);
            const written = (await stat(zipFile)).size;
            if (written !== length || written < bigSize)
              throw new Error(`archive: ${written} of ${length} bytes`);
          }),
        );
        await rm(zipFile);
      }
      const bigCopyS = median(bigCopies);
      const zipS = median(zips.map((z) => z.seconds));
      const zipPeak = Math.max(...zips.map((z) => z.peakAboveIdleMb));
      out(
        `  ${(bigSize / MB).toFixed(0)} MB case as a zip: plain copy ${bigCopyS.toFixed(2)} s; download ${zipS.toFixed(2)} s ` +
          `(${(bigSize / MB / zipS).toFixed(0)} MB/s); ratio ${(bigCopyS / zipS).toFixed(2)}; server memory +${zipPeak.toFixed(0)} MB above idle`,
      );
      report.archive = {
        bytes: bigSize,
        copyS: bigCopies,
        downloadS: zips,
        ratio: bigCopyS / zipS,
        peakAboveIdleMb: zipPeak,
      };
    }
    const file = path.join(repo, 'bench-results/uploads.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2));
    out(`  wrote ${path.relative(repo, file)}`);
    return report;
  } finally {
    await server.stop();
    if (server.child.signalCode) out(`  (the server stopped by ${server.child.signalCode})`);
    await discardDataDir(path.join(dir, 'data'));
    await rm(dir, { recursive: true, force: true });
  }
}
