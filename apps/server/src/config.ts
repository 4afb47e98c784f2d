import { isIP } from 'node:net';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BrandIds,
  isBrandId,
  passwordSchema,
  ServiceNames,
  type BrandId,
  type ServiceName,
} from '@archway/contract';
import { serverPath } from './platform/server-root.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/**
 * TRUST_PROXY: how many proxies stand in front (a hop count: `1`, `2` …), or which addresses are proxies
 * (a comma list of IPs and CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 * Unset, `0` or `false`: no proxy, the socket address is the client. "Trust everything" (`true`, `*`, `all`)
 * is refused: it lets any caller choose its own address (X-Forwarded-For) and dodge per-address limits.
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (s: string): boolean => {
  if (PROXY_NAMES.includes(s)) return true;
  const [ip, bits, ...rest] = s.split('/');
  const family = isIP(ip ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 16) return hops;
  }
  if (['true', 'yes', 'on', '*', 'all', 'any', 'everything'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "trusting every proxy lets any caller forge its address: give a hop count (e.g. 1) or the proxies' addresses (e.g. 10.0.0.0/8,127.0.0.1)",
    });
    return z.NEVER;
  }
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !isProxyAddress(a) || /^(0\.0\.0\.0|::)\/0$/.test(a));
  if (!list.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `a hop count (1–16) or a comma list of proxy IPs/CIDRs; not understood: ${bad.join(', ') || raw}`,
    });
    return z.NEVER;
  }
  return list;
});

/** FRAME_ANCESTORS: origins (scheme://host[:port]) allowed to frame the app, comma-separated. */
const frameAncestors = z.string().transform((raw, ctx) => {
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)) {
    if (item === "'self'" || item === 'self') continue;
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      !/^https?:$/.test(url.protocol) ||
      url.hostname.includes('*') ||
      url.origin !== item.replace(/\/+$/, '').toLowerCase()
    ) {
      ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${item}` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
});

/**
 * STORAGE_URL: where file contents live. Unset: the directory `DATA_DIR/files`. `file:///abs/path`: that directory.
 * `s3://bucket[/prefix]?endpoint=http://host:port&region=us-east-1&forcePathStyle=true`: an S3-compatible store
 * (every query parameter optional; region defaults to us-east-1, forcePathStyle to true when an endpoint is given).
 * Credentials never go in the URL: AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN), else the AWS
 * SDK's default chain (shared config files, SSO, container or instance role).
 */
