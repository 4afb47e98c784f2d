import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { factories, platformAdmin } from '../testing/factories.ts';
import { MAX_JSON_DEPTH, jsonNestingExceeds } from './input-guard.ts';

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Bodies no route may answer with a 500 (raw JSON text, so lone surrogates and NULs survive as escapes). */
const BAD_BODIES: [string, string, string?][] = [
  ['a NUL byte in a value', '{"name":"a\\u0000b","username":"a\\u0000","property":{"x":"\\u0000"}}'],
  ['a lone high surrogate', '{"name":"\\ud800","username":"\\ud800","property":{"x":"\\ud800"}}'],
  ['a lone low surrogate', '{"name":"x\\udc00","username":"x\\udc00","property":{"x":"\\udc00y"}}'],
  ['a NUL byte in a key', '{"name":"ok","property":{"a\\u0000":1}}'],
  ['JSON nested too deep', nested(MAX_JSON_DEPTH + 1)],
  ['100,000 open arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['malformed JSON', '{"name": '],
  ['an empty JSON body', ''],
  ['prototype poisoning', '{"__proto__":{"admin":true},"name":"xy"}'],
  ['constructor poisoning', '{"constructor":{"prototype":{"admin":true}},"name":"xy"}'],
  // HTTP 413 "request too large" (generic 413), checked on its own below.
  ['a body over 1 MiB', `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`],
  ['a string where an object is expected', '"text"'],
  ['wrong types', '{"name":12,"username":[],"property":"x"}'],
  ['an XML body', '<name>x</name>', 'application/xml'],
];

const noInternals = (body: string) => {
  expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(body).not.toMatch(/stack|FST_|SQLSTATE|postgres|pglite|drizzle/i);
};

describe('no 500 on bad input', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    const app = t.app.withTypeProvider<ZodTypeProvider>();
    const rows = async (query: SQL) => ((await t.app.platform.db.execute(query)) as { rows: unknown[] }).rows;
    // Routes that hand their input to PostgreSQL unchecked: the guards must stop it first.
    app.post(
      '/test/echo',
      { config: { access: 'public' }, schema: { body: z.object({ name: z.string() }) } },
      async (req) => rows(sql`select ${req.body.name}::text as name`),
    );
    app.get(
      '/test/item/:id',
      { config: { access: 'public' }, schema: { params: z.object({ id: z.string() }) } },
      async (req) => rows(sql`select ${req.params.id}::uuid as id`),
    );
    app.get(
      '/test/search',
      { config: { access: 'public' }, schema: { querystring: z.object({ key: z.string() }) } },
      async (req) => rows(sql`select ${req.query.key}::text as key`),
    );
    auth = (await factories(t.app).org()).owner.headers;
  });
  afterAll(() => t.close());

  it('counts JSON nesting without parsing, strings skipped', () => {
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\"${'['.repeat(100)}"}`)).toBe(false);
  });

  it('still serves good input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'ok 😀' } });
    expect(res.json()).toEqual([{ name: 'ok 😀' }]);
  });

  it.each(BAD_BODIES)(
    '%s → HTTP 400 in the envelope, on every kind of route',
    async (_name, payload, type) => {
      const targets = [
        { url: '/test/echo', method: 'POST' as const, headers: {} },
        { url: '/account/token', method: 'POST' as const, headers: {} },
        { url: '/api2/user', method: 'PUT' as const, headers: auth },
      ];
      for (const target of targets) {
        const res = await t.app.inject({
          ...target,
          headers: { ...target.headers, 'content-type': type ?? 'application/json' },
          payload,
        });
        const tooLarge = payload.length > 1024 * 1024;
        expect(res.statusCode, `${target.url}: ${res.body.slice(0, 200)}`).toBe(tooLarge ? 413 : 400);
        if (tooLarge)
          expect(res.json()).toMatchObject({
            errorCode: 413,
            data: { key: 'generic.requestTooLarge', field: 'body' },
          });
        const body = res.json();
        expect(body.success, target.url).toBe(false);
        expect(typeof body.errorCode).toBe('number');
        expect(body.data.key).toBeTypeOf('string');
        noInternals(res.body);
      }
    },
  );

  it('names the body as the offending field of a too-deep or unsafe body', async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: nested(40),
    });
    expect(deep.json()).toMatchObject({ errorCode: 400, data: { key: 'generic.validation', field: 'body' } });
    const nul = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a\\u0000"}',
    });
    expect(nul.json()).toMatchObject({ errorCode: 400, data: { field: 'body.name' } });
  });

  it.each([
    ['a non-UUID id', '/test/item/not-a-uuid', 400],
    ['a NUL byte in a path parameter', '/test/item/%00', 400],
    ['a NUL byte in the query', '/test/search?key=a%00b', 400],
    ['a bad percent-encoding in the path', '/test/item/%E0%A4%A', 400],
    ['a URL that is not one', '/test/%', 400],
    // Undecodable query text stays literal text (safe to store), so these are answered.
    ['a lone surrogate in the query (undecodable UTF-8)', '/test/search?key=%ED%A0%80', 200],
    ['a bad percent-encoding in the query', '/test/search?key=%E0%A4%A', 200],
  ])('%s → HTTP %i (never a 500)', async (_name, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    if (status === 400) expect(res.json()).toMatchObject({ success: false, errorCode: 400 });
    noInternals(res.body);
  });

  it('answers a property object that is too large or too deep with the parameter error', async () => {
    for (const property of [{ big: 'x'.repeat(17 * 1024) }, JSON.parse(nested(12))]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api2/user',
        headers: auth,
        payload: { property },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('every route with a path parameter, called with ids that are not', () => {
  let t: TestApp;
  let headers: Record<string, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    await t.app.ready();
    // A member of a clinic, and an administrator of no organization.
    headers = {
      clinic: (await factories(t.app).org()).owner.headers,
      admin: (await platformAdmin(t.app)).headers,
    };
  });
  afterAll(() => t.close());

  it('answers 4xx, never 500', async () => {
    const routes = t.app.routeAccess.filter(
      (r) => r.url.includes(':') && !/^\/(oidc|docs|v5\/\*)/.test(r.url) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const r of routes) {
      for (const id of [
        'not-a-uuid',
        '%00',
        '1',
        "1'%20or%20'1'='1",
        '00000000-0000-0000-0000-00000000000g',
      ]) {
        const url = r.url.replace(/:[A-Za-z_]+/g, id);
        for (const who of Object.keys(headers)) {
          const res = await t.app.inject({
            method: r.method as 'GET',
            url,
            headers: headers[who],
            ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(`${r.method} ${url} as ${who}: ${res.statusCode} ${res.body}`);
          else noInternals(res.body);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
