import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { errorField, prettyLine, type LogOut } from './logging.ts';

/** A log destination that keeps what it is given; a terminal or not. */
function collector(isTTY: boolean): LogOut & { lines(): string[] } {
  let text = '';
  return {
    isTTY,
    write(chunk: string) {
      text += chunk;
      return true;
    },
    lines: () => text.split('\n').filter((l) => l !== ''),
  };
}

describe('server logs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes one JSON line per request at debug level, and none at info (not a terminal)', async () => {
    const debugOut = collector(false);
    t = await createTestApp('postgres', { LOG_LEVEL: 'debug' }, { logOut: debugOut });
    const res = await t.app.inject({ method: 'GET', url: '/healthz?probe=debug' });
    expect(res.statusCode).toBe(200);
    const entries = debugOut.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLines = entries.filter((e) => String(e.msg).includes('/healthz?probe=debug'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 20,
      status: 200,
      msg: expect.stringMatching(/^GET \/healthz/),
    });
    // Fastify's own "incoming request" / "request completed" pair is off.
    expect(entries.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toEqual([]);
    await t.close();

    const infoOut = collector(false);
    t = await createTestApp('postgres', { LOG_LEVEL: 'info' }, { logOut: infoOut });
    await t.app.inject({ method: 'GET', url: '/healthz?probe=info' });
    t.app.log.warn('a warning still shows');
    const infoEntries = infoOut.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(infoEntries.some((e) => String(e.msg).includes('/healthz'))).toBe(false);
    expect(infoEntries.some((e) => e.msg === 'a warning still shows' && e.level === 40)).toBe(true);
  });

  it('writes readable lines (time, level, message) in a terminal', async () => {
    const out = collector(true);
    t = await createTestApp('postgres', { LOG_LEVEL: 'debug' }, { logOut: out });
    await t.app.inject({ method: 'GET', url: '/healthz?probe=tty' });
    const line = out.lines().find((l) => l.includes('/healthz?probe=tty'));
    expect(line).toBeDefined();
    // eslint-disable-next-line no-control-regex
    const plain = line!.replace(/\x1b\[\d+m/g, '');
    expect(plain).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DEBUG GET \/healthz\?probe=tty 200 \d+ ms /);
    expect(() => JSON.parse(line!)).toThrow();
  });
});

describe('errorField', () => {
  it("keeps an error's type, message, stack and plain facts, not the objects it carries", () => {
    // As node-postgres reports a lost idle connection: its code and severity, and the whole client attached.
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { user: 'postgres' }, parsedStatements: { a: 'select 1' } },
    });
    const field = errorField(err) as Record<string, unknown>;
    expect(field).toMatchObject({ type: 'Error', code: '57P01', severity: 'FATAL' });
    expect(field.message).toBe('terminating connection due to administrator command');
    expect(String(field.stack)).toContain('logging.test');
    expect(field).not.toHaveProperty('client');
    expect(JSON.stringify(field)).not.toContain('parsedStatements');
    expect(errorField('not an error')).toMatchObject({ type: 'string', message: 'not an error' });
  });

  it("is what the server's JSON lines carry as err", async () => {
    const out = collector(false);
    const t = await createTestApp('postgres', { LOG_LEVEL: 'info' }, { logOut: out });
    try {
      t.app.log.warn({ err: Object.assign(new Error('lost'), { client: { secret: 'x' } }) }, 'lost one');
      const entry = out
        .lines()
        .map((l) => JSON.parse(l) as { msg?: string; err?: Record<string, unknown> })
        .find((e) => e.msg === 'lost one');
      expect(entry?.err).toMatchObject({ type: 'Error', message: 'lost' });
      expect(entry?.err).not.toHaveProperty('client');
    } finally {
      await t.close();
    }
  });
});

describe('prettyLine', () => {
  const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();

  it('shows time, level and message, then the other fields as key=value', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      msg: 'listening',
      port: 3000,
      who: 'a b',
    });
    expect(prettyLine(line)).toBe('03:04:05.006 INFO  listening port=3000 who="a b"\n');
  });

  it('shows an error by its message with its stack below', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n  at x' },
    });
    expect(prettyLine(line)).toBe('03:04:05.006 ERROR failed err=boom\n    Error: boom\n      at x\n');
  });

  it('colours the level only when asked, and passes a line that is not JSON through', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time, msg: 'careful' }), { colour: true })).toContain(
      '\x1b[33mWARN',
    );
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
