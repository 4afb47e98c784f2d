import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { auditLog } from './audit.schema.ts';
import { audit, auditText } from './audit.ts';

/** Text PostgreSQL refuses (a NUL byte) or cannot keep (lone surrogates), each shown visibly in the audit log. */
const NUL = '\u0000';
const HIGH = '\ud800';
const LOW = '\udc00';

describe('auditText', () => {
  it('shows a NUL byte and lone surrogates as escapes, keeps everything else as it is', () => {
    expect(auditText(`a${NUL}b`)).toBe('a\\u0000b');
    expect(auditText(`x${HIGH}y${LOW}`)).toBe('x\\ud800y\\udc00');
    expect(auditText(`${LOW}${HIGH}`)).toBe('\\udc00\\ud800');
    expect(auditText('ok 😀 ü \\u0000 \t')).toBe('ok 😀 ü \\u0000 \t');
  });
});

describe('the audit log records an entry whatever bytes it holds', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const rowOf = async (requestId: string) =>
    (
      await t.app.platform.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.requestId, requestId))
        .orderBy(desc(auditLog.id))
    )[0];

  beforeAll(async () => {
    // One proxy hop is trusted, so X-Forwarded-For is the caller's address, as behind a reverse proxy.
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', TRUST_PROXY: '1' });
    auth = (await factories(t.app).org()).owner.headers;
  });
  afterAll(() => t.close());

  it('writes an entry with NUL bytes and lone surrogates in every text, escaped', async () => {
    await audit(
      t.app.platform.db,
      { ip: `203.0.113.1${NUL}`, requestId: 'audit-bytes-direct' },
      {
        action: `probe${NUL}`,
        objectType: `route${HIGH}`,
        objectId: `a${NUL}b${LOW}`,
        outcome: 'refused',
        detail: {
          field: `x${NUL}`,
          [`k${NUL}`]: [`${HIGH}`, { deep: `${LOW}z` }],
          n: 1,
          ok: true,
          none: null,
        },
      },
    );
    expect(await rowOf('audit-bytes-direct')).toMatchObject({
      action: 'probe\\u0000',
      objectType: 'route\\ud800',
      objectId: 'a\\u0000b\\udc00',
      ip: '203.0.113.1\\u0000',
      detail: {
        field: 'x\\u0000',
        'k\\u0000': ['\\ud800', { deep: '\\udc00z' }],
        n: 1,
        ok: true,
        none: null,
      },
    });
  });

  it('records an anonymous call refused for its session with a NUL byte in a path parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/attachment/a%00b',
      headers: { 'x-request-id': 'audit-bytes-anonymous' },
      remoteAddress: '198.51.100.81',
    });
    expect(res.statusCode).toBe(401);
    expect(await rowOf('audit-bytes-anonymous')).toMatchObject({
      action: 'route.access',
      outcome: 'refused',
      objectId: 'GET /attachment/:id id=a\\u0000b',
    });
  });

  it('records a signed-in call refused for a NUL byte in a path parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/attachment/a%00b',
      headers: { ...auth, 'x-request-id': 'audit-bytes-param' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: { field: 'params.id' } });
    expect(await rowOf('audit-bytes-param')).toMatchObject({
      action: 'route.input',
      outcome: 'refused',
      objectId: 'GET /attachment/:id id=a\\u0000b',
      detail: { field: 'params.id' },
    });
  });

  it('records a call refused for a NUL byte in its query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/case/comment/list?caseId=a%00b',
      headers: { ...auth, 'x-request-id': 'audit-bytes-query' },
    });
    expect(res.statusCode).toBe(400);
    expect(await rowOf('audit-bytes-query')).toMatchObject({
      action: 'route.input',
      outcome: 'refused',
      detail: { field: 'querystring.caseId' },
    });
  });

  it('records a refusal whose caller address (a forwarded header) holds a NUL byte', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/attachment/a%00b',
      headers: { 'x-request-id': 'audit-bytes-header', 'x-forwarded-for': `198.51.100.82${NUL}` },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(401);
    expect(await rowOf('audit-bytes-header')).toMatchObject({
      action: 'route.access',
      ip: '198.51.100.82\\u0000',
      objectId: 'GET /attachment/:id id=a\\u0000b',
    });
  });
});
