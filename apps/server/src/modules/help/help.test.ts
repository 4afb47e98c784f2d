import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { XSS_RUNS, XSS_VECTORS } from '../../testing/xss-vectors.ts';
import { DEMO_HELP_ARTICLES, seedDemoHelp } from '../../demo/seed-help.ts';
import { users } from '../account/users.schema.ts';
import { helpArticles, helpArticleTexts } from './help.schema.ts';
import { acceptedLanguage, unspacedTerms } from './help.service.ts';

const ARTICLES = '/api2/admin/help/articles';
const ask = (who: PersonRef, question: string, lang?: string, headers: Record<string, string> = {}) =>
  who.call(
    'GET',
    `/api/helper/ask?content=${encodeURIComponent(question)}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`,
    undefined,
    headers,
  );
const refused = (key: string, code: number) => ({ success: false, errorCode: code, data: { key } });
const [binding, receivers, sending, caseBox, converting] = DEMO_HELP_ARTICLES;

describe('pure helpers', () => {
  it('reads the first language Archway speaks from Accept-Language', () => {
    expect(acceptedLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(acceptedLanguage('zh-TW')).toBe('zh-tw');
    expect(acceptedLanguage('nb-NO')).toBe('no');
    expect(acceptedLanguage('xx, fr;q=0.5')).toBe('fr');
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });
  it('cuts an unspaced question into character pairs and Latin words', () => {
    expect(unspacedTerms('如何绑定扫描仪')).toEqual(['如何', '何绑', '绑定', '定扫', '扫描', '描仪']);
    expect(unspacedTerms('STL 转换')).toEqual(['stl', '转换']);
  });
});

describe.each(engines)('the knowledge base (%s)', (engine) => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let admin: PersonRef;
  let user: PersonRef;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = factories(t.app);
    admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    user = (await f.org()).owner;
  });
  afterAll(async () => {
    await t?.close();
  });

  const setLanguage = (who: PersonRef, language: string | null) =>
    t.app.platform.db.update(users).set({ language }).where(eq(users.id, who.userId));
  const create = (body: unknown) => admin.call('POST', ARTICLES, body);

  it('finds the right demo article in English, German and Chinese, best first, at most five', async () => {
    const en = await ask(user, 'how do I bind a scanner', 'en');
    expect(en.status).toBe(200);
    expect(Array.isArray(en.body)).toBe(true);
    expect(en.body[0]).toMatchObject({ id: binding!.id, lang: 'en', title: binding!.en.title });
    expect(en.body[0].message.content).toContain('<strong>Bind code</strong>');
    expect(en.body.length).toBeLessThanOrEqual(5);
    const scores = en.body.map((a: { score: number }) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const de = await ask(user, 'Scanner binden', 'de');
    expect(de.body[0]).toMatchObject({ id: binding!.id, lang: 'de', title: binding!.de.title });
    const deQuestion = await ask(user, 'Wie binde ich einen Scanner an meine Praxis?', 'de');
    expect(deQuestion.body[0]).toMatchObject({ id: binding!.id, lang: 'de' });

    const zh = await ask(user, '如何绑定扫描仪', 'zh');
    expect(zh.body[0]).toMatchObject({ id: binding!.id, lang: 'zh', title: binding!.zh.title });

    for (const [question, article] of [
      ['who receives the scans of my device', receivers],
      ['import STL files from the web', sending],
      ['convert a case to STL', converting],
      ['download a zip of the case', caseBox],
    ] as const) {
      const answer = await ask(user, question, 'en');
      expect(answer.body[0]?.id, question).toBe(article!.id);
    }
    expect((await ask(user, 'Empfänger festlegen', 'de')).body[0].id).toBe(receivers!.id);
    expect((await ask(user, '格式转换 STL', 'zh')).body[0].id).toBe(converting!.id);
  });

  it("answers in the user's stored language, else Accept-Language; nothing found is an empty array", async () => {
    const reader = (await f.org()).owner;
    await setLanguage(reader, 'de');
    expect((await ask(reader, 'Scanner binden')).body[0].lang).toBe('de');
    await setLanguage(reader, null);
    const byHeader = await ask(reader, 'Scanner binden', undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(byHeader.body[0]).toMatchObject({ id: binding!.id, lang: 'de' });
    expect((await ask(reader, 'bind a scanner')).body[0].lang).toBe('en');
    expect((await ask(reader, 'quantum entanglement of penguins', 'en')).body).toEqual([]);
  });

  it('falls back to English articles for a language without a match', async () => {
    // No French article exists: English answers.
    const fr = await ask(user, 'bind scanner', 'fr');
    expect(fr.body[0]).toMatchObject({ id: binding!.id, lang: 'en' });
    // Czech (searched with the simple configuration) likewise.
    expect((await ask(user, 'scanner', 'cs')).body[0].lang).toBe('en');
  });

  it('refuses an empty or too long question and an unknown language', async () => {
    for (const question of ['', '   ', 'x'.repeat(301)]) {
      const res = await ask(user, question, 'en');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ...refused('help.question', -2), data: { field: 'content' } });
    }
    expect((await user.call('GET', '/api/helper/ask')).body).toMatchObject(refused('help.question', -2));
    expect((await ask(user, 'bind', 'klingon')).body).toMatchObject(refused('help.language', -4));
    expect((await ask(user, 'x'.repeat(300), 'en')).status).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/helper/ask?content=bind' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the administrator write, read, list, change and delete an article, each change audited', async () => {
    const made = await create({
      position: 5,
      published: true,
      texts: [
        { lang: 'en', title: 'Calibrating the zygomorph', content: '<p>Turn the <b>zygomorph</b> dial.</p>' },
        { lang: 'DE', title: 'Den Zygomorph kalibrieren', content: '<p>Drehen Sie am Zygomorph.</p>' },
      ],
    });
    expect(made.status).toBe(200);
    const article = made.body.data;
    expect(article).toMatchObject({ position: 5, published: true });
    expect(article.texts.map((x: { lang: string }) => x.lang)).toEqual(['en', 'de']);
    expect((await ask(user, 'zygomorph', 'en')).body[0]).toMatchObject({
      id: article.id,
      message: { content: '<p>Turn the <b>zygomorph</b> dial.</p>' },
    });

    const read = await admin.call('GET', `${ARTICLES}/${article.id}`);
    expect(read.body.data).toEqual(article);
    const list = await admin.call('GET', `${ARTICLES}?lang=de`);
    const row = list.body.data.records.find((r: { id: string }) => r.id === article.id);
    expect(row).toMatchObject({
      title: 'Den Zygomorph kalibrieren',
      titleLang: 'de',
      languages: ['en', 'de'],
    });
    expect(list.body.data.totalRecords).toBe(list.body.data.records.length);
    expect(list.body.data.records.length).toBeGreaterThanOrEqual(DEMO_HELP_ARTICLES.length + 1);
    const listZh = await admin.call('GET', `${ARTICLES}?lang=zh`);
    const rowZh = listZh.body.data.records.find((r: { id: string }) => r.id === article.id);
    expect(rowZh).toMatchObject({ title: 'Calibrating the zygomorph', titleLang: 'en' });

    // Unpublished: kept, never answered. The texts are replaced as a whole (German goes).
    const changed = await admin.call('PUT', `${ARTICLES}/${article.id}`, {
      published: false,
      texts: [{ lang: 'en', title: 'Calibrating the zygomorph', content: '<p>Turn the dial twice.</p>' }],
    });
    expect(changed.body.data).toMatchObject({ position: 5, published: false });
    expect(changed.body.data.texts).toHaveLength(1);
    expect((await ask(user, 'zygomorph', 'en')).body).toEqual([]);
    await admin.call('PUT', `${ARTICLES}/${article.id}`, {
      published: true,
      texts: changed.body.data.texts,
    });
    expect((await ask(user, 'zygomorph', 'de')).body[0]).toMatchObject({ id: article.id, lang: 'en' });

    const gone = await admin.call('DELETE', `${ARTICLES}/${article.id}`);
    expect(gone.body.data).toEqual({ id: article.id });
    expect((await admin.call('GET', `${ARTICLES}/${article.id}`)).body).toMatchObject(
      refused('help.notFound', -3),
    );
    expect((await ask(user, 'zygomorph', 'en')).body).toEqual([]);
    const texts = await t.app.platform.db
      .select()
      .from(helpArticleTexts)
      .where(eq(helpArticleTexts.articleId, article.id));
    expect(texts).toEqual([]);

    const logged = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'helpArticle'), eq(auditLog.objectId, article.id)));
    expect(logged.map((r) => [r.action, r.outcome, r.actorUserId])).toEqual([
      ['help.article.create', 'allowed', admin.userId],
      ['help.article.update', 'allowed', admin.userId],
      ['help.article.update', 'allowed', admin.userId],
      ['help.article.delete', 'allowed', admin.userId],
    ]);
    expect(logged[0]!.detail).toMatchObject({ languages: ['en', 'de'], published: true, position: 5 });
    expect(logged[3]!.detail).toEqual({ titles: { en: 'Calibrating the zygomorph' } });
  });

  it('refuses bad articles with their codes, stores nothing and audits the refusal', async () => {
    const before = (await t.app.platform.db.select().from(helpArticles)).length;
    const text = { lang: 'en', title: 'A title', content: '<p>Some text</p>' };
    const cases: [unknown, string, number, string?][] = [
      [{ texts: [] }, 'help.texts', -5, 'texts'],
      [{}, 'help.texts', -5, 'texts'],
      [{ texts: [{ ...text, lang: 'xx' }] }, 'help.language', -4, 'texts.0.lang'],
      [{ texts: [text, { ...text, lang: 'EN' }] }, 'help.languageTwice', -6, 'texts.1.lang'],
      [{ texts: [{ ...text, title: '  ' }] }, 'help.title', -7, 'texts.0.title'],
      [{ texts: [{ ...text, title: '<b></b>' }] }, 'help.title', -7, 'texts.0.title'],
      [{ texts: [{ ...text, title: 't'.repeat(201) }] }, 'help.title', -7, 'texts.0.title'],
      [{ texts: [{ ...text, content: '' }] }, 'help.content', -8, 'texts.0.content'],
      [{ texts: [{ ...text, content: '<script>alert(1)</script>' }] }, 'help.content', -8, 'texts.0.content'],
      [{ texts: [{ ...text, content: `<p>${'x'.repeat(100_001)}</p>` }] }, 'help.content', -8],
      [{ texts: [{ ...text, content: 7 }] }, 'help.parameter', -1],
      [{ texts: [text], published: 'yes' }, 'help.parameter', -1],
    ];
    for (const [body, key, code, field] of cases) {
      const res = await create(body);
      expect(res.status, key).toBe(400);
      expect(res.body, JSON.stringify(body).slice(0, 80)).toMatchObject(refused(key, code));
      if (field) expect(res.body.data.field).toBe(field);
    }
    expect((await t.app.platform.db.select().from(helpArticles)).length).toBe(before);
    const refusals = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'help.article.create'), eq(auditLog.outcome, 'refused')));
    expect(refusals.length).toBeGreaterThanOrEqual(9);

    // An unknown article, and an id that is no UUID.
    const unknown = crypto.randomUUID();
    expect((await admin.call('PUT', `${ARTICLES}/${unknown}`, { texts: [text] })).body).toMatchObject(
      refused('help.notFound', -3),
    );
    expect((await admin.call('DELETE', `${ARTICLES}/${unknown}`)).body).toMatchObject(
      refused('help.notFound', -3),
    );
    expect((await admin.call('GET', `${ARTICLES}/not-a-uuid`)).body).toMatchObject(
      refused('help.parameter', -1),
    );
    const refusedDelete = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'help.article.delete'), eq(auditLog.objectId, unknown)));
    expect(refusedDelete.map((r) => r.outcome)).toEqual(['refused']);
  });

  it('refuses every console call to a non-administrator with HTTP 403 code 100, and anonymous with 401', async () => {
    const id = binding!.id;
    const body = { texts: [{ lang: 'en', title: 'x', content: '<p>x</p>' }] };
    for (const [method, url, payload] of [
      ['GET', ARTICLES, undefined],
      ['POST', ARTICLES, body],
      ['GET', `${ARTICLES}/${id}`, undefined],
      ['PUT', `${ARTICLES}/${id}`, body],
      ['DELETE', `${ARTICLES}/${id}`, undefined],
    ] as const) {
      const res = await user.call(method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ errorCode: 100, data: { key: 'generic.permission' } });
      const anon = await t.app.inject({ method, url, payload });
      expect(anon.statusCode).toBe(401);
    }
    expect((await admin.call('GET', `${ARTICLES}/${id}`)).body.data.texts).toHaveLength(3);
  });

  it('strips every XSS vector saved through the console, in the console read and in the answers', async () => {
    for (const [i, vector] of XSS_VECTORS.entries()) {
      const word = `sentinel${i}word`;
      const made = await create({
        texts: [
          { lang: 'en', title: `Probe ${i} ${vector}`, content: `<p>${word}</p>${vector}<p>after</p>` },
        ],
      });
      expect(made.status, vector).toBe(200);
      const { id } = made.body.data;
      const read = (await admin.call('GET', `${ARTICLES}/${id}`)).body.data;
      for (const x of [made.body.data.texts[0], read.texts[0]]) {
        expect(x.content, vector).not.toMatch(XSS_RUNS);
        expect(x.content).toContain(`<p>${word}</p>`);
        expect(x.title, vector).not.toMatch(/[<>]/);
      }
      const answer = await ask(user, word, 'en');
      expect(answer.body.map((a: { id: string }) => a.id)).toEqual([id]);
      expect(answer.body[0].message.content, vector).not.toMatch(XSS_RUNS);
      expect(answer.body[0].title).not.toMatch(/[<>]/);
    }
  });

  it('sanitizes again when serving, whatever the database holds', async () => {
    const [row] = await t.app.platform.db.insert(helpArticles).values({}).returning();
    await t.app.platform.db.insert(helpArticleTexts).values({
      articleId: row!.id,
      lang: 'en',
      title: 'Tainted row',
      content:
        '<p onclick="alert(1)">tainted</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      plain: 'Tainted row tainted',
    });
    const read = (await admin.call('GET', `${ARTICLES}/${row!.id}`)).body.data.texts[0].content;
    expect(read).toBe('<p>tainted</p><a>x</a>');
    const answer = (await ask(user, 'tainted', 'en')).body[0];
    expect(answer.id).toBe(row!.id);
    expect(answer.message.content).toBe(read);
  });

  it('seeds the demo articles once, in English, German and Chinese', async () => {
    // On an installation of its own: deleting a demo article here would change what the other tests find.
    const own = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    try {
      const db = own.app.platform.db;
      const ownAdmin = await platformAdmin(own.app);
      expect(await db.select().from(helpArticleTexts)).toEqual([]);
      // The first start seeds them, the second finds them there.
      await seedDemoHelp(db);
      await seedDemoHelp(db);
      const texts = await db.select().from(helpArticleTexts);
      for (const a of DEMO_HELP_ARTICLES)
        expect(
          texts
            .filter((x) => x.articleId === a.id)
            .map((x) => x.lang)
            .sort(),
        ).toEqual(['de', 'en', 'zh']);
      // A deleted demo article stays deleted when the server starts again.
      expect(
        (await ownAdmin.call('DELETE', `${ARTICLES}/${DEMO_HELP_ARTICLES.at(-1)!.id}`)).body.success,
      ).toBe(true);
      await seedDemoHelp(db);
      expect((await ownAdmin.call('GET', `${ARTICLES}/${DEMO_HELP_ARTICLES.at(-1)!.id}`)).body).toMatchObject(
        refused('help.notFound', -3),
      );
    } finally {
      await own.close();
    }
  });
});