export type StorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      /** '' or ending with '/'. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

const S3_PARAMS = ['endpoint', 'region', 'forcePathStyle'];
const storageUrl = z.string().transform((raw, ctx): StorageConfig => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('file:///absolute/path or s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=…');
  }
  if (url.protocol === 'file:') {
    if (url.host && url.host !== 'localhost')
      return refuse(`a local directory, not a file on host ${url.host}`);
    if (url.search || url.hash) return refuse('file: URLs take no query or fragment');
    const directory = fileURLToPath(url).replace(/(.)\/+$/, '$1');
    if (directory === '/') return refuse('not the root directory');
    return { kind: 'local', directory };
  }
  if (url.protocol !== 's3:')
    return refuse(`scheme ${url.protocol} unknown: file:///absolute/path or s3://bucket[/prefix]`);
  // URL parsing folds `/../`: refuse it before, so a prefix is exactly what was written.
  if (raw.includes('..') || /%2e%2e/i.test(raw)) return refuse('no ".." anywhere in an s3: URL');
  if (url.username || url.password)
    return refuse('credentials do not belong in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..') || url.port)
    return refuse(`not a bucket name: ${bucket || '(empty)'}`);
  let prefixPath: string;
  try {
    prefixPath = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    return refuse('the prefix is not valid percent-encoding');
  }
  if (
    prefixPath &&
    (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(prefixPath) || prefixPath.includes('..'))
  )
    return refuse(`not a key prefix (lower-case segments of [a-z0-9._-]): ${prefixPath}`);
  const unknown = [...url.searchParams.keys()].filter((k) => !S3_PARAMS.includes(k));
  if (unknown.length)
    return refuse(`unknown parameter ${unknown.join(', ')} (known: ${S3_PARAMS.join(', ')})`);
  const endpointRaw = url.searchParams.get('endpoint') ?? undefined;
  let endpoint: string | undefined;
  if (endpointRaw !== undefined) {
    const parsed = URL.canParse(endpointRaw) ? new URL(endpointRaw) : undefined;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || parsed.search)
      return refuse('endpoint is not an http(s) URL (without user, password or query)');
    endpoint = parsed.href.replace(/\/+$/, '');
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region)) return refuse(`not a region: ${region}`);
  const pathStyle = url.searchParams.get('forcePathStyle');
  const flag =
    pathStyle === null ? { success: true as const, data: endpoint !== undefined } : bool.safeParse(pathStyle);
  if (!flag.success) return refuse(`forcePathStyle is true or false, not ${pathStyle}`);
  return {
    kind: 's3',
    bucket,
    prefix: prefixPath ? `${prefixPath}/` : '',
    endpoint,
    region,
    forcePathStyle: flag.data,
    credentials: undefined,
  };
});

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ARCHWAY_DEMO: bool.optional(),
  ARCHWAY_DEMO_ADMIN_PASSWORD: passwordSchema.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  AREA: z.string().trim().min(1).max(32).default('default'),
  TRUST_PROXY: trustProxy.optional(),
  FRAME_ANCESTORS: frameAncestors.optional(),
  SERVICE_URLS: z
    .string()
    .transform((s, ctx) => {
      try {
        return z.partialRecord(z.enum(ServiceNames), z.url()).parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'a JSON object of service name → URL' });
        return z.NEVER;
      }
    })
    .optional(),
  STORAGE_URL: storageUrl.optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'a UTC time HH:MM (e.g. 03:00), or off')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  ARCHWAY_DEMO_CASES: bool.optional(),
  CASE_MAX_DOWNLOADS: z.coerce.number().int().min(0).default(0),
  CASE_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().min(1).default(24),
  SCAN_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  SCAN_JOBS: z.enum(['all', 'waited', 'background']).default('all'),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'smtp://… or smtps://…')
    .optional(),
  MAIL_FROM: z.string().max(200).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, '16 to 512 printable characters without spaces (a Bearer token)')
    .optional(),
  BRAND: z
    .string()
    .trim()
    .refine(isBrandId, { message: `unknown brand (known: ${BrandIds.join(', ')})` })
    .optional(),
});
/** Settings that only make sense together. */
const checked = schema.superRefine((e, ctx) => {
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'],
      message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    });
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PostgreSQL of `dataDir` (platform/db/embedded.ts). */
  databaseUrl: string | undefined;
  /** The address people and scanners use to reach this server; issuer and service URLs derive from it. */
  publicUrl: string;
  /**
   * Demo organizations, users and data (ARCHWAY_DEMO; default: on without DATABASE_URL, but only when PUBLIC_URL is
   * a local address: on a public one the demo needs an explicit ARCHWAY_DEMO=true, see `demoOff`).
   */
  demo: boolean;
  /** Why the demo data is off although it would be on by default (logged at start), or undefined. */
  demoOff?: string;
  /**
   * The demo administrator's password at its first start (ARCHWAY_DEMO_ADMIN_PASSWORD); unset: one is generated and
   * printed once in the log.
   */
  demoAdminPassword?: string;
  /** With the demo data, a few dozen demo cases (ARCHWAY_DEMO_CASES, default: as ARCHWAY_DEMO). */
  demoCases: boolean;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** The built SPA (apps/web/dist). */
  webDist: string;
  /** Services moved to another host (SERVICE_URLS); the others are served by this process. */
  serviceUrls: Partial<Record<ServiceName, string>>;
  /** The device area this deployment serves; devices of another area cannot be bound here (-131). */
  area: string;
  /**
   * Behind a load balancer: how far to believe X-Forwarded-For / -Proto / -Host. `false`: not at all (the socket
   * is the client); a number: that many proxy hops; a list: these proxy addresses/CIDRs. Never "everything".
   */
  trustProxy: false | number | string[];
  /**
   * Who may frame the app (CSP `frame-ancestors`) and hand it a token (`setTokenAndLang`): `'self'` first, then
   * the FRAME_ANCESTORS origins.
   */
  frameAncestors: string[];
  /** Where file contents live (STORAGE_URL). */
  storage: StorageConfig;
  /** Where backups are written (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir: string;
  /**
   * The nightly backup's UTC time `HH:MM` (BACKUP_SCHEDULE; default 03:00 on the embedded database, off with
   * DATABASE_URL unless set; `off`: none). Null when off.
   */
  backupSchedule: string | null;
  /** How many done backups are kept (BACKUP_KEEP, default 7); older ones are removed after a new one is done. */
  backupKeep: number;
  /** Downloads of one case, all organizations together (CASE_MAX_DOWNLOADS; 0: unlimited, the default). */
  caseMaxDownloads: number;
  /** Days after its last upload during which a case's files may be fetched (CASE_RETENTION_DAYS; 0: forever). */
  caseRetentionDays: number;
  /** The largest file one upload may carry (UPLOAD_MAX_BYTES, default 2 GiB). */
  uploadMaxBytes: number;
  /** Unfinished uploads are removed after this long (UPLOAD_EXPIRY_HOURS, default 24). */
  uploadExpiryMs: number;
  /**
   * Worker threads this process gives to scan jobs (conversion, preview images) (SCAN_THREADS; default one fewer
   * than the cores, at most four; 0: this process takes no scan jobs and leaves them to others).
   */
  scanThreads: number;
  /**
   * Which scan jobs this process claims (SCAN_JOBS): `all` (the default; background work such as the preview-image
   * backfill never holds every thread), `waited` (only what a person waits for: conversions, new cases' preview images,
   * models, comparisons) or `background` (only background work, on every thread). SCAN_THREADS=0: none.
   */
  scanJobs: 'all' | 'waited' | 'background';
  /**
   * A request's statements are cancelled after this long (DB_STATEMENT_TIMEOUT_MS, default 10 s; 0: never), and a
   * request not answered within three times that is cancelled and answers `generic.timeout`; work outside requests
   * (migrations, jobs, backups) has no timeout (platform/db/cancel.ts, platform/request-guard.ts).
   */
  dbStatementTimeoutMs: number;
  /** The SMTP relay (SMTP_URL, `smtp://user:pass@host:port` or `smtps://…`); unset: mail stays in the outbox. */
  smtpUrl?: string;
  /** The From header of Archway's mail (MAIL_FROM; default `Archway <no-reply@` PUBLIC_URL's host `>`). */
  mailFrom: string;
  /**
   * The Bearer token that reads `/metrics` from anywhere (METRICS_TOKEN, at least 16 characters); without it only
   * callers on this machine do (platform/metrics/http.ts).
   */
  metricsToken?: string;
  /**
   * The brand this server shows (BRAND, default archway; packages/contract brands.ts), served in identity settings.
   * A special brand hides the help popover, the privacy settings and the model builder (whose calls it refuses).
   */
  brand: BrandId;
}

