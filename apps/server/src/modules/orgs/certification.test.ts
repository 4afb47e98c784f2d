import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { factories, type PersonRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { outboxSettled } from '../../testing/outbox.ts';
import { startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { users } from '../account/users.schema.ts';
import { mailOutbox } from '../../platform/mail/mail.schema.ts';
import de from './mail/de.json' with { type: 'json' };
import ja from './mail/ja.json' with { type: 'json' };
import en from './mail/en.json' with { type: 'json' };

/**
 * Waits for the relay to have received `n` messages, then for the outbox to hold nothing pending (so no further mail
 * can come), and answers them: exactly `n`.
 */
async function mails(t: TestApp, relay: Relay, n: number) {
  await relay.waitFor(() => true, n);
  await outboxSettled(t.app.platform.db);
  expect(relay.received.length).toBe(n);
  return relay.received;
}
const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });

describe.each(engines)('certification by the platform administrator (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;
  let f: ReturnType<typeof factories>;
  let admin: PersonRef;

  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
    f = factories(t.app);
    admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  const setLanguage = (who: PersonRef, language: string) =>
    t.app.platform.db.update(users).set({ language }).where(eq(users.id, who.userId));
  const upload = async (who: PersonRef) => {
    const form = formData({}, { field: 'file', name: 'licence.png', bytes: sample.png(256) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/attachment',
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
    return res.json().data as { id: string; url: string };
  };
  /** A new lab under review, founded through the API by a person writing in `language`. */
  const lab = async (name: string, language: string, withLicence = true) => {
    const owner = await f.user();
    await setLanguage(owner, language);
    const licence = withLicence ? await upload(owner) : undefined;
    const res = await owner.call('POST', '/api2/cust', {
      name,
      custType: 3,
      contact: 'Rita',
      phone: '+1 555 0100',
      creditCode: 'CC-1',
      email: `${name.replace(/\W/g, '').toLowerCase()}@lab.test`,
      ...(licence ? { licenseFile: licence.id } : {}),
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return { owner, id: res.body.data.id as string, licence };
  };

  it('refuses everyone but administrators with code 100', async () => {
    const { owner, id } = await lab('Gate Lab', 'en');
    for (const [method, url, payload] of [
      ['GET', '/api2/admin/cust', undefined],
      ['PUT', `/api2/admin/cust/${id}/audit`, { status: 0 }],
      ['GET', '/api2/admin/mail', undefined],
      ['GET', `/api2/admin/mail/${id}`, undefined],
      ['GET', '/api2/admin/cust/pages', undefined],
      ['PUT', `/api2/admin/cust/${id}/pages`, { order: true }],
    ] as const) {
      const res = await owner.call(method, url, payload);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ errorCode: 100, data: { key: 'generic.permission' } });
      const anon = await t.app.inject({ method, url, payload });
      expect(anon.statusCode).toBe(401);
    }
    expect((await owner.call('GET', '/api2/cust')).body.data.status).toBe(1);
  });

  it("switches an organization's optional screens, which its members' page control then answers", async () => {
    const { owner, id } = await lab('Screens Lab', 'en');
    const control = async () => (await owner.call('GET', '/user/control/page')).body.content.thirdPageControl;
    expect(await control()).toEqual({ order: false, compare: true, builder: true });
    const listed = (await admin.call('GET', '/api2/admin/cust/pages?keyword=screens%20lab')).body.data;
    expect(listed.records).toEqual([
      { id, name: 'Screens Lab', custType: 3, status: 1, order: false, compare: true, builder: true },
    ]);
    const set = await admin.call('PUT', `/api2/admin/cust/${id}/pages`, { order: true, builder: false });
    expect(set.body.data).toMatchObject({ id, order: true, compare: true, builder: false });
    expect(await control()).toEqual({ order: true, compare: true, builder: false });
    const logged = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.pages'), eq(auditLog.objectId, id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toEqual({ order: true, builder: false });
    // Refusals: an unknown organization, a switch that is not a boolean.
    const missing = await admin.call('PUT', `/api2/admin/cust/${crypto.randomUUID()}/pages`, { order: true });
    expect(missing.body).toMatchObject({ success: false, data: { key: 'cust.notFound' } });
    const bad = await admin.call('PUT', `/api2/admin/cust/${id}/pages`, { order: 'yes' });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    expect(await control()).toEqual({ order: true, compare: true, builder: false });
  });

  it('lists the review queue oldest first with each licence, which the administrator can read', async () => {
    const first = await lab('Queue One', 'en');
    const second = await lab('Queue Two', 'en');
    const page = (await admin.call('GET', '/api2/admin/cust?status=1&pageSize=100')).body.data;
    const names = page.records.map((r: { name: string }) => r.name);
    expect(names.indexOf('Queue One')).toBeLessThan(names.indexOf('Queue Two'));
    expect(page.records.every((r: { status: number }) => r.status === 1)).toBe(true);
    const row = page.records.find((r: { id: string }) => r.id === second.id);
    expect(row).toMatchObject({
      custType: 3,
      creditCode: 'CC-1',
      createdBy: second.owner.username,
      licence: { id: second.licence!.id, type: 'png', url: `/attachment/${second.licence!.id}` },
    });
    const file = await t.app.inject({ method: 'GET', url: row.licence.url, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const found = (await admin.call('GET', '/api2/admin/cust?keyword=queue%20one')).body.data;
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await admin.call('GET', '/api2/admin/cust?status=7')).body).toMatchObject({ errorCode: 400 });
  });

  it('a refusal needs a reason and is mailed to the owners in their language, with the reason', async () => {
    const { owner, id } = await lab('Refused Lab', 'de');
    const before = relay.received.length;
    for (const body of [{ status: 2 }, { status: 2, reason: '   ' }])
      expect((await admin.call('PUT', `/api2/admin/cust/${id}/audit`, body)).body).toMatchObject(
        refused(-2, 'certification.reasonRequired'),
      );
    expect((await admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 1 })).body).toMatchObject(
      refused(-1, 'certification.parameter'),
    );
    const res = await admin.call('PUT', `/api2/admin/cust/${id}/audit`, {
      status: 2,
      reason: 'Die Lizenz ist unleserlich <bitte neu>',
    });
    expect(res.body).toMatchObject({
      success: true,
      data: { status: 2, auditReason: 'Die Lizenz ist unleserlich <bitte neu>' },
    });
    const mail = (await mails(t, relay, before + 1)).at(-1)!;
    expect(mail.to![0]!.address).toBe(`${owner.username}@factory.test`);
    expect(mail.subject).toBe(de.refusedSubject.replace('{{org}}', 'Refused Lab'));
    expect(mail.text).toContain('Die Lizenz ist unleserlich <bitte neu>');
    expect(mail.text).toContain(de.resubmit);
    expect(mail.html).toContain('Die Lizenz ist unleserlich &lt;bitte neu&gt;');
    expect(mail.html).toContain(`${PUBLIC_URL}/v5/account?tab=1`);
    // The organization sees the reason and may resubmit; a second decision is refused until it does.
    expect((await owner.call('GET', '/api2/cust')).body.data).toMatchObject({
      status: 2,
      auditReason: 'Die Lizenz ist unleserlich <bitte neu>',
      actions: ['edit', 'resubmit', 'delete'],
    });
    expect((await admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 0 })).body).toMatchObject(
      refused(-3, 'certification.notUnderReview'),
    );
    const fresh = await upload(owner);
    expect(
      (await owner.call('PUT', '/api2/cust/credit', { creditCode: 'CC-2', licenseFile: fresh.id })).body.data,
    ).toMatchObject({ status: 1, auditReason: null });
    const entries = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(
      entries
        .filter((e) => e.action === 'customer.audit')
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['allowed', 'refused', 'refused', 'refused']);
  });

  it('verifying mails every owner in their own language; the organization shows verified', async () => {
    const { owner, id } = await lab('Verified Lab', 'ja');
    const coOwner = await f.user({ custId: id });
    await setLanguage(coOwner, 'xx'); // not a language Archway has: English
    const { memberships } = await import('./orgs.schema.ts');
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.userId, coOwner.userId));
    await f.user({ custId: id }); // a member: not mailed
    const before = relay.received.length;
    const res = await admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 0, reason: 'ignored' });
    expect(res.body).toMatchObject({ success: true, data: { status: 0, auditReason: null } });
    const received = (await mails(t, relay, before + 2)).slice(before);
    const bySubject = Object.fromEntries(received.map((m) => [m.to![0]!.address, m.subject]));
    expect(bySubject).toEqual({
      [`${owner.username}@factory.test`]: ja.verifiedSubject.replace('{{org}}', 'Verified Lab'),
      [`${coOwner.username}@factory.test`]: en.verifiedSubject.replace('{{org}}', 'Verified Lab'),
    });
    expect((await owner.call('GET', '/api2/cust')).body.data).toMatchObject({
      status: 0,
      actions: ['edit', 'resubmit', 'delete'],
    });
    expect((await owner.call('GET', '/user/current')).body.data.custStatus).toBe(0);
    const verified = (await admin.call('GET', '/api2/admin/cust?status=0')).body.data.records;
    expect(verified.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('two decisions at once: exactly one is taken and mailed, the other is told it was decided', async () => {
    const { id } = await lab('Race Lab', 'en');
    const before = relay.received.length;
    const answers = await Promise.all([
      admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 0 }),
      admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 2, reason: 'Duplicate' }),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.find((a) => !a.body.success)!.body).toMatchObject(
      refused(-3, 'certification.notUnderReview'),
    );
    // Exactly one, once the outbox has nothing pending.
    await mails(t, relay, before + 1);
  });

  it('cannot verify without a licence; unknown ids are not found; nothing is mailed for refusals', async () => {
    const { id } = await lab('Bare Lab', 'en', false);
    const before = relay.received.length;
    expect((await admin.call('PUT', `/api2/admin/cust/${id}/audit`, { status: 0 })).body).toMatchObject(
      refused(-4, 'certification.noLicence'),
    );
    expect(
      (await admin.call('PUT', '/api2/admin/cust/00000000-0000-4000-8000-000000000000/audit', { status: 0 }))
        .body,
    ).toMatchObject(refused(-1, 'cust.notFound'));
    expect((await admin.call('PUT', '/api2/admin/cust/not-a-uuid/audit', { status: 0 })).body).toMatchObject(
      refused(-1, 'certification.parameter'),
    );
    // Refused in the request: nothing was queued, so nothing is pending and nothing more reaches the relay.
    await outboxSettled(t.app.platform.db);
    expect(relay.received.length).toBe(before);
  });

  it('the outbox lists every message newest first; the text is read on demand', async () => {
    // Two messages of this test's own: a refusal, then a verification (the newest).
    const refusedLab = await lab('Outbox Refused Lab', 'en');
    const verifiedLab = await lab('Outbox Verified Lab', 'en');
    const before = relay.received.length;
    const decide = async (id: string, body: object) =>
      expect((await admin.call('PUT', `/api2/admin/cust/${id}/audit`, body)).body.success).toBe(true);
    await decide(refusedLab.id, { status: 2, reason: 'Unreadable' });
    await mails(t, relay, before + 1);
    await decide(verifiedLab.id, { status: 0 });
    await mails(t, relay, before + 2);
    const page = (await admin.call('GET', '/api2/admin/mail?pageSize=100')).body.data;
    expect(page.totalRecords).toBe(relay.received.length);
    const times = page.records.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.records[0]).toMatchObject({ channel: 'email', state: 'sent', attempts: 1, lastError: null });
    expect(page.records[0]).not.toHaveProperty('text');
    const one = (await admin.call('GET', `/api2/admin/mail/${page.records[0].id}`)).body.data;
    expect(one.text).toContain('Outbox Verified Lab');
    const filtered = (await admin.call('GET', '/api2/admin/mail?keyword=outbox%20refused%20lab')).body.data;
    expect(filtered.records.length).toBe(1);
    expect((await admin.call('GET', '/api2/admin/mail?state=outbox')).body.data.totalRecords).toBe(0);
    expect(
      (await admin.call('GET', '/api2/admin/mail/00000000-0000-4000-8000-000000000000')).body,
    ).toMatchObject(refused(404, 'generic.objectNotFound'));
  });
});

