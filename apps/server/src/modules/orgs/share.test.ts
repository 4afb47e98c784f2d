import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { formData, sample, type FormFile } from '../../testing/multipart.ts';
import { memberships } from './orgs.schema.ts';
import { attachments } from '../attachments/attachments.schema.ts';

const MB20 = 20 * 1024 * 1024;

describe.each(engines)('report customization and clinic share info (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let org: OrgRef;
  let admin: PersonRef;
  let member: PersonRef;
  let other: OrgRef;
  let otherAdmin: PersonRef;

  const makeAdministrator = async (o: OrgRef) => {
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, o.owner.userId), eq(memberships.custId, o.custId)));
    return o.owner;
  };
  const post = async (
    who: { headers: { authorization: string } },
    url: string,
    file?: FormFile,
    fields: Record<string, string> = {},
  ) => {
    const form = formData(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, ...who.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const get = (who: { headers: { authorization: string } }, url: string, range?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...(range ? { range } : {}) } });
  const countAttachments = async (custId: string) =>
    (await t.app.platform.db.select().from(attachments).where(eq(attachments.custId, custId))).length;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own two clinics: pictures, logos and the video stay behind otherwise.
  beforeEach(async () => {
    org = await f.org();
    admin = await makeAdministrator(org);
    member = await f.user(org);
    other = await f.org();
    otherAdmin = await makeAdministrator(other);
  });

  describe('logo and background', () => {
    it('uploads, replaces, reads and deletes; content is {logo, backgroud}', async () => {
      const logoContent = async (who: PersonRef, custId?: string) =>
        JSON.parse(
          expectOk(await who.call('GET', `/user/find/logo${custId ? `?custId=${custId}` : ''}`)).content,
        );
      expect(await logoContent(admin)).toEqual({ logo: null, backgroud: null });
      const logo = expectOk(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'logo.png', bytes: sample.png(300) },
          { type: '0' },
        ),
      );
      expect(logo).toMatchObject({ type: 0, url: `/attachment/${logo.id}` });
      const bg = expectOk(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'bg.jpg', bytes: sample.jpg(500) },
          { type: '1' },
        ),
      );
      expect(await logoContent(member)).toEqual({ logo: logo.url, backgroud: bg.url });
      // Anyone signed in may read another organization's logo (reports and partners show it).
      expect(await logoContent(otherAdmin, org.custId)).toEqual({ logo: logo.url, backgroud: bg.url });
      const read = await get(otherAdmin, logo.url);
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.length).toBe(300);
      // A new logo replaces the old one, whose file goes.
      const logo2 = expectOk(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'logo2.jpg', bytes: sample.jpg(100) },
          { type: '0' },
        ),
      );
      expect(await logoContent(admin)).toEqual({ logo: logo2.url, backgroud: bg.url });
      expect((await get(admin, logo.url)).json()).toMatchObject({ errorCode: 404 });
      expect(await countAttachments(org.custId)).toBe(2);
      expect(expectOk(await admin.call('DELETE', '/user/delete/logo?type=1'))).toEqual({ type: 1 });
      expect(await logoContent(admin)).toEqual({ logo: logo2.url, backgroud: null });
      expectOk(await admin.call('DELETE', '/user/delete/logo?type=0'));
      expect(await countAttachments(org.custId)).toBe(0);
      // Unknown organization.
      expect(
        (await admin.call('GET', '/user/find/logo?custId=00000000-0000-4000-8000-000000000000')).body,
      ).toMatchObject({ success: false, data: { key: 'cust.notFound' } });
    });

    it('refuses by content, size, type and role', async () => {
      const refused = async (res: { status: number; body: any }, code: number, key: string) => {
        expectCode(res, code);
        expect(res.body.data.key).toBe(key);
      };
      await refused(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'logo.png', bytes: sample.text() },
          { type: '0' },
        ),
        -1,
        'report.reportPreviewImgStyle',
      );
      await refused(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'logo.gif', bytes: sample.gif() },
          { type: '0' },
        ),
        -1,
        'report.reportPreviewImgStyle',
      );
      await refused(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'big.png', bytes: sample.png(MB20 + 1) },
          { type: '0' },
        ),
        -2,
        'report.reportPreviewImgSize',
      );
      await refused(
        await post(
          admin,
          '/user/add/logo',
          { field: 'logo', name: 'logo.png', bytes: sample.png() },
          { type: '2' },
        ),
        -8,
        'report.parameter',
      );
      await refused(await admin.call('DELETE', '/user/delete/logo?type=5'), -8, 'report.parameter');
      await refused(
        await post(
          member,
          '/user/add/logo',
          { field: 'logo', name: 'logo.png', bytes: sample.png() },
          { type: '0' },
        ),
        -7,
        'report.notAdministrator',
      );
      await refused(await member.call('DELETE', '/user/delete/logo?type=0'), -7, 'report.notAdministrator');
      expect((await post(admin, '/user/add/logo', undefined, { type: '0' })).body.data.key).toBe(
        'file.missing',
      );
      expect(await countAttachments(org.custId)).toBe(0);
    });
  });

  describe('share pictures and info', () => {
    it('adds pictures (res is the name), lists them in shareInfo, deletes by name; another organization cannot', async () => {
      expectOk(await admin.call('POST', '/cust/clinic/setting', { type: 2, introduction: 'Welcome' }));
      expectOk(await admin.call('POST', '/cust/clinic/setting', { type: 3, fontColor: '#00aa88' }));
      const a = expectOk(
        await post(admin, '/cust/clinic/share/img', { field: 'file', name: 'a.png', bytes: sample.png() }),
      );
      const b = expectOk(
        await post(admin, '/cust/clinic/share/img', { field: 'file', name: 'b.jpg', bytes: sample.jpg() }),
      );
      expect(a.url).toBe(`/attachment/${a.res}`);
      const info = expectOk(await otherAdmin.call('GET', `/cust/clinic/shareInfo?custId=${org.custId}`));
      expect(info).toEqual({
        custInfo: { custInfo: 'Welcome' },
        sharePicture: { sharePicture: `${a.res},${b.res}` },
        shareColor: { shareColor: '#00aa88' },
        shareVideo: { shareVideo: null },
      });
      expect(expectOk(await member.call('GET', '/cust/clinic/shareInfo'))).toEqual(info);
      // Another organization's administrator: the name is not found; nothing changes.
      const foreign = await otherAdmin.call('DELETE', `/cust/clinic/delete/img?name=${a.res}`);
      expectCode(foreign, 404);
      expectCode(await member.call('DELETE', `/cust/clinic/delete/img?name=${a.res}`), -7);
      expect(expectOk(await admin.call('DELETE', `/cust/clinic/delete/img?name=${a.res}`))).toEqual({
        name: a.res,
      });
      expectCode(await admin.call('DELETE', `/cust/clinic/delete/img?name=${a.res}`), 404);
      expect(expectOk(await admin.call('GET', '/cust/clinic/shareInfo')).sharePicture).toEqual({
        sharePicture: b.res,
      });
      expectOk(await admin.call('DELETE', `/cust/clinic/delete/img?name=${b.res}`));
      expect(expectOk(await admin.call('GET', '/cust/clinic/shareInfo')).sharePicture).toEqual({
        sharePicture: '',
      });
      expect(await countAttachments(org.custId)).toBe(0);
    });

    it('refuses the wrong content, size, a tenth picture, and an unknown organization', async () => {
      expectCode(
        await post(admin, '/cust/clinic/share/img', { field: 'file', name: 'x.png', bytes: sample.pdf() }),
        -1,
      );
      expectCode(
        await post(admin, '/cust/clinic/share/img', {
          field: 'file',
          name: 'x.png',
          bytes: sample.png(MB20 + 1),
        }),
        -2,
      );
      const ids: string[] = [];
      for (let i = 0; i < 9; i++)
        ids.push(
          expectOk(
            await post(admin, '/cust/clinic/share/img', {
              field: 'file',
              name: `${i}.png`,
              bytes: sample.png(),
            }),
          ).res,
        );
      const tenth = await post(admin, '/cust/clinic/share/img', {
        field: 'file',
        name: '9.png',
        bytes: sample.png(),
      });
      expectCode(tenth, -6);
      expect(tenth.body.data.key).toBe('report.tooManyPictures');
      expect(await countAttachments(org.custId)).toBe(9);
      for (const id of ids) expectOk(await admin.call('DELETE', `/cust/clinic/delete/img?name=${id}`));
      expect(
        (await admin.call('GET', '/cust/clinic/shareInfo?custId=00000000-0000-4000-8000-000000000000')).body
          .data.key,
      ).toBe('cust.notFound');
      expectCode(await admin.call('DELETE', '/cust/clinic/delete/img?name=picture.png'), 400);
    });
  });

  describe('the share video', () => {
    it('one mp4 at a time, streamed with Range; a text file named .mp4 is refused', async () => {
      const renamed = await post(admin, '/cust/clinic/video', {
        field: 'video',
        name: 'clip.mp4',
        bytes: sample.text(),
        type: 'video/mp4',
      });
      expectCode(renamed, -3);
      expect(renamed.body.data.key).toBe('report.reportPreviewVideoStyle');
      const big = await post(admin, '/cust/clinic/video', {
        field: 'video',
        name: 'big.mp4',
        bytes: sample.mp4(MB20 + 1),
      });
      expectCode(big, -4);
      expect(big.body.data.key).toBe('report.reportPreviewVideoSize');
      expectCode(
        await post(member, '/cust/clinic/video', { field: 'video', name: 'v.mp4', bytes: sample.mp4() }),
        -7,
      );

      const bytes = sample.mp4(100_000);
      const video = expectOk(
        await post(admin, '/cust/clinic/video', { field: 'video', name: 'clinic.mp4', bytes }),
      );
      expect(video).toMatchObject({ size: 100_000, url: `/attachment/${video.id}` });
      // A second video is refused until the first is deleted.
      const second = await post(admin, '/cust/clinic/video', {
        field: 'video',
        name: 'again.mp4',
        bytes: sample.mp4(),
      });
      expectCode(second, -5);
      expect(second.status).toBe(409);
      expect(second.body.data.key).toBe('report.videoExists');
      expect(await countAttachments(org.custId)).toBe(1);
      expect(expectOk(await admin.call('GET', '/cust/clinic/shareInfo')).shareVideo).toEqual({
        shareVideo: video.id,
      });

      // The stream: whole, one range (206 with the right bytes), an unsatisfiable range (416); other organizations too.
      const whole = await get(otherAdmin, `/cust/clinic/video?custId=${org.custId}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(Buffer.from(bytes))).toBe(true);
      const part = await get(admin, '/cust/clinic/video', 'bytes=1000-1999');
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 1000-1999/100000');
      expect(part.rawPayload.equals(Buffer.from(bytes.subarray(1000, 2000)))).toBe(true);
      const tail = await get(admin, '/cust/clinic/video', 'bytes=-10');
      expect(tail.rawPayload.equals(Buffer.from(bytes.subarray(99_990)))).toBe(true);
      expect((await get(admin, '/cust/clinic/video', 'bytes=200000-')).statusCode).toBe(416);
      // Another organization has no video: not found; it cannot delete this one (it has none of its own).
      expect((await get(otherAdmin, '/cust/clinic/video')).json()).toMatchObject({ errorCode: 404 });
      expectCode(await otherAdmin.call('DELETE', '/cust/clinic/video'), 404);
      expectCode(await member.call('DELETE', '/cust/clinic/video'), -7);

      expect(expectOk(await admin.call('DELETE', '/cust/clinic/video'))).toEqual({ id: video.id });
      expect(await countAttachments(org.custId)).toBe(0);
      expect((await get(admin, '/cust/clinic/video')).json()).toMatchObject({ errorCode: 404 });
      expectCode(await admin.call('DELETE', '/cust/clinic/video'), 404);
      const replaced = expectOk(
        await post(admin, '/cust/clinic/video', { field: 'video', name: 'new.mp4', bytes: sample.mp4(500) }),
      );
      expect(expectOk(await admin.call('GET', '/cust/clinic/shareInfo')).shareVideo).toEqual({
        shareVideo: replaced.id,
      });
    });
  });
});
