import { z } from 'zod';
import { ServiceNames, type ServiceName } from '@archway/contract';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

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
  TRUST_PROXY: bool.default(false),
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
  /** Behind a load balancer: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
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
    trustProxy: e.TRUST_PROXY,
  };
}