describe.each(engines)('the mail outbox without an SMTP relay (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  it('keeps e-mails in state outbox, where the administrator reads them', async () => {
    const f = factories(t.app);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: {
        username: 'outbox.reader',
        email: 'reader@example.test',
        password: 'pass_word1',
        country: 'DE',
      },
    });
    expect(registered.json().success).toBe(true);
    const admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    // Only this test's mail (another test of this app queues its own).
    const page = (await admin.call('GET', '/api2/admin/mail?state=outbox&keyword=reader%40example.test')).body
      .data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ to: 'reader@example.test', state: 'outbox', attempts: 0 });
    const one = (await admin.call('GET', `/api2/admin/mail/${page.records[0].id}`)).body.data;
    expect(one.text).toContain(`${PUBLIC_URL}/v5/confirmEmail?token=`);
  });

  it('shows the administrator one-time links redacted; the mail sent keeps them, and they work', async () => {
    const f = factories(t.app);
    const db = t.app.platform.db;
    const person = await f.user(null, { email: 'redact.me@example.test' });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/user/password/forgot',
      payload: { email: 'redact.me@example.test' },
    });
    expect(forgot.json().success).toBe(true);
    const admin = await f.user();
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));

    const [stored] = await db
      .select({ id: mailOutbox.id, text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'redact.me@example.test'));
    const secret = /resetPassword\?token=([\w-]+)/.exec(stored!.text)![1]!;
    expect(stored!.html).toContain(secret);

    const page = (await admin.call('GET', '/api2/admin/mail?keyword=redact.me%40example.test')).body.data;
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([stored!.id]);
    expect(JSON.stringify(page)).not.toContain(secret);
    const one = (await admin.call('GET', `/api2/admin/mail/${stored!.id}`)).body.data;
    expect(one.text).toContain(`${PUBLIC_URL}/v5/resetPassword?token=[redacted]`);
    expect(JSON.stringify(one)).not.toContain(secret);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/password/reset',
      payload: { token: secret, password: 'redacted_pw1' },
    });
    expect(reset.json().success).toBe(true);
    expect(person.userId).toBeTruthy();
  });
});
