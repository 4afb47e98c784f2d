import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { factories, type PersonRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { DEMO_IMAGE } from '../../demo/seed-updates.ts';
import { users } from '../account/users.schema.ts';
import { releaseNotes } from './updates.schema.ts';

const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
const XSS =
  '<p onclick="alert(1)">Hi<script>alert(2)</script><img src="javascript:alert(3)" onerror="alert(4)">' +
  '<a href="javascript:alert(5)">x</a><svg><script>alert(6)</script></svg><iframe src="https://evil.test"></iframe>' +
  '<img src="data:image/png;base64,AAAA"><a href="https://archway.test/help" style="color:red">ok</a></p>';
const dangerous = /script|onclick|onerror|javascript:|data:|<svg|<iframe|style=/i;

describe.each(engines)('update notes (%s)', (engine) => {
  let t: TestApp;
  let admin: PersonRef;
  let user: PersonRef;

  /**
   * An app with the demo data on (it ships three notes of the web app: 1.9.0, 1.10.0 with a picture, 1.11.0), an
   * administrator and a member, around the describe that calls it. The tests that only read share one app; the tests
   * that write notes have another, so the readers' exact lists never see a written note. (Describes run one after
   * the other, so `t`, `admin` and `user` are always the running describe's.)
   */
  const withDemoNotes = () => {
    beforeAll(async () => {
      t = await createTestApp(engine);
      const f = factories(t.app);
      admin = await f.user();
      await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
      user = (await f.org()).owner;
    });
    afterAll(() => t.close());
  };

  const auditRows = (action: string, objectId: string) =>
    t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.objectId, objectId)));
  const upload = (type: number, version: string, bytes: Uint8Array, who = admin) => {
    const form = formData({}, { field: 'file', name: 'shot.png', bytes });
    return t.app
      .inject({
        method: 'POST',
        url: `/api2/admin/updates/${type}/${version}/images`,
        headers: { ...who.headers, ...form.headers },
        payload: form.payload,
      })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
  };

  describe('the demo notes, read', () => {
    withDemoNotes();

    it('answers the documented list: state, list (Version, Topic, CreateTime, ReleaseType), version', async () => {
      const res = await user.call('GET', '/UpdateLog/getLogList?type=1');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual(['list', 'state', 'version']);
      expect(data.state).toBe(1);
      expect(data.version).toBe('1.11.0');
      // Latest version first, by semantic order (1.10.0 after 1.9.0).
      expect(data.list.map((i: { Version: string }) => i.Version)).toEqual(['1.11.0', '1.10.0', '1.9.0']);
      for (const item of data.list) {
        expect(Object.keys(item).sort()).toEqual(['CreateTime', 'ReleaseType', 'Topic', 'Version']);
        expect(item.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        expect(item.ReleaseType).toBe(1);
      }
      expect(data.list[1].Topic).toBe('Order forms, case design and the model builder');

      const scanner = await user.call('GET', '/UpdateLog/getLogList?type=2');
      expect(scanner.body.data).toEqual({ state: 0, list: [], version: '' });
    });

    it('answers the documented detail: ContentDetail (title, text, images, subContent), ReleaseType, Version', async () => {
      const res = await user.call('GET', '/UpdateLog/getLogDetail?type=1&version=1.10.0');
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual([
        'ContentDetail',
        'CreateTime',
        'ReleaseType',
        'Topic',
        'Version',
      ]);
      expect(data.Version).toBe('1.10.0');
      expect(data.ReleaseType).toBe(1);
      const [first, , third] = data.ContentDetail;
      expect(Object.keys(first).sort()).toEqual(['images', 'subContent', 'text', 'title']);
      expect(first.title).toBe('Order forms');
      expect(first.text).toContain('<strong>/customizeOrder</strong>');
      expect(first.images).toEqual([DEMO_IMAGE]);
      expect(third.subContent[0]).toMatchObject({ title: 'Report links', images: [], subContent: [] });

      expect(await user.call('GET', '/UpdateLog/getLogDetail?type=1&version=9.9.9')).toMatchObject({
        status: 400,
        body: refused(-2, 'updates.notFound'),
      });
      expect(await user.call('GET', '/UpdateLog/getLogDetail?type=2&version=1.10.0')).toMatchObject({
        status: 400,
        body: refused(-2, 'updates.notFound'),
      });
      expect((await user.call('GET', '/UpdateLog/getLogDetail?type=x&version=1')).body).toMatchObject(
        refused(-1, 'updates.parameter'),
      );
    });

    it('needs a token for the list and the detail', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/UpdateLog/getLogList?type=1' });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe(401);
    });

    it("answers in the caller's language: lang, then Accept-Language, then the user's, else English", async () => {
      const topic = async (url: string, headers: Record<string, string> = {}) =>
        (await user.call('GET', url, undefined, headers)).body.data.list[0].Topic as string;
      expect(await topic('/UpdateLog/getLogList?type=1&lang=de')).toBe(
        'Hilfe, Neuigkeiten und Client-Downloads',
      );
      expect(await topic('/UpdateLog/getLogList?type=1', { 'accept-language': 'de-DE,de;q=0.9' })).toBe(
        'Hilfe, Neuigkeiten und Client-Downloads',
      );
      // French is not written: English.
      expect(await topic('/UpdateLog/getLogList?type=1&lang=fr')).toBe(
        'Help, update notes and client downloads',
      );
      expect(await topic('/UpdateLog/getLogList?type=1', { 'accept-language': 'ja' })).toBe(
        'Help, update notes and client downloads',
      );
      await t.app.platform.db.update(users).set({ language: 'de' }).where(eq(users.id, user.userId));
      expect(await topic('/UpdateLog/getLogList?type=1')).toBe('Hilfe, Neuigkeiten und Client-Downloads');
      await t.app.platform.db.update(users).set({ language: null }).where(eq(users.id, user.userId));
      const detail = await user.call('GET', '/UpdateLog/getLogDetail?type=1&version=1.10.0&lang=de');
      expect(detail.body.data.ContentDetail[0].title).toBe('Auftragsformulare');
      expect(detail.body.data.Topic).toBe('Auftragsformulare, Falldesign und der Modellbauer');
    });

    it('serves an image of a note without a token, cached; anything else is a catalogue refusal, never 404', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/UpdateLog/image?name=${DEMO_IMAGE}&version=1.10.0&releaseType=1`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect([...res.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

      for (const query of [
        `name=img-ffffffffffff.png&version=1.10.0&releaseType=1`,
        `name=${DEMO_IMAGE}&version=1.9.0&releaseType=1`,
        `name=${DEMO_IMAGE}&version=1.10.0&releaseType=3`,
        `name=../../etc/passwd&version=1.10.0`,
      ]) {
        const refusal = await t.app.inject({ method: 'GET', url: `/UpdateLog/image?${query}` });
        expect(refusal.statusCode, query).toBe(400);
        expect(refusal.json(), query).toMatchObject(refused(-7, 'updates.imageNotFound'));
      }
      const noName = await t.app.inject({ method: 'GET', url: '/UpdateLog/image?version=1.10.0' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json()).toMatchObject(refused(-1, 'updates.parameter'));
    });

    it('refuses everyone but administrators with HTTP 403 code 100 on every console call', async () => {
      for (const [method, url, payload] of [
        ['GET', '/api2/admin/updates', undefined],
        ['GET', '/api2/admin/updates/1/1.10.0', undefined],
        ['POST', '/api2/admin/updates', { type: 1, version: '5.0.0', texts: { en: { topic: 'x' } } }],
        [
          'PUT',
          '/api2/admin/updates/1/1.10.0',
          { type: 1, version: '1.10.0', texts: { en: { topic: 'x' } } },
        ],
        ['DELETE', '/api2/admin/updates/1/1.10.0', undefined],
        ['DELETE', `/api2/admin/updates/1/1.10.0/images/${DEMO_IMAGE}`, undefined],
        ['GET', '/api2/admin/client/downloads', undefined],
        ['PUT', '/api2/admin/client/downloads', { list: [] }],
      ] as const) {
        const res = await user.call(method, url, payload);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body, `${method} ${url}`).toMatchObject(refused(100, 'generic.permission'));
      }
      const form = await upload(1, '1.10.0', sample.png(128), user);
      expect(form.status).toBe(403);
      expect(form.body.errorCode).toBe(100);
      // Nothing changed.
      expect((await user.call('GET', '/UpdateLog/getLogList?type=1')).body.data.list).toHaveLength(3);
    });

    it('lists the notes for the console, reads one with its images', async () => {
      const list = await admin.call('GET', '/api2/admin/updates?type=1');
      expect(list.body.data.map((r: { version: string }) => r.version)).toEqual([
        '1.11.0',
        '1.10.0',
        '1.9.0',
      ]);
      expect(list.body.data[1]).toMatchObject({
        type: 1,
        releaseType: 1,
        languages: ['en', 'de'],
        images: 1,
      });
      const note = await admin.call('GET', '/api2/admin/updates/1/1.10.0');
      expect(note.body.data.texts.de.topic).toBe('Auftragsformulare, Falldesign und der Modellbauer');
      expect(note.body.data.images).toEqual([
        {
          name: DEMO_IMAGE,
          size: expect.any(Number),
          contentType: 'image/png',
          url: `/UpdateLog/image?name=${DEMO_IMAGE}&version=1.10.0&releaseType=1`,
        },
      ]);
      expect((await admin.call('GET', '/api2/admin/updates/1/0.0.1')).body).toMatchObject(
        refused(-2, 'updates.notFound'),
      );
    });
  });

  describe('notes written in the console', () => {
    withDemoNotes();

    it('writes a note, sanitizing its HTML when saved and again when served', async () => {
      const res = await admin.call('POST', '/api2/admin/updates', {
        type: 1,
        version: '1.11.0-beta.1',
        releaseType: 3,
        texts: {
          en: {
            topic: 'Preview',
            items: [
              {
                title: 'Danger',
                text: XSS,
                subContent: [{ title: 'Deeper', text: XSS, subContent: [{ title: 'Deepest', text: XSS }] }],
              },
            ],
          },
          fr: { topic: '', items: [] },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const saved = res.body.data;
      expect(Object.keys(saved.texts)).toEqual(['en']); // an empty language is left out
      const stored = (
        await t.app.platform.db.select().from(releaseNotes).where(eq(releaseNotes.version, '1.11.0-beta.1'))
      )[0]!.content as {
        en: { items: { text: string; subContent: { text: string; subContent: { text: string }[] }[] }[] };
      };
      const texts = [
        stored.en.items[0]!.text,
        stored.en.items[0]!.subContent[0]!.text,
        stored.en.items[0]!.subContent[0]!.subContent[0]!.text,
      ];
      for (const html of texts) {
        expect(html).not.toMatch(dangerous);
        expect(html).toContain('Hi');
        expect(html).toContain('href="https://archway.test/help"');
      }
      // A beta sorts before its release, after the releases before it: 1.11.0 stays the latest.
      expect((await user.call('GET', '/UpdateLog/getLogList?type=1')).body.data.version).toBe('1.11.0');

      // Whatever got into the database is cleaned on the way out.
      await t.app.platform.db
        .update(releaseNotes)
        .set({
          content: { en: { topic: 'Raw', items: [{ title: 't', text: XSS, images: [], subContent: [] }] } },
        })
        .where(eq(releaseNotes.version, '1.11.0-beta.1'));
      const served = await user.call('GET', '/UpdateLog/getLogDetail?type=1&version=1.11.0-beta.1');
      expect(served.body.data.ContentDetail[0].text).not.toMatch(dangerous);
      expect(served.body.data.ContentDetail[0].text).toContain('Hi');
      expect(
        (await admin.call('GET', '/api2/admin/updates/1/1.11.0-beta.1')).body.data.texts.en.items[0].text,
      ).not.toMatch(dangerous);
      expect(await auditRows('releaseNote.create', '1/1.11.0-beta.1')).toHaveLength(1);
    });

    it('refuses bad notes with their codes, and audits the refusals', async () => {
      const note = (over: Record<string, unknown> = {}) => ({
        type: 1,
        version: '3.0.0',
        releaseType: 1,
        texts: { en: { topic: 'Three', items: [] } },
        ...over,
      });
      for (const [body, code, key, status] of [
        [note({ version: 'v3' }), -4, 'updates.version', 400],
        [note({ version: '1.2.3.4.5' }), -4, 'updates.version', 400],
        [note({ version: `1.${'0'.repeat(40)}` }), -4, 'updates.version', 400],
        [note({ texts: {} }), -5, 'updates.textsRequired', 400],
        [note({ texts: { de: { topic: '', items: [{ title: 'a' }] } } }), -6, 'updates.topicRequired', 400],
        [
          note({ texts: { en: { topic: 'x', items: [{ title: 'a', images: [DEMO_IMAGE] }] } } }),
          -8,
          'updates.imageUnknown',
          400,
        ],
        [note({ version: '1.10.0' }), -3, 'updates.exists', 409],
        [note({ type: 7 }), -1, 'updates.parameter', 400],
        [note({ releaseType: 9 }), -1, 'updates.parameter', 400],
        [note({ texts: { xx: { topic: 'x' } } }), -1, 'updates.parameter', 400],
      ] as const) {
        const res = await admin.call('POST', '/api2/admin/updates', body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body, JSON.stringify(body)).toMatchObject(refused(code, key));
      }
      const refusals = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'releaseNote.create'), eq(auditLog.outcome, 'refused')));
      expect(refusals.length).toBeGreaterThanOrEqual(7);
      expect((await admin.call('GET', '/api2/admin/updates/1/3.0.0')).body).toMatchObject(
        refused(-2, 'updates.notFound'),
      );
    });

    it('adds images to a saved note (by content, size-limited), names them in items, removes them', async () => {
      const created = await admin.call('POST', '/api2/admin/updates', {
        type: 2,
        version: '4.2.0',
        texts: { en: { topic: 'Scanner 4.2', items: [{ title: 'Faster' }] } },
      });
      expect(created.body.data).toMatchObject({ type: 2, version: '4.2.0', releaseType: 1, images: [] });

      expect(await upload(2, '4.2.0', sample.text(256))).toMatchObject({
        status: 400,
        body: refused(-9, 'updates.imageFormat'),
      });
      expect(await upload(2, '4.2.0', sample.pdf(256))).toMatchObject({
        body: refused(-9, 'updates.imageFormat'),
      });
      expect(await upload(2, '4.2.0', sample.png(5 * 1024 * 1024 + 1))).toMatchObject({
        body: refused(-10, 'updates.imageTooLarge'),
      });
      expect(await upload(2, '9.9.9', sample.png(128))).toMatchObject({
        body: refused(-2, 'updates.notFound'),
      });

      const png = await upload(2, '4.2.0', sample.png(300));
      expect(png.status, JSON.stringify(png.body)).toBe(200);
      expect(png.body.data).toMatchObject({ size: 300, contentType: 'image/png' });
      expect(png.body.data.name).toMatch(/^img-[0-9a-f]{12}\.png$/);
      const webp = new Uint8Array(64);
      webp.set([...Buffer.from('RIFF'), 56, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);
      const second = await upload(2, '4.2.0', webp);
      expect(second.body.data).toMatchObject({ contentType: 'image/webp' });
      expect(second.body.data.name).toMatch(/\.webp$/);

      const name = png.body.data.name as string;
      const saved = await admin.call('PUT', '/api2/admin/updates/2/4.2.0', {
        type: 2,
        version: '4.2.0',
        releaseType: 2,
        texts: {
          en: {
            topic: 'Scanner 4.2',
            items: [{ title: 'Faster', images: [name], subContent: [{ title: 'x', images: [name] }] }],
          },
          de: { topic: 'Scanner 4.2', items: [{ title: 'Schneller', images: [second.body.data.name] }] },
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.images).toHaveLength(2);

      // Served, for the new release type only.
      const url = `/UpdateLog/image?name=${name}&version=4.2.0&releaseType=2`;
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.length).toBe(300);
      const detail = await user.call('GET', '/UpdateLog/getLogDetail?type=2&version=4.2.0');
      expect(detail.body.data.ContentDetail[0].images).toEqual([name]);

      const removed = await admin.call('DELETE', `/api2/admin/updates/2/4.2.0/images/${name}`);
      expect(removed.status).toBe(200);
      expect(removed.body.data.images).toHaveLength(1);
      expect(removed.body.data.texts.en.items[0].images).toEqual([]);
      expect(removed.body.data.texts.en.items[0].subContent[0].images).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url })).json()).toMatchObject(
        refused(-7, 'updates.imageNotFound'),
      );
      expect((await admin.call('DELETE', `/api2/admin/updates/2/4.2.0/images/${name}`)).body).toMatchObject(
        refused(-7, 'updates.imageNotFound'),
      );
      expect(await auditRows('releaseNote.image.add', '2/4.2.0')).toHaveLength(2 + 3); // two stored, three refused (the unknown note's is under 2/9.9.9)
      expect(await auditRows('releaseNote.image.delete', '2/4.2.0')).toHaveLength(2);
      expect(await auditRows('releaseNote.update', '2/4.2.0')).toHaveLength(1);
    });

    it('moves a note to another version with its images, refuses a taken one, deletes it with its images', async () => {
      const storedKeys = async () => {
        const keys: string[] = [];
        for await (const o of t.app.platform.storage.list('release-notes/')) keys.push(o.key);
        return keys.sort();
      };
      // A note of this test's own to move onto, with a picture that stays.
      await admin.call('POST', '/api2/admin/updates', {
        type: 2,
        version: '4.8.0',
        texts: { en: { topic: 'Taken', items: [] } },
      });
      const webp = new Uint8Array(64);
      webp.set([...Buffer.from('RIFF'), 56, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);
      expect((await upload(2, '4.8.0', webp)).body.success).toBe(true);
      const kept = await storedKeys();
      // At least the demo's picture and that WebP.
      expect(kept.length).toBeGreaterThanOrEqual(2);

      await admin.call('POST', '/api2/admin/updates', {
        type: 2,
        version: '5.0.0',
        texts: { en: { topic: 'Five', items: [] } },
      });
      const image = await upload(2, '5.0.0', sample.gif(100));
      const name = image.body.data.name as string;
      expect(
        (
          await admin.call('PUT', '/api2/admin/updates/2/5.0.0', {
            type: 2,
            version: '4.8.0',
            texts: { en: { topic: 'Five', items: [] } },
          })
        ).body,
      ).toMatchObject(refused(-3, 'updates.exists'));
      const moved = await admin.call('PUT', '/api2/admin/updates/2/5.0.0', {
        type: 2,
        version: '5.0.1',
        texts: { en: { topic: 'Five', items: [{ title: 'pic', images: [name] }] } },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data.images[0].url).toBe(`/UpdateLog/image?name=${name}&version=5.0.1&releaseType=1`);
      expect((await t.app.inject({ method: 'GET', url: moved.body.data.images[0].url })).statusCode).toBe(
        200,
      );

      expect((await admin.call('DELETE', '/api2/admin/updates/2/5.0.1')).body).toMatchObject({
        success: true,
      });
      expect(
        (await t.app.inject({ method: 'GET', url: moved.body.data.images[0].url })).json(),
      ).toMatchObject(refused(-7, 'updates.imageNotFound'));
      expect((await admin.call('DELETE', '/api2/admin/updates/2/5.0.1')).body).toMatchObject(
        refused(-2, 'updates.notFound'),
      );
      expect(await auditRows('releaseNote.delete', '2/5.0.1')).toHaveLength(2);
      // The demo's picture and the other note's WebP remain; the deleted note's GIF is gone.
      expect(await storedKeys()).toEqual(kept);
    });
  });

  describe('what is new to whom: the seen version, per person, on the server', () => {
    withDemoNotes();
    const seenOf = async (who: PersonRef, type = 1) =>
      (await who.call('GET', `/UpdateLog/seen?type=${type}`)).body;

    it('a new person: the first ask stores the latest as seen, so nothing shows; a later version shows once', async () => {
      const fresh = (await factories(t.app).org()).owner;
      expect(await seenOf(fresh)).toMatchObject({
        success: true,
        data: { version: '1.11.0', seen: '1.11.0', show: false },
      });
      // Asked again (another browser): still nothing.
      expect((await seenOf(fresh)).data).toEqual({ version: '1.11.0', seen: '1.11.0', show: false });

      // A newer version: shown once to the person who used the earlier one, until they have been shown it.
      expect(
        (
          await admin.call('POST', '/api2/admin/updates', {
            type: 1,
            version: '1.12.0',
            texts: { en: { topic: 'Twelve', items: [] } },
          })
        ).body.success,
      ).toBe(true);
      expect((await seenOf(fresh)).data).toEqual({ version: '1.12.0', seen: '1.11.0', show: true });
      const marked = await fresh.call('PUT', '/UpdateLog/seen', { type: 1, version: '1.12.0' });
      expect(marked.body.data).toEqual({ version: '1.12.0', seen: '1.12.0', show: false });
      expect((await seenOf(fresh)).data.show).toBe(false);
      // An older version never takes it back.
      await fresh.call('PUT', '/UpdateLog/seen', { type: 1, version: '1.10.0' });
      expect((await seenOf(fresh)).data).toEqual({ version: '1.12.0', seen: '1.12.0', show: false });

      // Another person (who used 1.11.0) still has 1.12.0 to see: each person's own; one asking first now does not.
      expect((await seenOf(user)).data.show).toBe(false); // first ask (this describe's member): stored 1.12.0
      const colleague = await factories(t.app).user();
      expect((await seenOf(colleague)).data).toEqual({ version: '1.12.0', seen: '1.12.0', show: false });
      // The administrator is a person like any other.
      expect((await seenOf(admin)).data.show).toBe(false);
      expect((await admin.call('DELETE', '/api2/admin/updates/1/1.12.0')).status).toBe(200);
    });

    it('keeps each client apart, and a person who first asked before any note sees the first one', async () => {
      const person = (await factories(t.app).org()).owner;
      expect((await seenOf(person, 2)).data).toEqual({ version: '', seen: '', show: false });
      await admin.call('POST', '/api2/admin/updates', {
        type: 2,
        version: '4.0.0',
        texts: { en: { topic: 'Scanner', items: [] } },
      });
      expect((await seenOf(person, 2)).data).toEqual({ version: '4.0.0', seen: '', show: true });
      expect((await seenOf(person, 1)).data.show).toBe(false);
      await person.call('PUT', '/UpdateLog/seen', { type: 2, version: '4.0.0' });
      expect((await seenOf(person, 2)).data.show).toBe(false);
      expect((await admin.call('DELETE', '/api2/admin/updates/2/4.0.0')).status).toBe(200);
    });

    it('refuses an unknown version, bad input and a caller without a token', async () => {
      const person = (await factories(t.app).org()).owner;
      expect(await person.call('PUT', '/UpdateLog/seen', { type: 1, version: '9.9.9' })).toMatchObject({
        status: 400,
        body: refused(-2, 'updates.notFound'),
      });
      // The note of another client is not this client's.
      expect(
        (await person.call('PUT', '/UpdateLog/seen', { type: 2, version: '1.11.0' })).body,
      ).toMatchObject(refused(-2, 'updates.notFound'));
      expect((await person.call('PUT', '/UpdateLog/seen', { type: 1 })).body).toMatchObject(
        refused(-1, 'updates.parameter'),
      );
      expect((await person.call('GET', '/UpdateLog/seen?type=x')).body).toMatchObject(
        refused(-1, 'updates.parameter'),
      );
      // Another person's id in the body is not read: the caller's own row only.
      await person.call('PUT', '/UpdateLog/seen', { type: 1, version: '1.11.0', userId: admin.userId });
      for (const [method, url] of [
        ['GET', '/UpdateLog/seen?type=1'],
        ['PUT', '/UpdateLog/seen'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === 'PUT' ? { type: 1, version: '1.11.0' } : undefined,
        });
        expect(res.statusCode).toBe(401);
      }
    });
  });
});

describe.each(engines)('client downloads (%s)', (engine) => {
  let t: TestApp;
  let admin: PersonRef;
  let user: PersonRef;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    const f = factories(t.app);
    admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    user = await f.user();
  });
  afterAll(() => t.close());

  it('answers an empty list until set, then the links the administrator set (audited); refuses a link that is not https, keeping the old list', async () => {
    expect((await user.call('GET', '/api/client/downloads')).body).toMatchObject({ success: true, data: [] });
    expect((await admin.call('GET', '/api2/admin/client/downloads')).body.data).toEqual({
      list: [],
      updateTime: null,
    });
    const list = [
      {
        name: 'Archway Scan for Windows',
        platform: 'windows',
        version: '4.2.0',
        url: 'https://downloads.archway.test/scan-4.2.0.msi',
        note: 'Windows 10 or later',
      },
      {
        name: 'Archway Scan for macOS',
        platform: 'macos',
        version: '4.2.0',
        url: 'https://downloads.archway.test/scan.dmg',
        note: '',
      },
    ];
    const put = await admin.call('PUT', '/api2/admin/client/downloads', { list });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const expected = [list[0], { ...list[1], note: undefined }].map((d) => JSON.parse(JSON.stringify(d)));
    expect(put.body.data.list).toEqual(expected);
    const got = await user.call('GET', '/api/client/downloads');
    expect(got.body.data).toEqual(expected);
    for (const item of got.body.data)
      expect(Object.keys(item).every((k) => ['name', 'platform', 'version', 'url', 'note'].includes(k))).toBe(
        true,
      );
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.downloads'), eq(auditLog.outcome, 'allowed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorUserId).toBe(admin.userId);

    // A link that is not https is refused, and the old list stays.
    for (const url of [
      'http://downloads.archway.test/scan.msi',
      'javascript:alert(1)',
      'ftp://x.test/a',
      '/scan.msi',
      'https://user:pw@x.test/a',
    ]) {
      const res = await admin.call('PUT', '/api2/admin/client/downloads', {
        list: [
          { name: 'ok', platform: 'linux', url: 'https://x.test/a.deb' },
          { name: 'bad', platform: 'other', url },
        ],
      });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({
        ...refused(-2, 'clientDownload.httpsOnly'),
        data: { field: 'list.1.url' },
      });
    }
    expect(
      (
        await admin.call('PUT', '/api2/admin/client/downloads', {
          list: [{ name: 'x', platform: 'beos', url: 'https://x.test' }],
        })
      ).body,
    ).toMatchObject(refused(-1, 'clientDownload.parameter'));
    expect((await user.call('GET', '/api/client/downloads')).body.data).toHaveLength(2);
    const refusals = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.downloads'), eq(auditLog.outcome, 'refused')));
    expect(refusals).toHaveLength(5);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/downloads' });
    expect(res.statusCode).toBe(401);
  });
});
