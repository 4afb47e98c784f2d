import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/poll.ts';
import { rowsOf } from './db/client.ts';

/** A test-only route whose statement runs 30 s, marked so pg_stat_activity can find it. */
function addSlowRoute(t: TestApp): void {
  t.app.get('/test/guards/sleep', { config: { access: 'public' } }, async (req) => {
    const marker = String((req.query as { marker?: string }).marker ?? '').replace(/[^\w-]/g, '');
    await rowsOf(t.app.platform.db, sql.raw(`select pg_sleep(30) /* ${marker} */`));
    return { slept: true };
  });
}

const running = async (t: TestApp, marker: string) =>
  (
    await rowsOf<{ n: number }>(
      t.app.platform.db,
      sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like ${`%${marker}%`} and pid <> pg_backend_pid()`,
    )
  )[0]!.n > 0;

/** Platform guards at the route level (request-guard.ts, db/cancel.ts) on the server's own pool. */
describe('request guards', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('cancels the statement of a request its client abandoned, and sends nothing', async () => {
    // Shorter than the 30 s sleep, so only a cancellation can end it within the wait below.
    const statementTimeoutMs = 25_000;
    t = await createTestApp('postgres', {
      ARCHWAY_DEMO: 'false',
      DB_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    });
    addSlowRoute(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    const marker = `guards-${randomUUID()}`;
    let answered = false;
    const req = http.get(`http://127.0.0.1:${addr.port}/test/guards/sleep?marker=${marker}`, () => {
      answered = true;
    });
    req.on('error', () => undefined);
    const app = t;
    await until(() => running(app, marker), { what: 'the statement to run' });
    req.destroy();
    // The backend is idle again long before the statement timeout would have cut the statement.
    await until(async () => !(await running(app, marker)), {
      timeoutMs: statementTimeoutMs - 5_000,
      what: 'the cancelled statement to be gone',
    });
    expect(answered).toBe(false);
  });

  it('answers generic.timeout (HTTP 503) when the statement timeout cuts a statement', async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', DB_STATEMENT_TIMEOUT_MS: '300' });
    addSlowRoute(t);
    const res = await t.app.inject({ method: 'GET', url: '/test/guards/sleep?marker=timeout' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 503,
      data: { key: 'generic.timeout' },
    });
    expect(res.body).not.toMatch(/pg_sleep|stack|statement timeout/);
  });
});
