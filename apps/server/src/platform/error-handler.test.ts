import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { openDatabase } from './db/client.ts';

describe.each(engines)('error envelope (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const app = t.app.withTypeProvider<ZodTypeProvider>();
    app.get('/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals at /srv/x.ts:12');
    });
    app.get('/test/db', { config: { access: 'public' } }, async () => {
      const other = await openDatabase({ databaseUrl: t.env.DATABASE_URL, dataDir: `${t.dataDir}/other` });
      try {
        await other.db.execute(sql`select * from no_such_table`);
      } finally {
        await other.close();
      }
    });
    app.post(
      '/test/echo',
      { config: { access: 'public' }, schema: { body: z.strictObject({ name: z.string().min(2) }) } },
      async (req) => req.body,
    );
  });
  afterAll(() => t.close());

  it('answers an unknown path with HTTP 404 and code 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      errorCode: 200,
      errorMessage: 'Request path not found',
      data: { key: 'generic.notFound' },
    });
  });

  it('hides unexpected errors behind code 300', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 300,
      data: { key: 'generic.application' },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('answers database failures with code 310', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/db' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ errorCode: 310, data: { key: 'generic.database' } });
    expect(res.body).not.toContain('no_such_table');
  });

  it('names the field of a validation error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 400,
      data: { key: 'generic.validation', field: 'body.name' },
    });
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'xy', admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 400, data: { key: 'generic.validation' } });
  });

  it('answers in zh, pt, else en (error messages follow Accept-Language)', async () => {
    const get = (lang: string) =>
      t.app.inject({ method: 'GET', url: '/nope', headers: { 'accept-language': lang } });
    expect((await get('zh')).json().errorMessage).toBe('请求路径不存在');
    expect((await get('pt')).json().errorMessage).toBe('Caminho do pedido não encontrado');
    expect((await get('de')).json().errorMessage).toBe('Request path not found');
  });

  it('refuses a malformed body without internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 400 });
  });
});