export class ConfigError extends Error {}

/** The only place that reads the environment. Fails fast with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checked.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Well-known demo passwords on an address others can reach only when asked for by name.
  const demoByDefault = e.ARCHWAY_DEMO === undefined && !e.DATABASE_URL;
  const local = isLocalUrl(publicUrl);
  const demo = e.ARCHWAY_DEMO ?? (demoByDefault && local);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    demo,
    ...(demoByDefault && !local
      ? {
          demoOff: `demo data is off: PUBLIC_URL ${publicUrl} is not a local address, and the demo accounts have published passwords; set ARCHWAY_DEMO=true to have them there anyway`,
        }
      : {}),
    ...(e.ARCHWAY_DEMO_ADMIN_PASSWORD ? { demoAdminPassword: e.ARCHWAY_DEMO_ADMIN_PASSWORD } : {}),
    demoCases: e.ARCHWAY_DEMO_CASES ?? demo,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? serverPath('../web/dist'),
    serviceUrls: e.SERVICE_URLS ?? {},
    area: e.AREA,
    trustProxy: e.TRUST_PROXY ?? false,
    frameAncestors: ["'self'", ...(e.FRAME_ANCESTORS ?? [])],
    storage: storageConfig(e),
    backupDir: e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups'),
    backupSchedule:
      e.BACKUP_SCHEDULE === 'off' ? null : (e.BACKUP_SCHEDULE ?? (e.DATABASE_URL ? null : '03:00')),
    backupKeep: e.BACKUP_KEEP,
    caseMaxDownloads: e.CASE_MAX_DOWNLOADS,
    caseRetentionDays: e.CASE_RETENTION_DAYS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadExpiryMs: e.UPLOAD_EXPIRY_HOURS * 3600_000,
    scanThreads: e.SCAN_THREADS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    scanJobs: e.SCAN_JOBS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom: e.MAIL_FROM ?? `Archway <no-reply@${new URL(publicUrl).hostname}>`,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    brand: (e.BRAND as BrandId | undefined) ?? 'archway',
  };
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1: an address only this machine reaches. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

function storageConfig(e: z.infer<typeof schema>): StorageConfig {
  const s = e.STORAGE_URL;
  if (!s) return { kind: 'local', directory: path.join(e.DATA_DIR, 'files') };
  if (s.kind === 'local') return s;
  const credentials =
    e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
          ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
        }
      : undefined;
  return { ...s, credentials };
}
