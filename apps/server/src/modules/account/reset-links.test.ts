import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { hashPassword } from '../../platform/identity/passwords.ts';
import { users } from './users.schema.ts';
import { accountTokens } from './account.schema.ts';

/**
 * Password-reset links (`POST /user/password/forgot`, `POST /user/password/reset`): one works once, also when used
 * twice at the same moment; an expired one (its expiry moved in the database) does nothing; a link changes the
 * password of the person it was mailed to and nobody else's, whatever else the call names; a link of another kind
 * is not a reset link. Every refusal is the catalogue's `accountLink.invalid`.
 */
describe('password-reset links', () => {
  let t: TestApp;
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  const OLD = 'old_password1';
  /** A person of their own with a password and an address; each call from an address of its own (rate limits). */
  const person = async () => {
    const username = `reset.${randomBytes(4).toString('hex')}`;
    const p = await factories(t.app).user(null, { email: `${username}@example.test` });
    await t.app.platform.db
      .update(users)
      .set({ passwordHash: await hashPassword(OLD) })
      .where(eq(users.id, p.userId));
    return { ...p, email: `${username}@example.test` };
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    return { status: res.statusCode, body: res.json() };
  };
  /** Asks for a reset link and reads it from the mail that arrives (the newest of `n` to the address). */
  const resetLink = async (email: string, n = 1) => {
    expect((await post('/user/password/forgot', { email })).body).toMatchObject({ success: true });
    const mails = await until(
      () => {
        const to = relay.received.filter((m) => m.to?.[0]?.address?.toLowerCase() === email.toLowerCase());
        return to.length >= n && to;
      },
      { timeoutMs: 30_000, what: `reset mail ${n} to ${email}` },
    );
    return /resetPassword\?token=([\w-]+)/.exec(mails.at(-1)!.text!)![1]!;
  };
  const reset = (token: string, password: string, extra: object = {}) =>
    post('/user/password/reset', { token, password, ...extra });
  const invalid = { success: false, errorCode: -1, data: { key: 'accountLink.invalid' } };
  const signsIn = (username: string, password: string) =>
    signIn(t.app, username, password).then(
      () => true,
      () => false,
    );

  it('works once: the second use is refused with the catalogue code and changes nothing', async () => {
    const p = await person();
    const token = await resetLink(p.email);
    expect((await reset(token, 'first_reset1')).body).toMatchObject({ success: true, data: { reset: true } });
    const again = await reset(token, 'second_reset2');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(invalid);
    expect(await signsIn(p.username, 'first_reset1')).toBe(true);
    expect(await signsIn(p.username, 'second_reset2')).toBe(false);
    expect(await signsIn(p.username, OLD)).toBe(false);
  });

  it('works once when used twice at the same moment', async () => {
    const p = await person();
    const token = await resetLink(p.email);
    const answers = await Promise.all([reset(token, 'racer_one1'), reset(token, 'racer_two2')]);
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.body.success)!.body).toMatchObject(invalid);
    const won = answers[0]!.body.success ? 'racer_one1' : 'racer_two2';
    const lost = won === 'racer_one1' ? 'racer_two2' : 'racer_one1';
    expect(await signsIn(p.username, won)).toBe(true);
    expect(await signsIn(p.username, lost)).toBe(false);
  });

  it('an expired link is refused and changes nothing; a live one of the same person still works', async () => {
    const p = await person();
    const token = await resetLink(p.email);
    // Expired a second ago (2 hours after it was sent): the expiry moved, not waited for.
    await t.app.platform.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, p.userId), eq(accountTokens.purpose, 'resetPassword')));
    const refused = await reset(token, 'too_late1');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(invalid);
    expect(await signsIn(p.username, OLD)).toBe(true);
    expect(await signsIn(p.username, 'too_late1')).toBe(false);

    // The control: a new link, still live, works.
    const fresh = await resetLink(p.email, 2);
    expect((await reset(fresh, 'in_time1')).body).toMatchObject({ success: true });
    expect(await signsIn(p.username, 'in_time1')).toBe(true);
  });

  it("A's link changes A's password only, whatever else the call names; B's own link is untouched", async () => {
    const a = await person();
    const b = await person();
    const forA = await resetLink(a.email);
    const forB = await resetLink(b.email);
    const used = await reset(forA, 'a_new_pass1', {
      username: b.username,
      userId: b.userId,
      email: b.email,
      user: { id: b.userId },
    });
    // Either refused for its extra fields or done for A: never for B.
    if (used.body.success) expect(await signsIn(a.username, 'a_new_pass1')).toBe(true);
    expect(await signsIn(b.username, 'a_new_pass1')).toBe(false);
    expect(await signsIn(b.username, OLD)).toBe(true);
    // B's link was not spent by A's reset.
    expect((await reset(forB, 'b_new_pass1')).body).toMatchObject({ success: true });
    expect(await signsIn(b.username, 'b_new_pass1')).toBe(true);
    expect(await signsIn(a.username, 'b_new_pass1')).toBe(false);
  });

  it("using one of a person's links spends their other links", async () => {
    const p = await person();
    const older = await resetLink(p.email, 1);
    const newer = await resetLink(p.email, 2);
    expect(older).not.toBe(newer);
    expect((await reset(newer, 'newest_pw1')).body).toMatchObject({ success: true });
    expect((await reset(older, 'older_pw1')).body).toMatchObject(invalid);
    expect(await signsIn(p.username, 'newest_pw1')).toBe(true);
  });

  it('a link mailed before the account was disabled does not set its password', async () => {
    const p = await person();
    const admin = await platformAdmin(t.app);
    const token = await resetLink(p.email);
    expect(
      (await admin.call('PUT', `/api2/admin/console/users/${p.userId}/disabled`, { disabled: true })).body,
    ).toMatchObject({ success: true });
    const refused = await reset(token, 'while_disabled1');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(invalid);
    // Enabled again, the account still has the password it had, not one set through the old link.
    expect(
      (await admin.call('PUT', `/api2/admin/console/users/${p.userId}/disabled`, { disabled: false })).body,
    ).toMatchObject({ success: true });
    expect(await signsIn(p.username, OLD)).toBe(true);
    expect((await reset(token, 'after_enabled1')).body).toMatchObject(invalid);
  });

  it('a link of another kind (the e-mail confirmation) is not a reset link; nor is a made-up one', async () => {
    const id = randomBytes(4).toString('hex');
    const registered = {
      username: `reg.${id}`,
      email: `reg.${id}@example.test`,
      password: OLD,
      country: 'DE',
    };
    expect((await post('/user/register', { ...registered, language: 'en' })).body).toMatchObject({
      success: true,
    });
    const mail = await until(
      () => relay.received.find((m) => m.to?.[0]?.address?.toLowerCase() === registered.email),
      { timeoutMs: 30_000, what: 'the confirmation mail' },
    );
    const confirm = /confirmEmail\?token=([\w-]+)/.exec(mail.text!)![1]!;
    expect((await reset(confirm, 'hijacked_pw1')).body).toMatchObject(invalid);
    expect((await reset(randomBytes(32).toString('base64url'), 'made_up_pw1')).body).toMatchObject(invalid);
    expect(await signsIn(registered.username, OLD)).toBe(true);
    // The confirmation link still confirms: the refused reset did not spend it.
    expect((await post('/user/email/confirm', { token: confirm })).body).toMatchObject({ success: true });
  });
});
