import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { cleanUpAttachments } from './attachments.jobs.ts';

describe.each(engines)('POST /attachment and GET /attachment/{id} (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const upload = async (
    auth: { authorization: string } | undefined,
    file: Parameters<typeof formData>[1],
  ) => {
    const form = formData({}, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/attachment',
      headers: { ...form.headers, ...auth },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const read = (auth: { authorization: string }, url: string, range?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth, ...(range ? { range } : {}) } });

  it('stores a licence checked by its content and reads it back whole and by range', async () => {
    const org = await f.org();
    const bytes = sample.pdf(5000);
    const { body } = await upload(org.owner.headers, { field: 'file', name: 'Licence 营业执照.pdf', bytes });
    expect(body).toMatchObject({
      success: true,
      data: { name: 'Licence 营业执照.pdf', size: 5000, type: 'pdf' },
    });
    const whole = await read(org.owner.headers, body.data.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    const part = await read(org.owner.headers, body.data.url, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload.equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
    expect((await read(org.owner.headers, body.data.url, 'bytes=6000-')).statusCode).toBe(416);
  });

  it('refuses by content, size and absence, storing nothing', async () => {
    const org = await f.org();
    const refused = async (file: Parameters<typeof formData>[1], key: string) => {
      const { status, body } = await upload(org.owner.headers, file);
      expect({ status, success: body.success, key: body.data?.key }).toEqual({
        status: 400,
        success: false,
        key,
      });
    };
    await refused({ field: 'file', name: 'licence.png', bytes: sample.text() }, 'file.format');
    await refused({ field: 'file', name: 'licence.gif', bytes: sample.gif() }, 'file.format');
    await refused(
      { field: 'file', name: 'licence.pdf', bytes: sample.pdf(10 * 1024 * 1024 + 1) },
      'file.tooLarge',
    );
    await refused({ field: 'other', name: 'licence.pdf', bytes: sample.pdf() }, 'file.missing');
    await refused(undefined, 'file.missing');
    const json = await t.app.inject({
      method: 'POST',
      url: '/attachment',
      headers: org.owner.headers,
      payload: {},
    });
    expect(json.json()).toMatchObject({ success: false, data: { key: 'file.missing' } });
    const [row] = await rowsOf<{ n: number }>(
      t.app.platform.db,
      sql`select count(*)::int as n from attachments where user_id = ${org.owner.userId}`,
    );
    expect(row!.n).toBe(0);
  });

  it('shows a licence to its organization only; anyone else is told it does not exist', async () => {
    const org = await f.org();
    const { body } = await upload(org.owner.headers, { field: 'file', name: 'l.png', bytes: sample.png() });
    const colleague = await f.user({ custId: org.custId });
    expect((await read(colleague.headers, body.data.url)).statusCode).toBe(200);
    const stranger = (await f.org()).owner;
    const refused = await read(stranger.headers, body.data.url);
    expect(refused.json()).toMatchObject({ success: false, data: { key: 'generic.objectNotFound' } });
    const anonymous = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(anonymous.statusCode).toBe(401);
    const missing = await read(org.owner.headers, '/attachment/00000000-0000-4000-8000-000000000000');
    expect(missing.json()).toMatchObject({ success: false, data: { key: 'generic.objectNotFound' } });
  });

  it('refuses anonymous uploads', async () => {
    const { status } = await upload(undefined, { field: 'file', name: 'l.png', bytes: sample.png() });
    expect(status).toBe(401);
  });
});

describe.each(engines)('attachment cleanup (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  it('removes a licence no organization named after a day, and stored files without a row; keeps the rest', async () => {
    const { db, storage } = t.app.platform;
    const person = await f.user(null);
    const form = formData({}, { field: 'file', name: 'l.pdf', bytes: sample.pdf() });
    const upload = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/attachment',
          headers: { ...form.headers, ...person.headers },
          payload: form.payload,
        })
      ).json().data as { id: string };
    await upload(); // never named by an organization
    const used = await upload();
    const org = await f.org();
    await db.execute(`update customers set license_file = '${used.id}' where id = '${org.custId}'`);
    await storage.put('attachments/licence/00000000-0000-4000-8000-00000000abcd', Buffer.from('stray'));

    expect(await cleanUpAttachments(db, storage)).toBe(0);
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await cleanUpAttachments(db, storage, later)).toBe(0); // claimed within the hour: not run again
    await db.execute(`delete from jobs where name = 'attachments.unused'`);
    expect(await cleanUpAttachments(db, storage, later)).toBe(2);
    const left = await rowsOf<{ id: string }>(db, sql`select id from attachments`);
    expect(left.map((r) => r.id)).toEqual([used.id]);
    expect(await storage.stat('attachments/licence/00000000-0000-4000-8000-00000000abcd')).toBeUndefined();
  });
});
