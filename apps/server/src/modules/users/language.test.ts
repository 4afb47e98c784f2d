import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { GenericErrors } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type PersonRef } from '../../testing/factories.ts';
import { mailOutbox } from '../../platform/mail/mail.schema.ts';
import { users } from '../account/users.schema.ts';

/**
 * The person's full language and time zone (issue 34): `PUT /api2/user/language` stores them, `/Common/SetLanguage`
 * (the spec's zh or en) no longer replaces a language of its culture, registration stores the browser's, and mail
 * follows them.
 */
describe.each(engines)('the language mail is written in (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const stored = async (p: { userId: string }) =>
    (
      await t.app.platform.db
        .select({ language: users.language, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, p.userId))
    )[0];
  const put = (p: PersonRef, body: unknown) => p.call('PUT', '/api2/user/language', body);
  const setCulture = (p: PersonRef, culture: string) =>
    t.app.inject({ method: 'POST', url: `/Common/SetLanguage?culture=${culture}`, headers: p.headers });
  const newestMailTo = async (email: string) =>
    (
      await t.app.platform.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1)
    )[0];

  it('stores the full language and time zone, and /user/current answers them', async () => {
    const { owner } = await f.org();
    const res = await put(owner, { language: 'de', timeZone: 'Europe/Berlin' });
    expect(res.body).toMatchObject({ success: true, data: { language: 'de', timeZone: 'Europe/Berlin' } });
    expect(await stored(owner)).toEqual({ language: 'de', timeZone: 'Europe/Berlin' });
    const me = (await owner.call('GET', '/user/current')).body.data;
    expect(me).toMatchObject({ language: 'de', timeZone: 'Europe/Berlin' });
  });

  it('SetLanguage keeps a full language of its culture and replaces one of the other', async () => {
    const { owner } = await f.org();
    await put(owner, { language: 'ja', timeZone: 'Asia/Tokyo' });
    expect((await setCulture(owner, 'en')).json()).toMatchObject({ success: true, data: { culture: 'en' } });
    expect(await stored(owner)).toEqual({ language: 'ja', timeZone: 'Asia/Tokyo' });
    await setCulture(owner, 'zh');
    expect(await stored(owner)).toEqual({ language: 'zh', timeZone: 'Asia/Tokyo' });
    await put(owner, { language: 'zh-tw', timeZone: 'Asia/Taipei' });
    await setCulture(owner, 'zh');
    expect(await stored(owner)).toEqual({ language: 'zh-tw', timeZone: 'Asia/Taipei' });
    await setCulture(owner, 'en');
    expect(await stored(owner)).toEqual({ language: 'en', timeZone: 'Asia/Taipei' });
  });

  it('SetLanguage stores its culture when no language is stored yet', async () => {
    const { owner } = await f.org();
    await t.app.platform.db.update(users).set({ language: null }).where(eq(users.id, owner.userId));
    await setCulture(owner, 'zh');
    expect((await stored(owner))!.language).toBe('zh');
  });

  it.each([
    [{ language: 'xx', timeZone: 'Europe/Berlin' }, 'body.language'],
    [{ language: 'DE', timeZone: 'Europe/Berlin' }, 'body.language'],
    [{ language: 'de', timeZone: 'Mars/Olympus_Mons' }, 'body.timeZone'],
    [{ language: 'de', timeZone: '../../etc/passwd' }, 'body.timeZone'],
    [{ language: 'de', timeZone: '' }, 'body.timeZone'],
    [{ language: 'de' }, 'body.timeZone'],
  ])('refuses %j with generic.validation and stores nothing', async (body, field) => {
    const { owner } = await f.org();
    await put(owner, { language: 'fr', timeZone: 'Europe/Paris' });
    const res = await put(owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errorCode: GenericErrors.validation.code,
      data: { field },
    });
    expect(await stored(owner)).toEqual({ language: 'fr', timeZone: 'Europe/Paris' });
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api2/user/language',
      payload: { language: 'de', timeZone: 'Europe/Berlin' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("writes the password reset mail in the stored language, the link's end in the person's time zone", async () => {
    const { owner } = await f.org();
    const email = `${owner.username}@factory.test`;
    for (const [language, timeZone, subject, zone] of [
      ['de', 'Europe/Berlin', 'Passwort', /MEZ|MESZ/],
      ['ja', 'Asia/Tokyo', 'パスワード', /JST/],
    ] as const) {
      await put(owner, { language, timeZone });
      const asked = await t.app.inject({ method: 'POST', url: '/user/password/forgot', payload: { email } });
      expect(asked.json().success).toBe(true);
      const mail = await newestMailTo(email);
      expect(mail!.subject).toContain(subject);
      expect(mail!.text).toMatch(zone);
      expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(mail!.html).toContain(`lang="${language}"`);
    }
  });

  it('registration stores the language and time zone registered in, and refuses an unknown zone', async () => {
    const name = `tz${Date.now().toString(36)}`;
    const body = { username: name, email: `${name}@x.test`, password: 'pass_word1', country: 'Japan' };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { ...body, language: 'ja', timeZone: 'Tokyo' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { ...body, language: 'ja', timeZone: 'Asia/Tokyo' },
    });
    expect(ok.json().success).toBe(true);
    expect(await stored({ userId: ok.json().data.userId })).toEqual({
      language: 'ja',
      timeZone: 'Asia/Tokyo',
    });
    const mail = await newestMailTo(body.email);
    expect(mail!.text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 .*JST/);
  });
});
