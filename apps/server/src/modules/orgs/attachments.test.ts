import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';

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
    const { rows } = await t.app.platform.db.execute(
      `select count(*)::int as n from attachments where user_id = '${org.owner.userId}'`,
    );
    expect((rows[0] as { n: number }).n).toBe(0);
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
