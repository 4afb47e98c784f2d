/**
 * Load generators over node:http keep-alive connections.
 *
 * Open loop (`openLoop`): request i is due at start + i/rate whatever happened to earlier ones, so a slow server does
 * not lower the offered rate (no coordinated omission); each latency is measured from the request's due time, so
 * time spent waiting for a free connection counts. A request still unanswered after `timeoutMs`, or one that cannot
 * be sent because `maxInFlight` are outstanding, counts as an error.
 *
 * Closed loop (`closedLoop`): `connections` clients, each sending its next request as soon as the previous one is
 * answered, for a given time: the throughput the server reaches with that many requests in flight, and their
 * latencies (from send to answer).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Target {
  method: 'GET' | 'POST';
  /** Path and query; may vary per request. */
  path: (i: number) => string;
  headers?: Record<string, string>;
  body?: (i: number) => unknown;
  /** Whether an answer counts as success (default: HTTP 2xx). */
  ok?: (status: number, body: string) => boolean;
}

export interface RunResult {
  offeredRate: number;
  durationS: number;
  sent: number;
  completed: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Completed answers per second of the run (successes and failures). */
  throughput: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** How late the generator sent requests (its own lag), p99 in ms: should stay near 0. */
  sendLagP99: number;
}

export const pct = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export function agentFor(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
}

/** One HTTP request; resolves with status and body, rejects on network errors or time-out. */
export function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; body: string; bytes: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes <= 64 * 1024) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            bytes,
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export async function openLoop(
  port: number,
  target: Target,
  opts: { rate: number; durationS: number; timeoutMs?: number; maxInFlight?: number; agent?: http.Agent },
): Promise<RunResult> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxInFlight = opts.maxInFlight ?? 2000;
  const agent = opts.agent ?? agentFor(512);
  const total = Math.round(opts.rate * opts.durationS);
  const interval = 1000 / opts.rate;
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  let sent = 0;
  let completed = 0;
  let okCount = 0;
  let inFlight = 0;
  const ok = target.ok ?? ((s: number) => s >= 200 && s < 300);
  const headers = target.headers ?? {};

  const start = performance.now() + 20;
  await new Promise<void>((done) => {
    const finishIfDone = () => {
      if (sent === total && inFlight === 0) done();
    };
    const dispatch = (i: number, due: number) => {
      lags[i] = performance.now() - due;
      if (inFlight >= maxInFlight) {
        fail('client saturated');
        latencies[i] = NaN;
        return;
      }
      inFlight++;
      const b = target.body?.(i);
      request(
        agent,
        port,
        target.method,
        target.path(i),
        headers,
        b === undefined ? undefined : JSON.stringify(b),
        timeoutMs,
      )
        .then(
          (res) => {
            latencies[i] = performance.now() - due;
            completed++;
            if (ok(res.status, res.body)) okCount++;
            else fail(`HTTP ${res.status}`);
          },
          (err: Error) => {
            latencies[i] = performance.now() - due;
            fail(err.message === 'timeout' ? 'timeout' : `network: ${err.message}`);
          },
        )
        .finally(() => {
          inFlight--;
          finishIfDone();
        });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const i = sent++;
        dispatch(i, start + i * interval);
      }
      if (sent < total) {
        const next = start + sent * interval - performance.now();
        setTimeout(tick, Math.max(0, Math.min(next, 5)));
      } else finishIfDone();
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
  const done = latencies.filter((x) => !Number.isNaN(x)).sort();
  const errors = total - okCount;
  return {
    offeredRate: opts.rate,
    durationS: opts.durationS,
    sent: total,
    completed,
    errors,
    errorKinds,
    throughput: Math.round(completed / Math.max(elapsed, opts.durationS)),
    p50: pct(done, 50),
    p90: pct(done, 90),
    p99: pct(done, 99),
    max: done.length ? done[done.length - 1]! : NaN,
    sendLagP99: pct(lags.slice().sort(), 99),
  };
}

export interface ClosedResult {
  connections: number;
  durationS: number;
  /** Wall time from the first request to the last answer, s. */
  elapsedS: number;
  /** Answers (successes and failures). */
  completed: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Successful answers per second. */
  throughput: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** A closed-loop run's latencies (ms, unsorted), for merging runs (`mergeClosed`); not written to the results. */
export interface ClosedRun extends ClosedResult {
  latencies: Float64Array;
}

export async function closedLoop(
  port: number,
  target: Target,
  opts: { connections: number; durationS: number; timeoutMs?: number },
): Promise<ClosedRun> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const agent = agentFor(opts.connections);
  const ok = target.ok ?? ((s: number) => s >= 200 && s < 300);
  const headers = target.headers ?? {};
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  let n = 0;
  let okCount = 0;
  const start = performance.now();
  const end = start + opts.durationS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const i = n++;
      const b = target.body?.(i);
      const t0 = performance.now();
      try {
        const res = await request(
          agent,
          port,
          target.method,
          target.path(i),
          headers,
          b === undefined ? undefined : JSON.stringify(b),
          timeoutMs,
        );
        latencies.push(performance.now() - t0);
        if (ok(res.status, res.body)) okCount++;
        else fail(`HTTP ${res.status}`);
      } catch (err) {
        latencies.push(performance.now() - t0);
        fail((err as Error).message === 'timeout' ? 'timeout' : `network: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  return summarizeClosed(
    opts.connections,
    opts.durationS,
    elapsedS,
    Float64Array.from(latencies),
    okCount,
    errorKinds,
  );
}

function summarizeClosed(
  connections: number,
  durationS: number,
  elapsedS: number,
  latencies: Float64Array,
  okCount: number,
  errorKinds: Record<string, number>,
): ClosedRun {
  const sorted = latencies.slice().sort();
  const errors = Object.values(errorKinds).reduce((a, b) => a + b, 0);
  return {
    connections,
    durationS,
    elapsedS: Math.round(elapsedS * 100) / 100,
    completed: latencies.length,
    errors,
    errorKinds,
    throughput: Math.round((okCount / Math.max(elapsedS, 0.001)) * 10) / 10,
    p50: pct(sorted, 50),
    p90: pct(sorted, 90),
    p99: pct(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    latencies,
  };
}

/** Several closed-loop runs of the same call as one: answers over the summed wall time, percentiles over all. */
export function mergeClosed(runs: ClosedRun[]): ClosedRun {
  const errorKinds: Record<string, number> = {};
  for (const r of runs)
    for (const [k, v] of Object.entries(r.errorKinds)) errorKinds[k] = (errorKinds[k] ?? 0) + v;
  const all = new Float64Array(runs.reduce((a, r) => a + r.latencies.length, 0));
  let at = 0;
  for (const r of runs) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  const okCount = runs.reduce((a, r) => a + r.completed - r.errors, 0);
  return summarizeClosed(
    runs[0]?.connections ?? 0,
    runs.reduce((a, r) => a + r.durationS, 0),
    runs.reduce((a, r) => a + r.elapsedS, 0),
    all,
    okCount,
    errorKinds,
  );
}
