import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One app's figures in Prometheus' text format (`GET /metrics`, README "Metrics and health"). Each app has its own
 * registry: tests build many apps in one process, and prom-client's global registry would mix them.
 *
 * The platform owns every metric's name (so the list is written once, here and in the README); what only a part
 * knows is fed by that part: counters through the functions below, figures read at scrape time through `source()`.
 * The cases module registers the scan queue's reader and counts its jobs (the platform never imports a module);
 * the database, the hub, the uploads and the mailer register their own.
 */

/** Scan jobs (conversions, preview images, models, comparisons) waiting or running, and the oldest waiting one. */
export interface ScanQueueFigures {
  queued: number;
  running: number;
  /** When the oldest queued job was queued; null when none waits. */
  oldestQueuedAt: Date | null;
}

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OutboxFigures {
  /** E-mails waiting for the relay (state `pending`, retries included). */
  pending: number;
  oldestPendingAt: Date | null;
}

/** Figures read when Prometheus scrapes; the last registration of a name wins. */
export interface MetricSources {
  scanQueue: () => Promise<ScanQueueFigures>;
  dbPool: () => PoolFigures;
  sockets: () => number;
  mailOutbox: () => Promise<OutboxFigures>;
  /** When the newest backup that finished well was written; undefined when there is none. */
  lastBackup: () => Promise<Date | undefined>;
}
export type SourceName = keyof MetricSources;

export type JobOutcome = 'done' | 'failed' | 'requeued';
export type MailOutcome = 'sent' | 'retry' | 'failed';

export interface Metrics {
  readonly registry: Registry;
  /** Where a scrape-time figure is read. */
  source<K extends SourceName>(name: K, read: MetricSources[K]): void;
  /** One answered HTTP request: its route pattern (never the raw URL), status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A statement PostgreSQL or the driver refused. */
  queryError(err: unknown): void;
  /** A scan job this process ran ended. */
  scanJob(kind: string, outcome: JobOutcome, seconds: number): void;
  uploadCreated(): void;
  uploadFinished(): void;
  /** A PATCH began (+1) or ended (-1) writing an upload's bytes. */
  uploadReceiving(delta: 1 | -1): void;
  uploadBytes(bytes: number): void;
  mailDelivery(outcome: MailOutcome): void;
  /** The text a scrape answers. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** A scrape-time read that takes longer than this reports no figure (NaN) rather than hold the scrape. */
const SOURCE_TIMEOUT_MS = 5_000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/** The SQLSTATE class of a database error (`23` integrity, `40` rollback, `57` cancel…), `none` without one. */
export function sqlstateClass(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : 'none';
}

const ageSeconds = (at: Date | null) => (at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : 0);

export function createMetrics(
  opts: { onSourceError?: (name: SourceName, err: unknown) => void } = {},
): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: Partial<MetricSources> = {};

