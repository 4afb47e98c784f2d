import { isIP } from 'node:net';
import { z } from 'zod';
import { ServiceNames, type ServiceName } from '@archway/contract';

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

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ARCHWAY_DEMO: bool.optional(),
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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** The address people and scanners use to reach this server; issuer and service URLs derive from it. */
  publicUrl: string;
  demo: boolean;
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
}

export class ConfigError extends Error {}

/** The only place that reads the environment. Fails fast with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    demo: e.ARCHWAY_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
    serviceUrls: e.SERVICE_URLS ?? {},
    area: e.AREA,
    trustProxy: e.TRUST_PROXY ?? false,
    frameAncestors: ["'self'", ...(e.FRAME_ANCESTORS ?? [])],
  };
}
