import type { FastifyInstance } from 'fastify';

/**
 * Logs for people: in a terminal one readable line per entry (time, level, message, then the entry's other fields as
 * key=value); anywhere else (a file, a pipe, a log collector) pino's JSON lines, unchanged. One line per request only
 * at debug level (Fastify's own two lines per request are off). No dependency: pino writes JSON lines to the stream
 * given here, and the terminal stream rewrites each one.
 */

/** Where the logs go: process.stdout, or a test's collector. */
export interface LogOut {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface LogOptions {
  level: string;
  stream: { write(line: string): void };
  serializers: { err: (err: Error) => ErrorField };
}

/** Fastify's `logger` options: pretty lines for a terminal, JSON otherwise. */
export function loggerOptions(level: string, out: LogOut = process.stdout): LogOptions {
  const serializers = { err: errorField };
  if (out.isTTY) {
    return {
      level,
      serializers,
      stream: { write: (line) => void out.write(prettyLine(line, { colour: true })) },
    };
  }
  return { level, serializers, stream: { write: (line) => void out.write(line) } };
}

export interface ErrorField {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as a log field: its type, message and stack, and the plain facts it carries (a database error's code,
 * severity, table…), never the objects hanging off it: node-postgres puts its whole client on an idle connection's
 * error (connection settings, every prepared statement's SQL), which made one warning several kilobytes long.
 */
export function errorField(err: unknown): ErrorField {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const field: ErrorField = { type: err.constructor.name, message: err.message, stack: err.stack ?? '' };
  for (const [key, value] of Object.entries(err))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) field[key] = value;
  if (err.cause !== undefined) field.cause = errorField(err.cause);
  return field;
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '\x1b[90m' },
  20: { name: 'DEBUG', colour: '\x1b[36m' },
  30: { name: 'INFO ', colour: '\x1b[32m' },
  40: { name: 'WARN ', colour: '\x1b[33m' },
  50: { name: 'ERROR', colour: '\x1b[31m' },
  60: { name: 'FATAL', colour: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
// Fields every entry carries, or that say nothing to a person reading a terminal.
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

/** One pino JSON line as a readable line: `12:03:04.517 INFO  message key=value …` (and an error's stack below). */
export function prettyLine(line: string, { colour = false }: { colour?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (entry === null || typeof entry !== 'object') return line.endsWith('\n') ? line : `${line}\n`;
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level ?? '').padEnd(5), colour: '' };
  const time = typeof entry.time === 'number' ? clock(new Date(entry.time)) : '';
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    if ((key === 'err' || key === 'error') && value && typeof value === 'object') {
      const err = value as { message?: unknown; stack?: unknown; type?: unknown };
      fields.push(`${key}=${quote(String(err.message ?? err.type ?? 'error'))}`);
      if (typeof err.stack === 'string') stack = err.stack;
      continue;
    }
    fields.push(`${key}=${typeof value === 'string' ? quote(value) : JSON.stringify(value)}`);
  }
  const paint = (code: string, text: string) => (colour && code ? `${code}${text}${RESET}` : text);
  const head = [paint(DIM, time), paint(level.colour, level.name), msg]
    .filter((part) => part !== '')
    .join(' ');
  const tail = fields.length ? ` ${paint(DIM, fields.join(' '))}` : '';
  const below = stack ? `\n${paint(DIM, indent(stack))}` : '';
  return `${head}${tail}${below}\n`;
}

function clock(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

function quote(text: string): string {
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

/** One debug line per answered request (method, path, status, time taken); nothing at info and above. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The line is built only when it is written (a callback hook: no promise per request).
    const log = request.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.('debug') ?? true) {
      const ms = Math.round(reply.elapsedTime);
      request.log.debug(
        { status: reply.statusCode, ms },
        `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
      );
    }
    done();
  });
}