  /** Reads a source within the time limit; `ok: false` when it is not registered, fails or is too slow. */
  const attempt = async <K extends SourceName>(
    name: K,
  ): Promise<{ ok: true; value: Awaited<ReturnType<MetricSources[K]>> } | { ok: false }> => {
    const fn = sources[name] as (() => unknown) | undefined;
    if (!fn) return { ok: false };
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = (await Promise.race([
        Promise.resolve().then(fn),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${name} took over ${SOURCE_TIMEOUT_MS} ms`)),
            SOURCE_TIMEOUT_MS,
          );
        }),
      ])) as Awaited<ReturnType<MetricSources[K]>>;
      return { ok: true, value };
    } catch (err) {
      sourceErrors.inc({ source: name });
      opts.onSourceError?.(name, err);
      return { ok: false };
    } finally {
      clearTimeout(timer);
    }
  };
  const read = async <K extends SourceName>(
    name: K,
  ): Promise<Awaited<ReturnType<MetricSources[K]>> | undefined> => {
    const r = await attempt(name);
    return r.ok ? r.value : undefined;
  };

  const sourceErrors = new Counter({
    name: 'archway_metrics_source_errors_total',
    help: 'Scrape-time reads that failed or took too long (the figure then reads NaN), by source',
    labelNames: ['source'],
    registers,
  });

  const requests = new Counter({
    name: 'archway_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (unmatched for unknown paths) and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'archway_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'archway_db_pool_connections',
    help: "Connections of this process's database pool, by state (in_use, idle)",
    labelNames: ['state'],
    registers,
    async collect() {
      const pool = await read('dbPool');
      this.set({ state: 'in_use' }, pool ? pool.total - pool.idle : NaN);
      this.set({ state: 'idle' }, pool ? pool.idle : NaN);
    },
  });
  new Gauge({
    name: 'archway_db_pool_max_connections',
    help: "The largest number of connections this process's database pool opens",
    registers,
    async collect() {
      this.set((await read('dbPool'))?.max ?? NaN);
    },
  });
  new Gauge({
    name: 'archway_db_pool_waiting',
    help: 'Queries waiting for a free connection of the pool',
    registers,
    async collect() {
      this.set((await read('dbPool'))?.waiting ?? NaN);
    },
  });
  const queryErrors = new Counter({
    name: 'archway_db_query_errors_total',
    help: 'Statements the database or the driver refused, by SQLSTATE class (none: a lost connection, a timeout)',
    labelNames: ['sqlstate_class'],
    registers,
  });

  // The scan queue is read once per scrape for both gauges.
  let queueRead: Promise<ScanQueueFigures | undefined> | undefined;
  const scanQueue = () => {
    queueRead ??= read('scanQueue').finally(() => setImmediate(() => (queueRead = undefined)));
    return queueRead;
  };
  new Gauge({
    name: 'archway_scan_jobs',
    help: 'Scan jobs (conversions, preview images, models, comparisons) of every process, by state (queued, running)',
    labelNames: ['state'],
    registers,
    async collect() {
      const q = await scanQueue();
      this.set({ state: 'queued' }, q ? q.queued : NaN);
      this.set({ state: 'running' }, q ? q.running : NaN);
    },
  });
  new Gauge({
    name: 'archway_scan_job_oldest_queued_age_seconds',
    help: 'How long the oldest queued scan job has waited (0 when none waits)',
    registers,
    async collect() {
      const q = await scanQueue();
      this.set(q ? ageSeconds(q.oldestQueuedAt) : NaN);
    },
  });
  const scanJobs = new Counter({
    name: 'archway_scan_jobs_finished_total',
    help: 'Scan jobs this process ran to an end, by kind (convert, thumbnail, model, compare) and outcome (done, failed, requeued)',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const scanJobSeconds = new Histogram({
    name: 'archway_scan_job_duration_seconds',
    help: 'How long a scan job ran in this process, by kind and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: JOB_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'archway_realtime_sockets',
    help: 'Open realtime connections (socket.io at /hubs/notify) to this process',
    registers,
    async collect() {
      this.set((await read('sockets')) ?? NaN);
    },
  });

  const uploadsCreated = new Counter({
    name: 'archway_uploads_created_total',
    help: 'Resumable uploads (tus) created through this process',
    registers,
  });
  const uploadsFinished = new Counter({
    name: 'archway_uploads_finished_total',
    help: 'Resumable uploads whose last byte arrived at this process',
    registers,
  });
  const uploadsReceiving = new Gauge({
    name: 'archway_uploads_receiving',
    help: 'Uploads this process is receiving bytes of right now (PATCH requests writing)',
    registers,
  });
  const uploadBytes = new Counter({
    name: 'archway_upload_bytes_received_total',
    help: 'Bytes of uploads this process received and stored (interrupted PATCHes count what they stored)',
    registers,
  });

  let outboxRead: Promise<OutboxFigures | undefined> | undefined;
  const outbox = () => {
    outboxRead ??= read('mailOutbox').finally(() => setImmediate(() => (outboxRead = undefined)));
    return outboxRead;
  };
  new Gauge({
    name: 'archway_mail_outbox_pending',
    help: 'E-mails waiting in the outbox for the SMTP relay (state pending, retries included)',
    registers,
    async collect() {
      this.set((await outbox())?.pending ?? NaN);
    },
  });
  new Gauge({
    name: 'archway_mail_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest pending e-mail has waited (0 when none waits)',
    registers,
    async collect() {
      const o = await outbox();
      this.set(o ? ageSeconds(o.oldestPendingAt) : NaN);
    },
  });
  const mailDeliveries = new Counter({
    name: 'archway_mail_deliveries_total',
    help: 'Delivery attempts of this process, by outcome (sent, retry: will be tried again, failed: given up)',
    labelNames: ['outcome'],
    registers,
  });

  new Gauge({
    name: 'archway_backup_last_success_timestamp_seconds',
    help: 'When the newest complete backup was written (Unix seconds; 0 when there is none)',
    registers,
    async collect() {
      const r = await attempt('lastBackup');
      this.set(!r.ok ? NaN : r.value ? r.value.getTime() / 1000 : 0);
    },
  });

  // Node's own figures (memory, CPU, event loop, GC), switched on at the first scrape: each switch starts observers
  // that live as long as the process, and tests build many apps that are never scraped.
  let defaults = false;

  return {
    registry,
    contentType: registry.contentType,
    source(name, fn) {
      (sources as Record<string, unknown>)[name] = fn;
    },
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    queryError: (err) => queryErrors.inc({ sqlstate_class: sqlstateClass(err) }),
    scanJob(kind, outcome, seconds) {
      scanJobs.inc({ kind, outcome });
      scanJobSeconds.observe({ kind, outcome }, seconds);
    },
    uploadCreated: () => uploadsCreated.inc(),
    uploadFinished: () => uploadsFinished.inc(),
    uploadReceiving: (delta) => uploadsReceiving.inc(delta),
    uploadBytes: (bytes) => {
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    mailDelivery: (outcome) => mailDeliveries.inc({ outcome }),
    async scrape() {
      if (!defaults) {
        defaults = true;
        collectDefaultMetrics({ register: registry });
      }
      return registry.metrics();
    },
  };
}
